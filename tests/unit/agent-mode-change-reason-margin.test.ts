/**
 * Agent Mode on a comparison's change asked beside it, reasons asked with a pointer or a move word,
 * and a part's margin worked out from its rows (issue 21, held-out batch s11):
 * - "revenue + yoy change", "gross margin both yrs and the change in bps" ask the comparison with
 *   its change, never a figure named "revenue + change" nor an item "basis points";
 * - "hc" is the headcount;
 * - "why it widened", "why did Europe jump", "what drove the Widgets growth", "why did op income
 *   drop when revenue grew" ask the reason for a figure the reader knows;
 * - a reason's quoted passage is not checked as a figure of its own, and one explaining another
 *   year answers nothing;
 * - a comparison's side answered with the figure's move ("Change in revenue … was +USD 500 million")
 *   is no side, nor is an amount a side of a percentage asked;
 * - "X revenue as a % of total revenue" and "% of sales from X" ask the share of the whole from X;
 * - a margin worked out as a part's line over its revenue (rows a tool returned) is answered;
 * - a short lower-case word no concept names, found nowhere, is no gap in the data room, nor is
 *   the reason for a figure another item answered from the documents.
 * The companies, rows and figures are made up.
 */
import { describe, expect, it } from "vitest";
import { readItems, type RequestItem } from "@/lib/agent/reader/items";
import { requestText } from "@/lib/agent/mode/request-text";
import { rewriteItems } from "@/lib/agent/mode/item-rewrites";
import { checkItem, reasonsOfAnswered, type ItemCheck } from "@/lib/agent/mode/item-gate";
import type { LegResult } from "@/lib/agent/mode/item-legs";

const read = (request: string, companies: string[] = []): RequestItem[] => rewriteItems(readItems(requestText(request), companies).items, companies);

const cite = (page: number) => `(source: Annual_Report.pdf, p.${page})`;
const source = (page: number, excerpt: string) => ({ id: `d:${page}`, documentId: "d", document: "Annual_Report.pdf", page, excerpt, citation: cite(page), url: `/deals/x/documents/d?page=${page}` });
const leg = (text: string, toolCalls: LegResult["toolCalls"], page = 40): LegResult => ({ item: 1, question: "q", text, sources: [source(page, text)], toolCalls, ms: 1, batch: 1 });

describe("the change asked beside a comparison", () => {
  it("is the comparison's change, never part of the figure's name nor an item of its own, on several wordings", () => {
    for (const request of [
      "Acme FY22 vs FY21: revenue + yoy change, operating income",
      "Acme FY22 vs FY21: revenue & the change, operating income",
      "Acme FY22 vs FY21: revenue plus the change, operating income",
    ]) {
      const items = read(request);
      expect(items.map((i) => i.ask), request).toEqual(["revenue", "operating income"]);
      expect(items[0]!.kind, request).toBe("comparison");
    }
  });

  it("reads the change in points or basis points and \"both years\" as the comparison's, not as items", () => {
    for (const request of [
      "Acme FY22 vs FY21: GM% for both yrs + change in pts; net income",
      "Acme FY22 vs FY21: gross margin both years and the change in bps; net income",
      "Acme FY22 vs FY21: gross margin (and the move in pts), net income",
    ]) {
      const items = read(request);
      expect(items.length, request).toBe(2);
      expect(items[0]!.kind, request).toBe("comparison");
      expect(items[0]!.concept?.kind, request).toBe("percent");
      expect(items.some((i) => /basis|points|pts|change/i.test(i.ask)), request).toBe(false);
    }
  });

  it("compares with the prior year a part that names no other period, on several wordings", () => {
    for (const request of ["Acme FY22: revenue + yoy change, headcount", "Acme FY22: GM% for both yrs + change in pts; headcount", "Acme FY22: revenue and the yoy change; headcount"]) {
      const first = read(request)[0]!;
      expect(first.kind, request).toBe("comparison");
      expect(first.periods, request).toEqual(["FY2022", "FY2021"]);
    }
    // two years named already: those two, no third
    expect(read("Acme: revenue for 2019 and 2018 + yoy change")[0]!.periods).toEqual(["FY2019", "FY2018"]);
  });

  it("keeps a change of another figure named after it as asked", () => {
    expect(requestText("revenue and the change in cash")).toBe("revenue and the change in cash");
  });

  it("spells hc out as the headcount and keeps a rate the catalog reads as a percentage in the words asked", () => {
    for (const request of ["Acme FY22: revenue, hc", "Acme FY22: hc at YE22 and revenue", "Acme FY22 revenue; HC; top risks"]) {
      expect(read(request).some((i) => i.concept?.kind === "count" && /employ/i.test(i.concept.label)), request).toBe(true);
    }
    expect(requestText("gross profit rate")).toBe("gross profit rate");
    expect(requestText("operating income rate")).toBe("operating income margin");
    expect(requestText("Domestic GP rate")).toBe("Domestic gross profit rate");
  });
});

describe("a reason asked with a pointer or a move word", () => {
  const reason = (request: string) => read(request).find((i) => i.follow === "reason");

  it("asks the reason for the figure the item before it asks when the request says \"it\"", () => {
    for (const request of ["Acme FY22: the Widgets segment operating loss and why it widened", "Acme FY22: Widgets operating loss, and why did it narrow?", "Acme FY22: Widgets operating loss; what caused it to grow"]) {
      const r = reason(request);
      expect(r?.questions[0], request).toMatch(/^What drove the Widgets operating loss in FY2022\?$/);
    }
  });

  it("asks a part named with no figure of its own for the part's figure an earlier item asks", () => {
    for (const [request, subject] of [
      ["Acme FY22: Europe net sales FY22 vs FY21, Europe operating income, why did Europe jump", "Europe net sales"],
      ["Acme FY22: Widgets' % of total revenue, what drove the Widgets growth", "Widgets revenue"],
      ["Acme FY22: total revenue vs FY21, why did Gadgets surge", "Gadgets revenue"],
    ] as const) {
      expect(reason(request)?.ask, request).toBe(subject);
    }
  });

  it("drops the move and a clause setting it beside another figure from the subject", () => {
    for (const request of ["Acme FY22: why did op income drop when revenue grew", "Acme FY22: why did operating income fall while revenue rose", "Acme FY22: what explains the operating income decline despite higher revenue"]) {
      expect(reason(request)?.ask, request).toBe("operating income");
    }
    // a figure's word on its own stays as said, never a made-up part's revenue
    expect(reason("Acme FY22: revenue, what explains the margin compression")?.ask).toBe("margin");
  });

  it("fails a reason whose quoted passage explains another year, on several wordings", () => {
    for (const request of ["Acme FY17: Europe revenue and why it fell", "Acme FY17: Europe revenue, why did Europe slip", "Acme FY17: Europe revenue; what drove the Europe decline"]) {
      const item = reason(request)!;
      const said = (year: string) => `Annual_Report_2017.pdf states: "In our Europe segment, revenue declined 6.2% to $3.2 billion in fiscal ${year} due to store closures." ${cite(30)}`;
      const run = (text: string) => checkItem(item, [leg(text, [{ toolName: "get_explanations", input: { figure: "revenue" }, output: { explanations: [{ text }] } }], 30)]);
      expect(run(said("2016")).status, request).toBe("failed");
      expect(run(said("2017")).status, request).toBe("answered");
      // the year a move is compared with is no year of the move
      expect(run(`Annual_Report_2017.pdf states: "Europe revenue declined 6.2% compared with fiscal 2016 due to store closures." ${cite(30)}`).status, request).toBe("answered");
      expect(run(`Annual_Report_2017.pdf states: "Europe revenue declined in the year ended December 31, 2017, when compared to the same period in 2016, due to store closures." ${cite(30)}`).status, request).toBe("answered");
      expect(run(`Annual_Report_2017.pdf states: "Europe revenue declined in the year ended December 31, 2016, due to store closures." ${cite(30)}`).status, request).toBe("failed");
    }
  });

  it("answers a reason from its quoted passage, whatever figures the passage holds", () => {
    const item = reason("Acme FY22 vs FY21: gross margin, why did gross margin improve")!;
    const text = `Annual_Report.pdf states: "The increase in gross margin was primarily driven by higher volumes. Movements in exchange rates had a positive impact of $31 million on gross margin." ${cite(30)}`;
    const c = checkItem(item, [leg(text, [{ toolName: "get_explanations", input: { figure: "gross_margin" }, output: { explanations: [{ text }] } }], 30)]);
    expect(c.status).toBe("answered");
  });
});

describe("a part's margin worked out from its rows", () => {
  const row = (label: string, title: string, value: number, page: number) => ({
    toolName: "get_line_items",
    input: { items: [`Widgets ${label}`], periods: ["FY2022"] },
    output: { rows: [{ item: `Widgets ${label}`, match: "table", label: "Widgets", source: "table", table: { title, headings: [] }, scale: 1e6, currency: "USD", columns: [{ period: "FY2022", periodEnd: "2022-12-31", months: 12, printed: (value / 1e6).toLocaleString("en-US"), value }], document: "Annual_Report.pdf", page, row: `Widgets ${(value / 1e6).toLocaleString("en-US")}`, citation: cite(page) }], notFound: [], notes: [] },
  });
  const income = row("operating income", "Operating income by segment (in millions)", 1_250e6, 26);
  const sales = row("net sales", "Net sales by segment (in millions)", 5_000e6, 25);
  const answer = (pct: string) => `ACME CORP: Operating margin of Widgets, fiscal 2022: **${pct}**, worked out as operating income USD 1,250 million ${cite(26)} over revenue USD 5,000 million ${cite(25)}`;

  it("is answered when the line's row and the revenue row give it, on several wordings", () => {
    for (const request of ["Acme FY22: Widgets op margin", "Acme: Widgets operating margin for FY2022", "What was the operating margin of Widgets in 2022?"]) {
      const item = read(request).find((i) => i.concept?.kind === "percent")!;
      const c = checkItem(item, [leg(answer("25.0%"), [income, sales])]);
      expect(c.status, `${request}: ${c.reason ?? ""}`).toBe("answered");
    }
  });

  it("is not answered when the ratio is not the rows', or the line's row is another line", () => {
    const item = read("Acme FY22: Widgets op margin").find((i) => i.concept?.kind === "percent")!;
    expect(checkItem(item, [leg(answer("27.0%"), [income, sales])]).status).not.toBe("answered");
    const other = row("capital expenditures", "Capital expenditures by segment (in millions)", 1_250e6, 26);
    expect(checkItem(item, [leg(answer("25.0%"), [other, sales])]).status).not.toBe("answered");
  });
});

describe("what is never said to be missing from the data room", () => {
  const nothing = "I couldn't find information on it in the uploaded documents — none of the extracted findings or document pages cover it.";

  it("fails a short lower-case word the run could not read, and keeps a measure's capitals as a possible gap", () => {
    for (const request of ["Acme FY22: revenue, zq", "Acme FY22: zqx and revenue", "Acme FY22 revenue; qz"]) {
      const item = readItems(request, []).items.find((i) => !i.concept)!;
      expect(checkItem(item, [leg(nothing, [])]).status, request).toBe("failed");
    }
    const measure = readItems("Acme FY22: revenue, NRR", []).items.find((i) => !i.concept)!;
    expect(checkItem(measure, [leg(nothing, [])]).status).toBe("not_covered");
  });

  it("fails a reason not found for a figure another item answered, and keeps it a gap otherwise", () => {
    const items = read("Acme FY22: Europe net sales FY22 vs FY21, Asia operating income, why did Europe jump");
    const reason = items.find((i) => i.follow === "reason")!;
    const [europe, asia] = items.filter((i) => i.follow !== "reason");
    const check = (item: RequestItem, status: ItemCheck["status"]): ItemCheck => ({ item, status, legs: [] });
    const failed = reasonsOfAnswered([check(europe!, "answered"), check(asia!, "answered"), check(reason, "not_covered")]);
    expect(failed.at(-1)!.status).toBe("failed");
    // the figure itself not answered: the reason may well be missing too
    expect(reasonsOfAnswered([check(europe!, "not_covered"), check(asia!, "answered"), check(reason, "not_covered")]).at(-1)!.status).toBe("not_covered");
    // another part's figure answered says nothing of this part's discussion
    const other = read("Acme FY22: Asia net sales, why did Europe jump");
    expect(reasonsOfAnswered([check(other[0]!, "answered"), check(other.find((i) => i.follow === "reason")!, "not_covered")]).at(-1)!.status).toBe("not_covered");
  });
});

describe("a comparison's side answered with the figure's move", () => {
  // the metric engine's change, as the offline path states it: no level of the period among its values
  const change = (from: string, to: string, value: number) => ({
    text: `ACME CORP: Change in revenue for fiscal ${from}–fiscal ${to} was **+USD ${(value / 1e6).toLocaleString("en-US")} million** ${cite(58)}\n\nFormula: Revenue = the Revenue line as reported; change = FY${to} − FY${from}`,
    call: { toolName: "compute_metric", input: { metric: "revenue", periods: [`FY${to}`] }, output: { status: "answered", company: "ACME CORP", metric: { id: "revenue", name: "Revenue", unit: "amount" }, formula: "change", value, formatted: "x", periods: [`FY${to}`], series: [{ period: `FY${to}`, value }], inputs: [], missing: [], notes: [] } },
  });

  it("is no side, on several wordings", () => {
    for (const request of ["Acme FY22 vs FY21: revenue + change", "Acme: revenue FY2022 versus FY2021", "Revenue for 2022 compared with 2021"]) {
      const item = readItems(request, []).items.find((i) => i.kind === "comparison")!;
      const a = change("2021", "2022", 500e6);
      const b = change("2020", "2021", 300e6);
      const c = checkItem(item, [leg(a.text, [a.call]), leg(b.text, [b.call])]);
      expect(c.status, request).toBe("failed");
      expect(c.reason, request).toContain("change");
    }
  });

  it("still answers a growth asked as a figure with the move", () => {
    for (const request of ["Revenue growth in 2022", "How much did revenue increase in 2022?"]) {
      const item = readItems(request, []).items[0]!;
      const a = change("2021", "2022", 500e6);
      expect(checkItem(item, [leg(a.text, [a.call])]).reason ?? "", request).not.toContain("the figure's change");
    }
  });

  it("never takes an amount from the tools as a side of a percentage asked", () => {
    const item = read("Acme FY22 vs FY21: GM% for both yrs")[0]!;
    expect(item.concept?.kind).toBe("percent");
    const row = (period: string, value: number) => ({ toolName: "get_line_items", input: { items: ["gross margin"] }, output: { rows: [{ item: "gross margin", match: "label", label: "Gross margin", source: "statement", scale: 1e6, currency: "USD", columns: [{ period, months: 12, value }], document: "Annual_Report.pdf", page: 65, row: "Gross margin 5,063", citation: cite(65) }], notFound: [], notes: [] } });
    const refused = "I couldn't find a stated gross margin for fiscal 2022 in the documents.";
    const c = checkItem(item, [leg(refused, [row("FY2022", 5_063e6)]), leg(refused, [row("FY2021", 3_531e6)])]);
    expect(c.status).not.toBe("answered");
  });
});

describe("a share written after its part or with \"from\"", () => {
  it("asks the share of the whole that came from the part, on several wordings", () => {
    for (const [request, question] of [
      ["Acme FY22: Widgets revenue as a % of total revenue", "What percentage of total revenue came from Widgets in FY2022?"],
      ["Acme FY22: Widgets as a share of net sales", "What percentage of net sales came from Widgets in FY2022?"],
      ["Acme FY22: % of sales from international markets", "What percentage of sales came from international markets in FY2022?"],
      ["Acme FY22: percentage of revenue from Europe", "What percentage of revenue came from Europe in FY2022?"],
    ] as const) {
      const item = read(request).find((i) => /percentage|share|%/i.test(i.ask))!;
      expect(item.questions, request).toEqual([question]);
    }
  });
});
