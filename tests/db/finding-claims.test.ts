/**
 * Multi-filing deals tell the truth: promoted findings keep their scope and period type, relation
 * detection links only figures of the same claim, and the knowledge layer's conflict report never
 * sets a segment's, a per-share or a non-operating figure against the company's total.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { scanConflicts } from "@/lib/agent/knowledge/conflicts";
import { SourceRegistry } from "@/lib/agent/sources";
import { promote } from "@/lib/extraction/decision";
import { extractPartFindings } from "@/lib/extraction/findings/parts";
import { detectRelationsForDeal } from "@/lib/graph/detect";
import { openTestDb } from "../helpers/db";
import { tempDir } from "../helpers/fixtures";
import { addDoc } from "./agent-fixtures";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

interface Claim {
  doc: string;
  metric: string;
  key: string;
  value: string;
  num: number;
  period: string;
  end: string;
  type: string;
  months: number;
  scope: string;
  scopeName?: string;
  page: number;
  forecast?: boolean;
}

async function addClaim(db: Db, dealId: string, c: Claim): Promise<string> {
  const id = crypto.randomUUID();
  await db.query(
    `insert into findings (id, deal_id, document_id, domain, metric, metric_key, value_text, value_num, unit, currency, period, period_end, is_forecast,
       source_page, source_excerpt, confidence, scope, scope_name, period_type, period_months)
     values ($1, $2, $3, 'financial', $4, $5, $6, $7, 'currency', 'USD', $8, $9::date, $16, $10, $11, 0.95, $12, $13, $14, $15)`,
    [id, dealId, c.doc, c.metric, c.key, c.value, c.num, c.period, c.end, c.page, `${c.metric} ${c.value}`, c.scope, c.scopeName ?? null, c.type, c.months, c.forecast ?? false],
  );
  return id;
}

const SEGMENT_PAGE = `Orbital Systems
Orbital Systems' operating results included the following (in millions):
2020 2019
Net sales $ 11,000 $ 10,500
Backlog at year-end $ 30,000 $ 31,000`;

describe("findings keep their scope and period type", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ db, cleanup } = await openTestDb()));
  afterAll(() => cleanup());

  it("a segment's backlog row is stored with the segment's scope and a year's period type", async () => {
    const deal = await createDeal({ db, slug: "scope-store", name: "Scope", targetCompany: "Quillon Systems Inc." });
    const doc = await addDoc(db, deal.id, "QUILLON_2020_10K.pdf", [SEGMENT_PAGE], { kind: "annual report", fiscal_year: 2020 });
    const backlog = extractPartFindings({ pageNumber: 1, text: SEGMENT_PAGE }).find((c) => /^Backlog/.test((c.payload as { metric: string }).metric) && (c.payload as { period?: string }).period === "FY2020")!;
    expect(backlog).toBeDefined();
    const { rows: staged } = await db.query<{ id: string }>(
      `insert into staging_extractions (id, deal_id, document_id, candidate_type, candidate_key, payload, confidence_score, confidence_reason, evidence, evidence_type)
       values ($1, $2, $3, 'finding', $4, $5::jsonb, 0.82, 'test', $6::jsonb, 'formal') returning id`,
      [crypto.randomUUID(), deal.id, doc, backlog.candidateKey, JSON.stringify(backlog.payload), JSON.stringify(backlog.evidence)],
    );
    const id = await promote(db, { id: staged[0]!.id, deal_id: deal.id, document_id: doc, candidate: backlog });
    const { rows } = await db.query<{ scope: string; scope_name: string; period_type: string; period_months: number }>(
      "select scope, scope_name, period_type, period_months from findings where id = $1",
      [id],
    );
    expect(rows[0]).toEqual({ scope: "segment", scope_name: "Orbital Systems", period_type: "year", period_months: 12 });
  });
});

describe("conflicts only between figures of the same claim", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "claims", name: "Claims", targetCompany: "Quillon Systems Inc." })).id;
    const company = "Quillon Systems Inc.";
    const k20 = await addDoc(db, dealId, "QUILLON_2020_10K.pdf", ["Annual report 2020"], { company, kind: "annual report", fiscal_year: 2020, date: "2020-11-01" });
    const k21 = await addDoc(db, dealId, "QUILLON_2021_10K.pdf", ["Annual report 2021"], { company, kind: "annual report", fiscal_year: 2021, date: "2021-11-01" });
    const deck = await addDoc(db, dealId, "Investor_Presentation.pdf", ["Investor presentation"], { company, kind: "presentation", date: "2021-12-01" });
    const year = { period: "FY2020", end: "2020-09-26", type: "year", months: 12, key: "net_income", metric: "Net earnings" };
    ids = {
      total20: await addClaim(db, dealId, { ...year, doc: k20, value: "6,830", num: 6_830_000_000, scope: "consolidated", page: 40 }),
      // the later 10-K restates the total
      total21: await addClaim(db, dealId, { ...year, doc: k21, value: "6,790", num: 6_790_000_000, scope: "consolidated", page: 38 }),
      // a segment's and a non-operating line's net earnings in the presentation
      segment: await addClaim(db, dealId, { ...year, doc: deck, value: "$100 million", num: 100_000_000, scope: "segment", scopeName: "Orbital Systems", page: 5 }),
      other: await addClaim(db, dealId, { ...year, doc: deck, value: "$29 million", num: 29_000_000, scope: "non_operating", page: 6 }),
      // the fourth quarter under the year's label
      quarter: await addClaim(db, dealId, { ...year, doc: deck, value: "$1.7 billion", num: 1_700_000_000, type: "quarter", months: 3, scope: "consolidated", page: 7 }),
    };
    await detectRelationsForDeal({ db, dealId });
  });
  afterAll(() => cleanup());

  async function relations(type: string) {
    const { rows } = await db.query<{ from_id: string; to_id: string; reason: string }>(
      "select from_id, to_id, reason from relations where deal_id = $1 and relation_type = $2 and from_kind = 'finding' and to_kind = 'finding'",
      [dealId, type],
    );
    return rows;
  }

  it("stores no CONTRADICTS between the total and a segment's, a non-operating line's or a quarter's figure", async () => {
    expect(await relations("CONTRADICTS")).toEqual([]);
  });

  it("the later 10-K's restated total SUPERSEDES the earlier one, restated in that 10-K", async () => {
    const sup = await relations("SUPERSEDES");
    expect(sup).toEqual([expect.objectContaining({ from_id: ids.total21, to_id: ids.total20 })]);
    expect(sup[0]!.reason).toMatch(/Restated in QUILLON_2021_10K\.pdf/);
  });

  it("the knowledge layer reports no open discrepancy for net earnings FY2020, and the restatement as a correction", async () => {
    const scan = await scanConflicts({ db, dealId, sources: new SourceRegistry("claims"), metric: "net earnings", period: "FY2020" });
    expect(scan.conflicts).toEqual([]);
    expect(scan.corrections.map((c) => c.current.findingId)).toEqual([ids.total21]);
  });

  it("two 10-Ks' forecasts of a later year that differ are a revised forecast, not a conflict", async () => {
    const docs = (await db.query<{ id: string; filename: string }>("select id, filename from documents where deal_id = $1", [dealId])).rows;
    const doc = (name: string) => docs.find((d) => d.filename === name)!.id;
    const later = { period: "FY2022", end: "2022-09-30", type: "year", months: 12, key: "capital_expenditure", metric: "capital expenditures", scope: "consolidated", forecast: true };
    await addClaim(db, dealId, { ...later, doc: doc("QUILLON_2020_10K.pdf"), value: "$971 million", num: 971_000_000, page: 60 });
    await addClaim(db, dealId, { ...later, doc: doc("QUILLON_2021_10K.pdf"), value: "$829 million", num: 829_000_000, page: 61 });
    const scan = await scanConflicts({ db, dealId, sources: new SourceRegistry("claims"), metric: "capital expenditures", period: "FY2022" });
    expect(scan.conflicts).toEqual([]);
  });

  it("a presentation's different total for the same year is still a conflict", async () => {
    const deck = (await db.query<{ id: string }>("select id from documents where deal_id = $1 and filename = 'Investor_Presentation.pdf'", [dealId])).rows[0]!.id;
    const wrong = await addClaim(db, dealId, { period: "FY2020", end: "2020-09-26", type: "year", months: 12, key: "net_income", metric: "Net earnings", doc: deck, value: "$7.4 billion", num: 7_400_000_000, scope: "consolidated", page: 9 });
    await detectRelationsForDeal({ db, dealId });
    const contra = await relations("CONTRADICTS");
    expect(contra).toEqual([expect.objectContaining({ from_id: wrong, to_id: ids.total21 })]);
    const scan = await scanConflicts({ db, dealId, sources: new SourceRegistry("claims"), metric: "net earnings", period: "FY2020" });
    expect(scan.conflicts).toHaveLength(1);
    expect(scan.conflicts[0]!.sides.map((s) => s.findingId).sort()).toEqual([wrong, ids.total21].sort());
  });
});
