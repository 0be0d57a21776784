/**
 * Agent Mode's gate on what kind of answer an item asks (issue 21, held-out batch s8):
 * - what a turn offers after a refusal ("Closest evidence (not an answer to the question as
 *   asked)") never answers an item, whatever figure it shows;
 * - an item asking a percentage (a share of the total, a profit rate) is never answered by an
 *   amount;
 * - a ranking of segments is never answered by ranking geographic areas, nor businesses asked by
 *   name ("which of its businesses") by ranking places, whatever the table's title says;
 * - a share the request asks that no item asks as one is a part of the request not read.
 */
import { describe, expect, it } from "vitest";
import { readItems } from "@/lib/agent/reader/items";
import { checkItem } from "@/lib/agent/mode/item-gate";
import { unreadParts } from "@/lib/agent/mode/unread-parts";
import type { LegResult } from "@/lib/agent/mode/item-legs";

const cite = (page: number) => `(source: Annual_Report.pdf, p.${page})`;
const source = (page: number, excerpt: string) => ({ id: `d:${page}`, documentId: "d", document: "Annual_Report.pdf", page, excerpt, citation: cite(page), url: `/deals/x/documents/d?page=${page}` });
const leg = (text: string, toolCalls: LegResult["toolCalls"], page = 56): LegResult => ({ item: 1, question: "q", text, sources: [source(page, text)], toolCalls, ms: 1, batch: 1 });

const revenue = (value: number, formatted: string) => ({
  toolName: "compute_metric",
  input: { metric: "revenue", periods: ["FY2018"] },
  output: { status: "answered", company: "ACME CORP", metric: { id: "revenue", name: "Revenue", unit: "amount" }, formula: "Revenue = the Revenue line as reported", value, formatted, periods: ["FY2018"], series: [{ period: "FY2018", value, formatted }], inputs: [], missing: [], notes: [] },
});

const refusal = (what: string) => [
  `I couldn't find the ${what} asked in the documents: the figure found is a count or an amount, not a share.`,
  "Closest evidence (not an answer to the question as asked):",
  `- ACME CORP: Revenue for fiscal 2018 was **USD 32,765 million** ${cite(56)}`,
  "Would you like me to add this question to the Q&A list?",
].join("\n");

describe("the gate never takes the closest evidence a refusal offers", () => {
  it("does not answer an item from the figure shown after a refusal, on several wordings", () => {
    for (const ask of ["What percentage of total sales in 2018?", "Revenue for 2018", "What was the Americas share of 2018 revenue?"]) {
      const item = readItems(ask, []).items[0]!;
      const c = checkItem(item, [leg(refusal("percentage"), [revenue(32_765e6, "USD 32,765 million")])]);
      expect(c.status, ask).not.toBe("answered");
    }
  });

  it("still answers the figure when the turn states it as its answer", () => {
    const item = readItems("Revenue for 2018", []).items[0]!;
    const c = checkItem(item, [leg(`ACME CORP: Revenue for fiscal 2018 was **USD 32,765 million** ${cite(56)}`, [revenue(32_765e6, "USD 32,765 million")])]);
    expect(c.status).toBe("answered");
  });
});

describe("the gate on an item asking a percentage", () => {
  it("never answers a share or a rate with an amount, on several wordings", () => {
    const text = `ACME CORP: Revenue for fiscal 2018 was **USD 32,765 million** ${cite(56)}`;
    for (const ask of ["What percentage of total sales in 2018?", "Domestic segment revenue for 2018 with its share of the total", "the gross profit rate in 2018", "What proportion of 2018 revenue came from services?"]) {
      const item = readItems(ask, []).items[0]!;
      const c = checkItem(item, [leg(text, [revenue(32_765e6, "USD 32,765 million")])]);
      expect(c.status, ask).not.toBe("answered");
    }
  });

  it("answers a percentage asked with a percentage a tool returned", () => {
    const item = readItems("What was the gross margin percentage in 2018?", []).items[0]!;
    const margin = { toolName: "compute_metric", input: { metric: "gross_margin" }, output: { status: "answered", company: "ACME CORP", metric: { id: "gross_margin", name: "Gross margin", unit: "percent" }, formula: "Gross margin = Gross profit / Revenue", value: 0.4912, formatted: "49.1%", periods: ["FY2018"], series: [{ period: "FY2018", value: 0.4912, formatted: "49.1%" }], inputs: [], missing: [], notes: [] } };
    expect(checkItem(item, [leg(`ACME CORP: Gross margin for fiscal 2018 was **49.1%** ${cite(56)}`, [margin])]).status).toBe("answered");
  });
});

describe("the gate on a row of percentages", () => {
  const pctRow = { toolName: "get_line_items", input: { items: ["subscription revenue"] }, output: { rows: [{ item: "revenue", match: "label", label: "As a % of Total Subscription and Support Revenues", source: "table", table: { title: "Subscription and support revenues by service offering (in millions)", headings: [] }, scale: 1, columns: [{ period: "FY2023", periodEnd: "2023-01-31", months: 12, printed: "2022", value: 2_022 }], document: "Annual_Report.pdf", page: 47, row: "As a % of Total Subscription and Support Revenues 2022", citation: cite(47) }], notFound: [], notes: [] } };

  it("never answers an amount from a row labelled as percentages, on several wordings", () => {
    for (const ask of ["Subscription and support revenue for FY2023", "What was subscription revenue in fiscal 2023?", "Total revenues for FY2023"]) {
      const item = readItems(ask, []).items[0]!;
      const c = checkItem(item, [leg(`ACME CORP: Revenue — As a % of Total Subscription and Support Revenues, fiscal 2023: **2,022** ${cite(47)}`, [pctRow], 47)]);
      expect(c.status, ask).not.toBe("answered");
    }
  });
});

describe("the gate on a ranking of segments", () => {
  const row = (label: string, value: number, title: string) => ({ item: "revenue", match: "label", label, source: "table", table: { title, headings: [] }, scale: 1e6, currency: "USD", columns: [{ period: "FY2021", periodEnd: "2021-12-31", months: 12, printed: (value / 1e6).toLocaleString("en-US"), value }], document: "Annual_Report.pdf", page: 108, row: `${label} ${(value / 1e6).toLocaleString("en-US")}`, citation: cite(108) });
  const rows = (title: string, parts: Array<[string, number]>) => ({ toolName: "get_line_items", input: { items: ["revenue segment", "revenue geographic"] }, output: { rows: parts.map(([l, v]) => row(l, v, title)), notFound: [], notes: [] } });
  const ranked = (parts: Array<[string, number]>) => [
    `ACME CORP: the largest segment by revenue in fiscal 2021 was **${parts[0]![0]}**, with USD ${(parts[0]![1] / 1e6).toLocaleString("en-US")} million ${cite(108)}. The segments compared:`,
    ...parts.map(([l, v]) => `- ${l}: USD ${(v / 1e6).toLocaleString("en-US")} million ${cite(108)}`),
  ].join("\n");
  const areas: Array<[string, number]> = [["United States", 29_746e6], ["Emerging Markets", 20_701e6], ["Developed Europe", 18_336e6]];
  const segments: Array<[string, number]> = [["Industrial", 12_267e6], ["Health Care", 6_021e6], ["Consumer", 4_796e6]];

  it("fails a ranking of segments answered with geographic areas, on several wordings", () => {
    for (const ask of ["Which operating segment is biggest in 2021?", "Which business segment had the largest sales in 2021?", "Which division brings in the most revenue in 2021?"]) {
      const item = readItems(ask, []).items[0]!;
      expect(item.kind, ask).toBe("ranking");
      const c = checkItem(item, [leg(ranked(areas), [rows("Geographic Information — revenues by geographic area (MILLIONS)", areas)], 108)]);
      expect(c, ask).toMatchObject({ status: "failed", reason: expect.stringContaining("geographic") });
    }
  });

  it("fails businesses asked and answered with places, whatever the table's title says, on several wordings", () => {
    const places: Array<[string, number]> = [["Americas", 21_828e6], ["EMEA", 11_894e6], ["Asia Pacific", 6_757e6]];
    const title = "Revenues by the operating segments presented in the table below, for each fiscal year";
    for (const ask of ["Which of its businesses brings in the most revenue in 2021?", "Which business is biggest by revenue in 2021?", "Which division had the most sales in 2021?"]) {
      const item = readItems(ask, []).items[0]!;
      expect(item.kind, ask).toBe("ranking");
      expect(checkItem(item, [leg(ranked(places), [rows(title, places)], 108)]), ask).toMatchObject({ status: "failed", reason: expect.stringContaining("geographic") });
    }
    // segments asked of a company whose segments are places, and a retailer's Domestic and International businesses, stand
    const segment = readItems("Which segment had the largest sales in 2021?", []).items[0]!;
    expect(checkItem(segment, [leg(ranked(places), [rows(title, places)], 108)]).status).toBe("answered");
    const retail: Array<[string, number]> = [["Domestic", 39_304e6], ["International", 3_575e6]];
    const business = readItems("Which business is biggest by revenue in 2021?", []).items[0]!;
    expect(checkItem(business, [leg(ranked(retail), [rows("Revenue by reportable segment", retail)], 108)]).status).toBe("answered");
  });

  it("answers it with the rows of a segment table, and a region asked with geographic rows", () => {
    const item = readItems("Which business segment had the largest sales in 2021?", []).items[0]!;
    expect(checkItem(item, [leg(ranked(segments), [rows("Sales and operating income by business segment", segments)], 108)]).status).toBe("answered");
    const region = readItems("Which region is largest by revenue in 2021?", []).items[0]!;
    expect(checkItem(region, [leg(ranked(areas), [rows("Geographic Information — revenues by geographic area (MILLIONS)", areas)], 108)]).status).toBe("answered");
  });
});

describe("the gate on a ranking that mixes levels", () => {
  const row = (label: string, value: number, headings: string[]) => ({ item: "revenue", match: "label", label, source: "table", table: { title: "Revenue by geographic area", headings }, scale: 1e6, currency: "USD", columns: [{ period: "FY2022", periodEnd: "2022-12-02", months: 12, printed: (value / 1e6).toLocaleString("en-US"), value }], document: "Annual_Report.pdf", page: 65, row: label, citation: cite(65) });
  const table = { toolName: "get_line_items", input: { items: ["revenue geographic"] }, output: { rows: [row("Domestic", 9_217e6, ["North"]), row("Other", 1_034e6, ["North"]), row("Total North", 10_251e6, ["North"]), row("Europe", 4_593e6, []), row("Asia", 2_762e6, []), row("Revenue", 17_606e6, [])], notFound: [], notes: [] } };
  const answer = (first: [string, number]) => [
    `ACME CORP: the largest region by revenue in fiscal 2022 was **${first[0]}**, with USD ${(first[1] / 1e6).toLocaleString("en-US")} million ${cite(65)}. The regions compared:`,
    `- ${first[0]}: USD ${(first[1] / 1e6).toLocaleString("en-US")} million ${cite(65)}`,
    `- Europe: USD 4,593 million ${cite(65)}`,
    `- Asia: USD 2,762 million ${cite(65)}`,
  ].join("\n");

  it("fails a ranking whose first part is printed under a heading another row totals, on several wordings", () => {
    for (const ask of ["Which region is largest by revenue in 2022?", "the largest geographic region by revenue in FY2022", "Which geography brings in the most revenue in 2022?"]) {
      const item = readItems(ask, []).items[0]!;
      expect(checkItem(item, [leg(answer(["Domestic", 9_217e6]), [table], 65)]), ask).toMatchObject({ status: "failed", reason: expect.stringContaining("mix levels") });
    }
  });

  it("answers it when the parts ranked are of one level, under the heading of their total", () => {
    const item = readItems("Which region is largest by revenue in 2022?", []).items[0]!;
    expect(checkItem(item, [leg(answer(["Total North", 10_251e6]), [table], 65)]).status).toBe("answered");
    const summary = (label: string, value: number) => ({ ...row(label, value, ["Total revenue"]), table: { title: "Geographical information", headings: ["Total revenue"] } });
    const regions = { toolName: "get_line_items", input: { items: ["revenue geographic"] }, output: { rows: [summary("North", 10_251e6), summary("Europe", 4_593e6), summary("Asia", 2_762e6), { ...row("Total revenue", 17_606e6, []), table: { title: "Geographical information", headings: [] } }], notFound: [], notes: [] } };
    expect(checkItem(item, [leg(answer(["North", 10_251e6]), [regions], 65)]).status).toBe("answered");
    // parts under the figure's own heading ("Revenues"), totalled by "Total revenues"
    const own = (label: string, value: number) => ({ ...row(label, value, ["Revenues"]), table: { title: "Summary of business segment data", headings: ["Revenues"] } });
    const segments = { toolName: "get_line_items", input: { items: ["revenue segment"] }, output: { rows: [own("North", 10_251e6), own("Europe", 4_593e6), own("Asia", 2_762e6), own("Total revenues", 17_606e6)], notFound: [], notes: [] } };
    expect(checkItem(item, [leg(answer(["North", 10_251e6]), [segments], 65)]).status).toBe("answered");
    // the same read as a ranking of segments (its concept is the segments, not the figure)
    const bySegment = readItems("Which segment is largest by revenue in 2022?", []).items[0]!;
    expect(checkItem(bySegment, [leg(answer(["North", 10_251e6]), [segments], 65)]).status).toBe("answered");
  });
});

describe("a share of a total the tools found", () => {
  it("is the run's failure, not a gap in the data room, on several wordings", () => {
    const refused = "I couldn't find the percentage asked in the documents: the figure found is a count or an amount, not a share.";
    for (const ask of ["What percentage of total sales in 2018?", "Percentage of total revenue for fiscal 2018", "the proportion of 2018 net sales from services"]) {
      const item = readItems(ask, []).items[0]!;
      expect(item.kind, ask).toBe("figure");
      expect(checkItem(item, [leg(refused, [revenue(32_765e6, "USD 32,765 million")])]), ask).toMatchObject({ status: "failed" });
    }
  });
});

describe("a share the request asks", () => {
  it("is a part not read when no item asks it as a share, on several wordings", () => {
    for (const request of [
      "Revenue for 2021, which operating segment is biggest and what percentage of 2021 revenues it accounted for",
      "Net sales for 2021 and the largest segment; also what share of total sales it made up",
      "Give me revenue in 2021 and the biggest division, and its percentage of the total",
    ]) {
      const items = readItems(request, []).items;
      if (items.some((i) => /percent|share/i.test(i.ask))) continue;
      expect(unreadParts(request, items).join(" "), request).toMatch(/percent|share/i);
    }
  });

  it("is read when an item asks it", () => {
    const request = "What percentage of total sales came from the largest segment in 2018?";
    const items = readItems(request, []).items;
    expect(items.some((i) => /percentage/i.test(i.ask))).toBe(true);
    expect(unreadParts(request, items)).toEqual([]);
  });
});
