/**
 * The typed evidence tools on filings as PDFs print them: officer lists, headcounts wrapped over
 * lines, a later filing whose headcount extraction cannot read, combined filings of two registrants, rate rows ("41.2 %") and footnote markers in tables.
 * Made-up companies' text filings go through the real ingest and rules extraction.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { createAgentContext, type AgentContext } from "@/lib/agent/context";
import { createAgentTools } from "@/lib/agent/tools";
import { runExtraction } from "@/lib/extraction/run";
import { ingestFile } from "@/lib/ingest/ingest";
import { openTestDb } from "../helpers/db";
import { statements } from "../helpers/filings";
import { tempDir, writeFixture } from "../helpers/fixtures";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const cover = (year: number, names: string[]) =>
  [
    "UNITED STATES", "SECURITIES AND EXCHANGE COMMISSION", "FORM 10-K", `For the fiscal year ended December 31, ${year}`, "Commission File Number 1-24680", "",
    ...names, "", `(Exact name of ${names.length > 1 ? "Registrants" : "registrant"} as specified in its charter)`, "",
    "410 Lantern Row, Suite 200", "Halvorsen, Minnesota 55401", "(Address of principal executive offices) (Zip Code)",
  ].join("\n");
// (a PDF text layer's lost ligatures are put back at ingest: tests/db/ingest-glyphs.test.ts)
const officers = [
  "Information About Our Executive Officers", "Name Age Position",
  "Odile M. Brandt 57 Chief Executive Officer", "Tobias R. Quenell 49 Executive Vice President and Chief Financial Officer",
  "Petra L. Vance 44 Senior Vice President and Chief Accounting Officer",
].join("\n");
// (the 2022 report's list names a chief operating officer the 2023 report's no longer does)
const officers2022 = `${officers}\nMarcus J. Ilves 52 Chief Operating Officer`;
const people2022 = ["Item 1. Business", "Human Capital", "As of December 31, 2022, the Company had approximately 9,100 full-time", "equivalent employees."].join("\n");
const people2023 = ["Item 1. Business", "Human Capital", "Our workforce stood at roughly 9,800 people when the year closed, most of them in manufacturing."].join("\n");
const audit = ["Item 9A. Controls and Procedures", "Marrow & Steen LLP, an independent registered public accounting firm, has audited the consolidated financial statements included in this report."].join("\n");
const operating = [
  "Item 7. Management's Discussion and Analysis", "Operating Statistics", "2023 2022",
  "Gross margin 41.2 % 39.8 %", "Store count (2) 1,240 1,180", "Same-store sales growth (1) 3.5% 2.1%",
  "GAAP operating margin 20.4 % 21.7 %", "Non-GAAP operating margin 26.9 % 27.8 %", "Average number of employees 9,500 9,000",
  "", "Long-term Debt", "(In millions) 2023 2022", "Total principal 4,800 5,050", "Less: Current portion of long-term debt (300) (250)", "Long-term debt, net of current portion 4,500 4,800",
].join("\n");

describe("evidence tools on filings as PDFs print them", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let ctx: AgentContext;
  const call = async (name: string, input: unknown) => {
    const tools = createAgentTools(ctx) as unknown as Record<string, { inputSchema: { parse?: (x: unknown) => unknown }; execute: (i: unknown, o: unknown) => Promise<unknown> }>;
    const schema = tools[name]!.inputSchema as unknown as { parse: (x: unknown) => unknown };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each tool's output shape is asserted field by field below
    return (await tools[name]!.execute(schema.parse(input), { toolCallId: "t", messages: [] })) as Record<string, any>;
  };

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    const deal = await createDeal({ db, slug: "lantern", name: "Lantern" });
    ctx = createAgentContext({ db, deal: { id: deal.id, slug: deal.slug, name: deal.name } });
    const dir = tempDir("manda-evidence-filings-");
    const names = ["LANTERN FORGE, INC.", "LANTERN FORGE OPERATING PARTNERSHIP"];
    const filings: Array<[string, number, string[]]> = [
      ["LANTERN_2022_10K.txt", 2022, [cover(2022, names), people2022, officers2022, ...statements("Lantern Forge, Inc.", 1), audit]],
      ["LANTERN_2023_10K.txt", 2023, [cover(2023, names), people2023, officers, ...statements("Lantern Forge, Inc.", 2), operating, audit]],
    ];
    for (const [file, , pages] of filings) {
      const r = await ingestFile({ db, dealId: deal.id, filePath: writeFixture(dir, file, new TextEncoder().encode(pages.join("\f"))) });
      if (r.status !== "indexed" || !r.documentId) throw new Error(`${file} was not indexed`);
      for (const kind of ["findings", "entities"] as const) await runExtraction(db, { dealId: deal.id, documentId: r.documentId, kind, mode: "rules" });
    }
  }, 180_000);
  afterAll(() => cleanup());

  it("get_people reads an officer list, titles in full and cited as stored", async () => {
    const cfo = await call("get_people", { role: "CFO" });
    expect(cfo.items[0]).toMatchObject({ name: "Tobias R. Quenell", detail: expect.stringMatching(/^Executive Vice President and Chief Financial Officer/), document: "LANTERN_2023_10K.txt" });
    expect(cfo.items[0].excerpt).toContain("Executive Vice President");
    const cao = await call("get_people", { role: "chief accounting officer" });
    expect(cao.items[0]?.name).toBe("Petra L. Vance");
  });

  it("get_people marks an officer only an older annual report lists as history, and says the newest names no one in the role", async () => {
    const coo = await call("get_people", { role: "chief operating officer" });
    expect(coo.items[0]).toMatchObject({ name: "Marcus J. Ilves", document: "LANTERN_2022_10K.txt", superseded: true });
    expect(coo.notes.join(" ")).toMatch(/LANTERN_2023_10K\.txt lists no executive officer with the title "chief operating officer"/);
    // an officer the newest report lists stays current
    expect((await call("get_people", { role: "CFO" })).items[0].superseded).toBeUndefined();
  });

  it("get_company_facts marks a headcount only an older filing states as history and gives the newest filing's passage", async () => {
    const out = await call("get_company_facts", { facts: ["employees"] });
    expect(out.facts.employees[0]).toMatchObject({ document: "LANTERN_2022_10K.txt", detail: expect.stringContaining("9,100"), superseded: true });
    expect(out.newestFiling).toBe("LANTERN_2023_10K.txt");
    expect(out.passages.some((p: { document: string; text: string }) => p.document === "LANTERN_2023_10K.txt" && p.text.includes("9,800"))).toBe(true);
    expect(out.notes.join(" ")).toMatch(/older filing/);
    // an average over the year is no headcount at a date
    expect(out.facts.employees.some((i: { detail?: string }) => /average/i.test(i.detail ?? ""))).toBe(false);
  });

  it("get_company_facts reads the first of a combined filing's registrants, its headquarters, and an auditor named only in a sentence", async () => {
    const out = await call("get_company_facts", { facts: ["registrant", "headquarters", "auditor"] });
    expect(out.facts.registrant[0]).toMatchObject({ name: "LANTERN FORGE, INC.", document: "LANTERN_2023_10K.txt" });
    expect(out.facts.headquarters[0].detail).toMatch(/Halvorsen, Minnesota/);
    expect(out.facts.auditor[0]).toMatchObject({ name: "Marrow & Steen LLP", document: "LANTERN_2023_10K.txt" });
  });

  it("get_line_items carries a rate row's value with the unit '%', and reads no footnote marker as a negative figure", async () => {
    const out = await call("get_line_items", { items: ["Gross margin", "Store count", "Same-store sales growth"] });
    const margin = out.rows.find((r: { label: string }) => r.label === "Gross margin");
    expect(margin).toMatchObject({ unit: "%", scale: 1 });
    expect(margin.columns.map((c: { period: string; value: number }) => [c.period, c.value])).toEqual([["FY2023", 41.2], ["FY2022", 39.8]]);
    const stores = out.rows.find((r: { label: string }) => r.label === "Store count");
    expect(stores.columns.map((c: { value: number }) => c.value)).toEqual([1240, 1180]);
    const growth = out.rows.find((r: { label: string }) => r.label === "Same-store sales growth");
    expect(growth.columns.map((c: { value: number }) => c.value)).toEqual([3.5, 2.1]);
  });

  it("get_line_items never answers a GAAP figure with the non-GAAP row, nor the reverse, and gives both when no basis is asked", async () => {
    const labels = async (item: string) => ((await call("get_line_items", { items: [item] })).rows as Array<{ label: string }>).map((r) => r.label).filter((l) => /operating margin/i.test(l));
    for (const item of ["GAAP operating margin", "operating margin (GAAP)", "GAAP basis operating margin"]) expect(await labels(item), item).toEqual(["GAAP operating margin"]);
    for (const item of ["non-GAAP operating margin", "non gaap operating margin", "operating margin, non-GAAP"]) expect(await labels(item), item).toEqual(["Non-GAAP operating margin"]);
    expect((await labels("operating margin")).sort()).toEqual(["GAAP operating margin", "Non-GAAP operating margin"]);
  });

  it("get_line_items reads a word one letter off the deal's own label word as that word, and says so", async () => {
    const out = await call("get_line_items", { items: ["Stroe count"] });
    expect(out.rows[0]).toMatchObject({ label: "Store count" });
    expect(out.respelled).toEqual({ stroe: "store" });
    expect(out.notes.join(" ")).toMatch(/Read "Stroe" as "store"/);
    // a word two letters off is no respelling
    expect((await call("get_line_items", { items: ["Srtoe count"] })).rows).toEqual([]);
  });

  it("a 'Less:' row is the deducted item's amount, found and computed by its name", async () => {
    const out = await call("get_line_items", { items: ["Current portion of long-term debt"] });
    expect(out.rows[0]).toMatchObject({ label: "Current portion of long-term debt", match: "label" });
    const scale = out.rows[0].scale;
    expect(out.rows[0].columns.map((c: { period: string; value: number }) => [c.period, c.value / scale])).toEqual([["FY2023", 300], ["FY2022", 250]]);
    const due = await call("compute_metric", { metric: "debt due within a year", formula: "Current portion of long-term debt + 0", periods: ["2023"] });
    expect(due).toMatchObject({ status: "answered", value: 300 * scale });
  });

  it("compute_metric over a table row honours a growth asked: the year's growth over the year before, not the level", async () => {
    const out = await call("compute_metric", { metric: "store count growth", formula: "Store count", periods: ["FY2023"], aggregate: "growth" });
    expect(out).toMatchObject({ status: "answered", metric: { unit: "percent" }, formatted: "5.1%" });
    expect(out.value).toBeCloseTo((1240 - 1180) / 1180, 6);
    expect(out.growthByPeriod).toEqual([expect.objectContaining({ from: "FY2022", to: "FY2023" })]);
    // no aggregate: the level, as before
    expect(await call("compute_metric", { metric: "stores", formula: "Store count", periods: ["FY2023"] })).toMatchObject({ status: "answered", value: 1240 });
  });

  it("compute_metric over a table row honours a change asked: last period less first, signed, not the last level", async () => {
    for (const periods of [["FY2023"], ["FY2022", "FY2023"], ["2023"]]) {
      const out = await call("compute_metric", { formula: "Store count", periods, aggregate: "change" });
      expect(out, periods.join()).toMatchObject({ status: "answered", value: 1240 - 1180, series: [expect.objectContaining({ period: "FY2022" }), expect.objectContaining({ period: "FY2023" })] });
      expect(out.formatted, periods.join()).toMatch(/^\+/);
    }
    const debt = await call("compute_metric", { metric: "net repayment", formula: "Total principal", periods: ["FY2022", "FY2023"], aggregate: "change" });
    expect(debt.value).toBe(-250 * debt.inputs[0].scale);
    expect(debt.formatted).toMatch(/^−.*250 million$/);
  });

  it("compute_metric gives a ratio of rows asked as a percent as a percent, however the percent is asked", async () => {
    const asked = [
      { metric: "current portion as % of principal" },
      { metric: "Current portion as a percentage of total principal" },
      { metric: "current portion share", unit: "percent" },
    ];
    for (const a of asked) {
      const out = await call("compute_metric", { ...a, formula: "Current portion of long-term debt / Total principal", periods: ["FY2023"] });
      expect(out, a.metric).toMatchObject({ status: "answered", metric: { unit: "percent" }, formatted: "6.3%" });
      expect(out.value, a.metric).toBeCloseTo(300 / 4800, 6);
    }
    // no percent asked: the ratio
    expect((await call("compute_metric", { metric: "current portion share", formula: "Current portion of long-term debt / Total principal", periods: ["FY2023"] })).formatted).toBe("0.0625");
  });

  it("compute_metric computes a formula of numbers only as written, a plain number staying plain", async () => {
    const out = await call("compute_metric", { formula: "1240 - 1180" });
    expect(out).toMatchObject({ status: "answered", value: 60, formatted: "60", inputs: [] });
    expect(out.notes.join(" ")).toMatch(/no filing was read/);
  });
});

describe("company facts from a quarter filed after the annual report", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let ctx: AgentContext;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    const deal = await createDeal({ db, slug: "lantern-q", name: "Lantern Q" });
    ctx = createAgentContext({ db, deal: { id: deal.id, slug: deal.slug, name: deal.name } });
    const dir = tempDir("manda-evidence-quarter-");
    const quarter = cover(2023, ["LANTERN FORGE, INC."]).replace("FORM 10-K", "FORM 10-Q").replace("For the fiscal year ended December 31, 2023", "For the quarterly period ended March 31, 2023");
    const filings: Array<[string, string[]]> = [
      ["LANTERN_2022_10K.txt", [cover(2022, ["LANTERN FORGE, INC."]), people2022, ...statements("Lantern Forge, Inc.", 1), audit]],
      ["LANTERN_2023Q1_10Q.txt", [quarter, "Item 1. Financial Statements", "Nothing of the company's address is restated here."]],
    ];
    for (const [file, pages] of filings) {
      const r = await ingestFile({ db, dealId: deal.id, filePath: writeFixture(dir, file, new TextEncoder().encode(pages.join("\f"))) });
      if (r.status !== "indexed" || !r.documentId) throw new Error(`${file} was not indexed`);
      await runExtraction(db, { dealId: deal.id, documentId: r.documentId, kind: "entities", mode: "rules" });
    }
  }, 180_000);
  afterAll(() => cleanup());

  it("a later quarter's cover stating the headquarters is current, not history of an older filing", async () => {
    const tools = createAgentTools(ctx) as unknown as Record<string, { inputSchema: { parse: (x: unknown) => unknown }; execute: (i: unknown, o: unknown) => Promise<unknown> }>;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the output shape is asserted field by field
    const out = (await tools.get_company_facts!.execute(tools.get_company_facts!.inputSchema.parse({ facts: ["headquarters"] }), { toolCallId: "t", messages: [] })) as Record<string, any>;
    expect(out.facts.headquarters[0]).toMatchObject({ document: "LANTERN_2023Q1_10Q.txt", detail: expect.stringMatching(/Halvorsen, Minnesota/) });
    expect(out.facts.headquarters[0].superseded).toBeUndefined();
  });
});

describe("a headcount printed as a table row", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let ctx: AgentContext;
  const call = async (name: string, input: unknown) => {
    const tools = createAgentTools(ctx) as unknown as Record<string, { inputSchema: { parse: (x: unknown) => unknown }; execute: (i: unknown, o: unknown) => Promise<unknown> }>;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the output shape is asserted field by field
    return (await tools[name]!.execute(tools[name]!.inputSchema.parse(input), { toolCallId: "t", messages: [] })) as Record<string, any>;
  };
  const supplemental = [
    "Lantern Forge, Inc.", "Supplemental Information", "(In millions)", "2023 2022",
    "Proceeds from employee stock plans 65 58", "Purchases of property and equipment (110) (90)", "",
    "Other information:", "2023 2022", "Employees (in thousands) 12.5 11.9",
  ].join("\n");
  const geography = [
    "Geographic Information", "Net revenues by geography were as follows (in millions):", "2023 2022", "Net revenues by Geography:",
    "U.S. $ 450 $ 410", "International 550 390", "Total net revenues $ 1,000 $ 800", "",
    "2023 2022", "Long-lived assets:", "U.S. $ 1,668 $ 1,578", "International 116 132", "Total long-lived assets $ 1,784 $ 1,710",
  ].join("\n");

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    const deal = await createDeal({ db, slug: "lantern-rows", name: "Lantern rows" });
    ctx = createAgentContext({ db, deal: { id: deal.id, slug: deal.slug, name: deal.name } });
    const dir = tempDir("manda-evidence-headcount-row-");
  const operating = [
    "Supplemental Operating Data", "(In millions)", "2023 2022", "Gross merchandise volume:", "Marketplace $ 7,809 $ 7,958", "Tickets 357 317",
    "Net transaction revenues:", "Marketplace 610 635", "Tickets 72 63", "", "Segment net revenue:", "2023 2022", "Data Center and AI $ 372 $ 300", "Client Computing 628 500",
  ].join("\n");
  const rates = [
    "Gross Margin", "Gross margin for 2023 and 2022 is as follows (dollars in millions):", "2023 2022", "Gross margin $ 400 $ 300", "Gross margin percentage 40.0% 37.5%", "",
    "Key Operating Metrics", "2023 2022", "Transaction take rate:", "Marketplace 7.81% 7.98%", "Tickets 20.29% 19.83%",
  ].join("\n");
  const discontinued = ["Discontinued Operations", "The financial results of the business sold are presented as discontinued operations in our statement of income; the following table presents them:", "2023 2022", "Net revenues $ 4,793 $ 7,895", "Cost of net revenues 1,918 3,140"].join("\n");
  const regions = ["Segment Operating Performance", "(In millions)", "2023 2022", "Greater China:", "Net sales $ 410 $ 350", "Operating income $ 120 $ 95"].join("\n");
    const pages = [cover(2023, ["LANTERN FORGE, INC."]), ...statements("Lantern Forge, Inc.", 1), supplemental, geography, operating, regions, rates, discontinued];
    const r = await ingestFile({ db, dealId: deal.id, filePath: writeFixture(dir, "LANTERN_2023_10K.txt", new TextEncoder().encode(pages.join("\f"))) });
    if (r.status !== "indexed" || !r.documentId) throw new Error("not indexed");
    for (const kind of ["findings", "entities"] as const) await runExtraction(db, { dealId: deal.id, documentId: r.documentId, kind, mode: "rules" });
  }, 180_000);
  afterAll(() => cleanup());

  it("get_company_facts falls back to a row whose label names employees, with its scale, period and page", async () => {
    const out = await call("get_company_facts", { facts: ["employees"] });
    expect(out.facts.employees[0]).toMatchObject({ value: 12_500, period: "FY2023", scale: 1000, document: "LANTERN_2023_10K.txt", page: 5, excerpt: expect.stringContaining("Employees (in thousands) 12.5") });
  });

  it("get_line_items answers 'employees' with rows naming employees as their head noun, not an employee stock plan's proceeds", async () => {
    const out = await call("get_line_items", { items: ["employees"] });
    expect(out.rows.map((r: { label: string }) => r.label)).toEqual(["Employees (in thousands)"]);
  });

  it("compute_metric resolves an operand by the heading its row sits under and by the initials of a row's label", async () => {
    const take = await call("compute_metric", { formula: "'Tickets net transaction revenues' / 'Tickets gross merchandise volume'", periods: ["FY2023"] });
    expect(take).toMatchObject({ status: "answered", missing: [] });
    expect(take.value).toBeCloseTo(72 / 357, 6);
    const share = await call("compute_metric", { formula: "'DCAI net revenue' / 'Segment net revenue Client Computing'", periods: ["FY2023"] });
    expect(share.inputs.find((i: { item: string }) => i.item === "DCAI net revenue")).toMatchObject({ label: "Data Center and AI", value: 372_000_000 });
  });

  it("get_line_items answers the company's net sales with the statement line; a region's 'Net sales' row is no label match", async () => {
    const out = await call("get_line_items", { items: ["Total net sales"], periods: ["FY2023"] });
    expect(out.rows[0]).toMatchObject({ source: "statement", match: "label" });
    const region = out.rows.find((r: { label: string; section?: string }) => r.label === "Net sales" && r.section === "Greater China");
    expect(region).toMatchObject({ match: "table", part: { scope: "geography" } });
  });

  it("get_line_items answers a rate asked with the row printing it first, and a row named by the heading it sits under", async () => {
    const margin = await call("get_line_items", { items: ["Gross margin percentage"], periods: ["FY2023"] });
    expect(margin.rows[0]).toMatchObject({ label: "Gross margin percentage", match: "label", unit: "%", columns: [expect.objectContaining({ value: 40 })] });
    const take = await call("get_line_items", { items: ["Tickets transaction take rate"], periods: ["FY2023"] });
    expect(take.rows[0]).toMatchObject({ label: "Tickets", section: "Transaction take rate", match: "label", unit: "%", columns: [expect.objectContaining({ value: 20.29 })] });
  });

  it("get_line_items marks amount rows whose table states no scale, and names the statements' scale", async () => {
    const out = await call("get_line_items", { items: ["Cost of net revenues", "Net income"], periods: ["FY2023"] });
    expect(out.rows.find((r: { label: string }) => r.label === "Cost of net revenues")).toMatchObject({ scale: 1, scaleUnstated: true, columns: [expect.objectContaining({ value: 1918 })] });
    expect(out.notes.join(" ")).toMatch(/LANTERN_2023_10K\.txt marked scaleUnstated .* statements are in millions/);
  });

  it("get_line_items answers 'International net revenues' without the long-lived assets row of the same caption", async () => {
    const out = await call("get_line_items", { items: ["International net revenues"], periods: ["FY2023"] });
    expect(out.rows.map((r: { label: string; columns: Array<{ value: number }> }) => [r.label, r.columns[0]!.value])).toEqual([["International", 550_000_000]]);
  });
});
