/**
 * A deal of four made-up companies' small filings (PDFs and form-fed text files), through the real
 * ingest: identity comes from each cover page (one file is named after another company), and a
 * question naming one company never reads another's documents — in page search, the knowledge
 * base, or relation detection.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { documentScope } from "@/lib/agent/knowledge/document-scope";
import { queryKnowledgeBase } from "@/lib/agent/knowledge/query";
import { SourceRegistry } from "@/lib/agent/sources";
import { detectRelationsForDeal } from "@/lib/graph/detect";
import { ingestFile } from "@/lib/ingest/ingest";
import { searchPages } from "@/lib/search/search";
import { openTestDb } from "../helpers/db";
import { makePdf, tempDir, writeFixture } from "../helpers/fixtures";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const cover = (registrant: string, fileNo: string, ticker: string, fyEnd: string) =>
  [
    "UNITED STATES", "SECURITIES AND EXCHANGE COMMISSION", "FORM 10-K", `For the fiscal year ended ${fyEnd}`, `Commission File Number ${fileNo}`, "",
    registrant, "", "(Exact name of registrant as specified in its charter)", "Securities registered pursuant to Section 12(b) of the Act:",
    "Title of each class Trading Symbol(s) Name of each exchange on which registered", `Common Stock ${ticker} New York Stock Exchange`,
  ].join("\n");
const capexPage = (amount: string, year: number) =>
  `Consolidated Statement of Cash Flows\nPurchases of property, plant and equipment (capital expenditures) were $${amount} million in ${year}.`;

const FILINGS = [
  // named after another company on purpose: the cover decides
  { file: "HARBORPINE_2022_10K.pdf", key: "quillfeatherrobotics", pages: [cover("QUILLFEATHER ROBOTICS, INC.", "1-40417", "QFR", "May 31, 2022"), capexPage("1,111", 2022)] },
  { file: "qfr-annual-2021.pdf", key: "quillfeatherrobotics", pages: [cover("Quillfeather Robotics, Inc.", "001-40417", "QFR", "May 31, 2021"), capexPage("1,010", 2021)] },
  { file: "hp_fy2022.pdf", key: "harborpine", pages: [cover("HARBOR & PINE CORPORATION", "1-55501", "HPC", "December 31, 2022"), capexPage("2,222", 2022)] },
  { file: "bh_2022_10k.txt", key: "bestharvest", pages: [cover("BEST HARVEST CO., INC.", "1-9999", "BHV", "January 28, 2023"), capexPage("3,333", 2022)] },
  { file: "9q-2022.txt", key: "9q", pages: [cover("9Q COMPANY", "1-3000", "NQ", "December 31, 2022"), capexPage("4,444", 2022)] },
  // an older 10-K: no trading-symbol column on the cover; the market section states the symbol
  {
    file: "ow-2016.txt", key: "orrinwhitlow",
    pages: [
      cover("ORRIN WHITLOW CORPORATION", "0-7001", "", "June 30, 2016").split("\n").slice(0, 8).join("\n"),
      `${capexPage("5,555", 2022)}\nMarket for Registrant's Common Equity\nOur common stock is traded on the Nasdaq Global Select Market under the symbol \u201cORWT.\u201d`,
    ],
  },
] as const;

describe("company scope in a deal of several companies' filings", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;
  const docOf = new Map<string, string>(); // document id → company key (as the test built it)
  const kb = (query: string) => queryKnowledgeBase({ db, dealId, sources: new SourceRegistry("peers") }, { query });

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    const deal = await createDeal({ db, slug: "peers", name: "Peers" });
    dealId = deal.id;
    const dir = tempDir("manda-peers-");
    for (const f of FILINGS) {
      const bytes = f.file.endsWith(".pdf") ? await makePdf([...f.pages]) : new TextEncoder().encode(f.pages.join("\f"));
      const r = await ingestFile({ db, dealId, filePath: writeFixture(dir, f.file, bytes) });
      if (r.status !== "indexed" || !r.documentId) throw new Error(`${f.file} was not indexed`);
      docOf.set(r.documentId, f.key);
      const year = f.file === "qfr-annual-2021.pdf" ? 2021 : 2022;
      const amount = Number(/\$([\d,]+) million/.exec(f.pages[1])![1]!.replace(/,/g, "")) * 1e6;
      await db.query(
        `insert into findings (id, deal_id, document_id, domain, metric, metric_key, value_text, value_num, unit, currency, period, is_forecast, source_page, source_excerpt, confidence)
         values ($1, $2, $3, 'financial', 'Capital expenditures', 'capex', $4, $5, 'currency', 'USD', $6, false, 2, $7, 0.9)`,
        [crypto.randomUUID(), dealId, r.documentId, `$${amount / 1e6} million`, amount, `FY${year}`, f.pages[1].split("\n")[1]],
      );
    }
  });
  afterAll(() => cleanup());

  const companiesOf = (ids: string[]) => [...new Set(ids.map((id) => docOf.get(id)))];

  it("reads each company's identity from its cover page, not its file name", async () => {
    const { rows } = await db.query<{ filename: string; company_key: string; ticker: string; fiscal_year_end_month: number }>(
      "select filename, company_key, ticker, fiscal_year_end_month from documents where deal_id = $1 order by filename",
      [dealId],
    );
    expect(rows.map((r) => [r.filename, r.company_key, r.ticker, r.fiscal_year_end_month])).toEqual([
      ["9q-2022.txt", "9q", "NQ", 12],
      ["HARBORPINE_2022_10K.pdf", "quillfeatherrobotics", "QFR", 5],
      ["bh_2022_10k.txt", "bestharvest", "BHV", 1],
      ["hp_fy2022.pdf", "harborpine", "HPC", 12],
      ["ow-2016.txt", "orrinwhitlow", "ORWT", 6],
      ["qfr-annual-2021.pdf", "quillfeatherrobotics", "QFR", 5],
    ]);
  });

  it("page search for a named company returns only its documents", async () => {
    const cases: Array<[string, string]> = [
      ["What were Quillfeather's capital expenditures in FY2022?", "quillfeatherrobotics"],
      ["capital expenditures of HPC in 2022", "harborpine"],
      ["What is the FY2022 capital expenditure amount for 9Q?", "9q"],
      ["best harvest purchases of property, plant and equipment", "bestharvest"],
    ];
    for (const [query, key] of cases) {
      const hits = await searchPages({ db, dealId, query, k: 10 });
      expect(hits.length, query).toBeGreaterThan(0);
      expect(companiesOf(hits.map((h) => h.documentId)), query).toEqual([key]);
    }
    // a common word in a name names nothing: every company's capex page is a candidate
    const unnamed = await searchPages({ db, dealId, query: "What is the best capex to buy?", k: 10 });
    expect(companiesOf(unnamed.map((h) => h.documentId)).length).toBeGreaterThan(1);
  });

  it("the knowledge base answers a named company from its findings only, with no cross-company conflict", async () => {
    const r = await kb("What were 9Q's capital expenditures in FY2022?");
    expect(r.answer?.value).toMatch(/4\.44|4,444/);
    expect(r.findings.every((f) => f.source.document === "9q-2022.txt")).toBe(true);
    expect(r.conflicts).toEqual([]);

    const q = await kb("Quillfeather capital expenditures");
    expect(q.findings.length).toBeGreaterThan(0);
    expect(q.findings.every((f) => ["HARBORPINE_2022_10K.pdf", "qfr-annual-2021.pdf"].includes(f.source.document))).toBe(true);
    expect(q.answer).toMatchObject({ period: "FY2022", source: { document: "HARBORPINE_2022_10K.pdf" } });

    // four companies' FY2022 capex differ: never "the sources disagree"
    const all = await kb("What were capital expenditures in FY2022?");
    expect(all.conflicts).toEqual([]);
  });

  it("a question naming no company says which companies to ask between, or the deal's target", async () => {
    const none = await documentScope(db, dealId, { query: "What were capital expenditures in FY2022?", notes: [] });
    expect(none.documentIds).toBeUndefined();
    expect(none.askWhich).toHaveLength(5);
    expect(none.askWhich?.[0]).toBe("QUILLFEATHER ROBOTICS, INC"); // most documents first
    await db.query("update deals set target_company = 'Harbor & Pine' where id = $1", [dealId]);
    const target = await documentScope(db, dealId, { query: "What were capital expenditures in FY2022?", notes: [] });
    expect(target.answersFor).toMatchObject({ name: "HARBOR & PINE CORPORATION", why: "deal target" });
    expect(companiesOf(target.answersFor!.documentIds)).toEqual(["harborpine"]);
    const named = await documentScope(db, dealId, { query: "What were BHV's capital expenditures?", notes: [] });
    expect(named.companies).toEqual(["BEST HARVEST CO., INC"]);
    expect(companiesOf(named.documentIds!)).toEqual(["bestharvest"]);
  });

  it("relation detection relates one company's filings only", async () => {
    await detectRelationsForDeal({ db, dealId });
    const { rows } = await db.query<{ from_id: string; to_id: string; relation_type: string }>(
      `select r.relation_type, ff.document_id as from_id, ft.document_id as to_id from relations r
       join findings ff on ff.id = r.from_id join findings ft on ft.id = r.to_id
       where r.deal_id = $1 and r.from_kind = 'finding' and r.to_kind = 'finding'`,
      [dealId],
    );
    for (const r of rows) expect(docOf.get(r.from_id), r.relation_type).toBe(docOf.get(r.to_id));
  });
});
