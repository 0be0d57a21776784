/**
 * Contract tests of the typed evidence tools, called as a model calls them (through the AI SDK
 * tool's execute, with inputs checked by its zod schema): two made-up companies' 10-K text filings
 * through the real ingest and extraction, then each tool's output structure, its scoping to the
 * named company, relative periods read against the filings, and errors returned as data.
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
import { cover, statements } from "../helpers/filings";
import { tempDir, writeFixture } from "../helpers/fixtures";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const officers = (cfo: string) =>
  ["Information about our Executive Officers", "Name Age Position", "Jane Q. Holloway 55 Chief Executive Officer", `${cfo} 48 Executive Vice President and Chief Financial Officer`].join("\n");
const audit = ["Report of Independent Registered Public Accounting Firm", "In our opinion, the consolidated financial statements present fairly, in all material respects, the financial position of the Company.", "/s/ Quarry & Vance LLP", "Columbus, Ohio"].join("\n");
const risks = ["Item 1A. Risk Factors", "A prolonged disruption at our single resin supplier could adversely affect our production and results of operations.", "Changes in foreign exchange rates may reduce the value of our international sales."].join("\n");

const geography = (k: number) =>
  ["Net Sales by Geographic Area", "(In millions)", "Years Ended December 31, 2023 2022", `United States $ ${600 * k} $ ${500 * k}`, `International ${400 * k} ${300 * k}`, `Total net sales $ ${(1000 * k).toLocaleString("en-US")} $ ${800 * k}`, "Year-over-year Percentage Growth", `United States ${20 + k} ${25 + k}`, `International ${33 + k} ${15 + k}`].join("\n");
const people = ["Item 7. Management", "Our Chief Sustainability Officer, Rosalie Dunmore, reports to the board each quarter on our emissions targets."].join("\n");
const signatures = (controller: string) =>
  ["SIGNATURES", "Pursuant to the requirements of the Securities Exchange Act of 1934, this report has been signed below by the following persons on behalf of the registrant and in the capacities and on the dates indicated.", "Signature Title Date", `/s/ ${controller} Vice President, Finance (Principal Accounting Officer) February 20, 2024`].join("\n");

describe("typed evidence tools", () => {
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
    const deal = await createDeal({ db, slug: "peers", name: "Peers" });
    ctx = createAgentContext({ db, deal: { id: deal.id, slug: deal.slug, name: deal.name } });
    const dir = tempDir("manda-evidence-");
    const filings = [
      ["ALDERWICK_2023_10K.txt", "ALDERWICK INSTRUMENTS, INC.", "ALDW", "1-12345", 1, "Marta K. Osei", "Ignatius Pell"],
      ["brindle-10k-2023.txt", "Brindlemoor Foods Corporation", "BRND", "1-67890", 3, "Tobias Lindqvist", "Wilhelmina Corrow"],
    ] as const;
    for (const [file, registrant, ticker, fileNumber, k, cfo, controller] of filings) {
      const pages = [cover(registrant, ticker, fileNumber), risks, officers(cfo), ...statements(registrant, k), geography(k), audit, people, signatures(controller)];
      const r = await ingestFile({ db, dealId: deal.id, filePath: writeFixture(dir, file, new TextEncoder().encode(pages.join("\f"))) });
      if (r.status !== "indexed" || !r.documentId) throw new Error(`${file} was not indexed`);
      for (const kind of ["findings", "entities"] as const) await runExtraction(db, { dealId: deal.id, documentId: r.documentId, kind, mode: "rules" });
    }
  }, 180_000);
  afterAll(() => cleanup());

  it("compute_metric takes a metric id, the company named in lower case and a year, and returns the value with cited inputs", async () => {
    const out = await call("compute_metric", { company: "brindlemoor", metric: "operating_margin", periods: ["2023"], decimals: 1 });
    expect(out.status).toBe("answered");
    expect(out.formatted).toBe("20.0%");
    expect(out.inputs.length).toBeGreaterThanOrEqual(2);
    for (const i of out.inputs) expect(i).toMatchObject({ document: "brindle-10k-2023.txt", citation: expect.stringMatching(/^\(source: brindle-10k-2023\.txt, p\.\d+\)$/) });
  });

  it("compute_metric reads 'latest' and 'prior year' against the filings, not today's date, and says so", async () => {
    const latest = await call("compute_metric", { company: "Alderwick", metric: "capex", periods: ["latest"] });
    expect(latest.periods).toEqual(["FY2023"]);
    expect(latest.value).toBe(110e6);
    expect(latest.notes.join(" ")).toMatch(/FY2023/);
    const prior = await call("compute_metric", { company: "Alderwick", metric: "capital_expenditure", periods: ["prior year"] });
    expect(prior.periods).toEqual(["FY2022"]);
    expect(prior.value).toBe(90e6);
  });

  it("compute_metric computes a user's formula and names an input it cannot find", async () => {
    const defined = await call("compute_metric", { company: "Alderwick", metric: "capex to sales", formula: "capital_expenditure / revenue", unit: "percent", periods: ["2023"], decimals: 1 });
    expect(defined).toMatchObject({ status: "answered", formatted: "11.0%" });
    const missing = await call("compute_metric", { company: "Alderwick", metric: "goodwill", periods: ["2023"] });
    expect(missing.status).toBe("incomplete");
    expect(missing.missing).toEqual([expect.objectContaining({ item: "goodwill", period: "FY2023" })]);
  });

  it("compute_metric computes a user's ratio of two rows of a geographic table, each input cited to its row", async () => {
    const share = await call("compute_metric", { company: "Alderwick", metric: "international share of sales", formula: "International net sales / Total net sales", periods: ["2023"], unit: "percent", decimals: 1 });
    expect(share).toMatchObject({ status: "answered", value: 0.4, formatted: "40.0%" });
    const international = share.inputs.find((i: { label: string }) => i.label === "International");
    expect(international).toMatchObject({ period: "FY2023", value: 400e6, document: "ALDERWICK_2023_10K.txt", row: expect.stringContaining("International 400") });
    const parts = await call("compute_metric", { company: "brindlemoor", formula: "International / United States", periods: ["2022"], decimals: 2 });
    // (one amount row over another is also a share: its percent follows the ratio)
    expect(parts).toMatchObject({ status: "answered", value: 0.6, formatted: "0.60 (60.0%)" });
    expect(parts.inputs.map((i: { label: string; value: number }) => [i.label, i.value])).toEqual([["International", 900e6], ["United States", 1500e6]]);
    const missing = await call("compute_metric", { company: "brindlemoor", formula: "International / Antarctica", periods: ["2022"] });
    expect(missing.status).toBe("incomplete");
    expect(missing.missing).toEqual([expect.objectContaining({ item: "Antarctica" })]);
  });

  it("get_line_items gives rows under a percentage heading as rates, never as amounts in the table's scale", async () => {
    const out = await call("get_line_items", { company: "Alderwick", items: ["international revenue"], periods: ["FY2023"] });
    const international = out.rows.filter((r: { label: string }) => r.label === "International");
    expect(international.map((r: { unit?: string; columns: Array<{ value: number }> }) => [r.unit ?? "amount", r.columns[0]!.value])).toEqual(expect.arrayContaining([["amount", 400e6], ["%", 34]]));
  });

  it("a company the deal does not hold is an error as data listing the deal's companies", async () => {
    const out = await call("compute_metric", { company: "Verizon", metric: "revenue", periods: ["2022"] });
    expect(out.status).toBe("unknown_company");
    expect(out.hint).toMatch(/ALDERWICK/i);
    expect(out.hint).toMatch(/Brindlemoor/i);
    const rows = await call("get_line_items", { company: "Verizon", items: ["revenue"] });
    expect(rows.error).toMatch(/Verizon/);
  });

  it("a ticker typed in lower case names the company; a series' value is its latest year whatever the order asked", async () => {
    const out = await call("compute_metric", { company: "aldw", metric: "revenue", periods: ["2023", "2022"] });
    expect(out).toMatchObject({ status: "answered", company: expect.stringMatching(/ALDERWICK/), periods: ["FY2022", "FY2023"], value: 1000e6 });
  });

  it("compute_metric's growth keeps the yearly amounts as amounts and gives each year's growth, whatever unit is asked", async () => {
    const out = await call("compute_metric", { company: "brindlemoor", metric: "revenue", periods: ["2021", "2022", "2023"], aggregate: "growth", unit: "percent", decimals: 1 });
    expect(out).toMatchObject({ status: "answered", formatted: "42.9%" });
    for (const s of out.series) expect(s.formatted).not.toMatch(/%/);
    expect(out.series.map((s: { period: string; value: number }) => [s.period, s.value])).toEqual([["FY2021", 2100e6], ["FY2022", 2400e6], ["FY2023", 3000e6]]);
    expect(out.growthByPeriod.map((g: { from: string; to: string; formatted: string }) => [g.from, g.to, g.formatted])).toEqual([["FY2021", "FY2022", "14.3%"], ["FY2022", "FY2023", "25.0%"]]);
  });

  it("compute_metric reads a metric named as a growth as that growth, over the year before one year asked", async () => {
    const out = await call("compute_metric", { company: "brindlemoor", metric: "revenue growth", periods: ["2023"] });
    expect(out).toMatchObject({ status: "answered", periods: ["FY2022", "FY2023"], value: 0.25, formatted: "25.0%" });
  });

  it("an unknown metric is refused with a hint, not guessed", async () => {
    const out = await call("compute_metric", { company: "Alderwick", metric: "customer happiness" });
    expect(out.status).toBe("unknown_metric");
    expect(out.hint).toMatch(/formula/);
  });

  it("get_line_items returns the statement line with every period column, scale and the row as printed", async () => {
    const out = await call("get_line_items", { company: "brindlemoor", items: ["revenue"] });
    const row = out.rows.find((r: { source: string }) => r.source === "statement");
    expect(row).toMatchObject({ label: "Net sales", scale: 1e6, document: "brindle-10k-2023.txt" });
    expect(row.row).toContain("Net sales");
    expect(row.columns.map((c: { period: string; value: number }) => [c.period, c.value])).toEqual([["FY2023", 3000e6], ["FY2022", 2400e6], ["FY2021", 2100e6]]);
    const one = await call("get_line_items", { company: "brindlemoor", items: ["revenue"], periods: ["2022"] });
    expect(one.rows[0].columns).toEqual([expect.objectContaining({ period: "FY2022", value: 2400e6 })]);
    const none = await call("get_line_items", { company: "brindlemoor", items: ["backlog"] });
    expect(none.notFound).toEqual(["backlog"]);
  });

  it("get_people finds an officer by the abbreviation of the title, only the named company's", async () => {
    const out = await call("get_people", { company: "alderwick", role: "CFO" });
    expect(out.items.map((i: { name: string }) => i.name)).toEqual(["Marta K. Osei"]);
    expect(out.items[0].citation).toMatch(/ALDERWICK_2023_10K\.txt, p\.3/);
  });

  it("get_people reads the officer list of a text filing, and a signer by the designation of the office asked", async () => {
    const ceo = await call("get_people", { company: "Brindlemoor", role: "chief executive officer" });
    expect(ceo.items[0]).toMatchObject({ name: "Jane Q. Holloway", detail: expect.stringMatching(/^Chief Executive Officer/), page: 3 });
    const pao = await call("get_people", { company: "Brindlemoor", role: "chief accounting officer" });
    expect(pao.items.map((i: { name: string }) => i.name)).toEqual(["Wilhelmina Corrow"]);
    expect(pao.items[0].detail).toMatch(/Principal Accounting Officer/);
  });

  it("get_people answers a role no officer list names with the passages that name it, not an empty list", async () => {
    const out = await call("get_people", { company: "alderwick", role: "chief sustainability officer" });
    expect(out.items).toEqual([]);
    expect(out.passages.length).toBeGreaterThan(0);
    expect(out.passages[0]).toMatchObject({ document: "ALDERWICK_2023_10K.txt", citation: expect.stringMatching(/ALDERWICK_2023_10K\.txt, p\.\d+/) });
    expect(out.passages[0].text).toContain("Rosalie Dunmore");
    expect(out.notes.join(" ")).toMatch(/passages/);
  });

  it("get_company_facts returns the auditor with its citation", async () => {
    const out = await call("get_company_facts", { company: "Brindlemoor", facts: ["auditor"] });
    expect(out.facts.auditor?.[0]).toMatchObject({ name: "Quarry & Vance LLP", document: "brindle-10k-2023.txt" });
  });

  it("search_documents returns passages with page, section and character range; open_page the whole page", async () => {
    const out = await call("search_documents", { company: "alderwick", query: "resin supplier disruption", section: "risk factors" });
    expect(out.passages[0]).toMatchObject({ document: "ALDERWICK_2023_10K.txt", page: 2 });
    expect(out.passages[0].text).toContain("single resin supplier");
    expect(out.passages[0].charEnd).toBeGreaterThan(out.passages[0].charStart);
    const page = await call("open_page", { document: "ALDERWICK_2023_10K.txt", page: 2 });
    expect(page.text).toContain("foreign exchange rates");
    const bad = await call("open_page", { document: "ALDERWICK_2023_10K.txt", page: 99 });
    expect(bad.error).toMatch(/no page 99/);
  });

  it("rejects inputs outside the schema before running", async () => {
    await expect(call("get_line_items", { items: [] })).rejects.toThrow();
    await expect(call("open_page", { document: "x", page: 0 })).rejects.toThrow();
  });

  // Last: it rewrites a stored role. An address stored by an older reader as "Street,, Town,, State".
  it("get_company_facts gives a stored address without doubled commas", async () => {
    await db.query("update entity_mentions set role = 'headquarters: 100 Quay Street,, Portsmouth,, Rhode Island' where role = 'registrant'");
    const out = await call("get_company_facts", { company: "Alderwick", facts: ["headquarters"] });
    expect(out.facts.headquarters?.[0]).toMatchObject({ detail: "100 Quay Street, Portsmouth, Rhode Island" });
  });
});
