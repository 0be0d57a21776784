import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, Queryable } from "@/lib/db";
import { setConfigForProcess } from "@/lib/config";
import { processCandidates } from "@/lib/extraction/process";
import { listReview } from "@/lib/extraction/review";
import { contextOf, loadDocument } from "@/lib/extraction/store";
import type { Candidate, Extractor, FindingPayload } from "@/lib/extraction/types";
import { openTestDb } from "../helpers/db";

// One statement line per year, so that every candidate's excerpt verifies on the page.
const YEARS = Array.from({ length: 60 }, (_, i) => 1960 + i);
const PAGE = ["Consolidated Statement of Operations", "(Millions)", ...YEARS.map((y) => `Revenue for fiscal ${y} was ${1000 + y} million dollars in total`)].join("\n");

let db: Db;
let cleanup: () => Promise<void>;
let dealId: string;
let documentId: string;
const none: Extractor = { name: "n", version: "0", candidateType: "finding", extract: async () => ({ candidates: [], skipped: [], uncertainties: [] }) };

beforeAll(async () => {
  setConfigForProcess({ OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });
  ({ db, cleanup } = await openTestDb());
  dealId = crypto.randomUUID();
  documentId = crypto.randomUUID();
  await db.query("insert into deals (id, slug, name) values ($1, 'b', 'B')", [dealId]);
  await db.query(
    `insert into documents (id, deal_id, filename, sha256, bytes, storage_path, status, fiscal_year, fiscal_period, kind)
     values ($1, $2, 'ACME_2019_10K.pdf', 'b', 1, '', 'indexed', 2019, 'FY', 'annual report')`,
    [documentId, dealId],
  );
  for (const n of [1, 2]) await db.query("insert into document_pages (document_id, deal_id, page_number, text) values ($1, $2, $3, $4)", [documentId, dealId, n, PAGE]);
});
afterAll(async () => cleanup?.());

const revenue = (year: number, over: Partial<Candidate> = {}, payload: Partial<FindingPayload> = {}): Candidate => ({
  candidateType: "finding",
  candidateKey: `revenue|FY${year}|p1`,
  payload: { metric: "Revenue", metricKey: "revenue", valueText: `${1000 + year}`, valueNum: (1000 + year) * 1e6, unit: "currency", currency: "USD", period: `FY${year}`, isForecast: false, domain: "financial", ...payload },
  confidenceScore: 0.95,
  confidenceReason: "test",
  evidence: { text: `Revenue for fiscal ${year} was ${1000 + year} million dollars in total`, page: 1 },
  evidenceType: "formal",
  ...over,
});

/** The database, counting the statements sent through it. */
function counting(inner: Queryable): { db: Queryable; count: () => number } {
  let n = 0;
  return {
    db: { query: (sql, params) => (n++, inner.query(sql, params)), exec: (sql) => (n++, inner.exec(sql)) } as Queryable,
    count: () => n,
  };
}

describe("processCandidates writes in batches", () => {
  it("stages, decides, promotes and audits 60 candidates in a handful of statements, not several per candidate", async () => {
    const doc = await loadDocument(db, dealId, documentId);
    const c = counting(db);
    const sum = await processCandidates(c.db, { dealId, documentId, extractor: none, ctx: contextOf(doc), candidates: YEARS.map((y) => revenue(y)) });
    expect(sum).toMatchObject({ candidates: 60, promoted: 60, review: 0, duplicates: 0 });
    expect(c.count()).toBeLessThanOrEqual(8);
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from findings where document_id = $1 and metric_key = 'revenue' and status = 'active'", [documentId]);
    expect(rows[0]!.n).toBe(60);
    // every promoted row points at its finding, and each candidate's audit trail reads in order
    const staged = (await db.query<{ promoted_to: string | null; decisions: string[] }>(
      `select s.promoted_to, array_agg(v.decided_by || ':' || v.decision order by v.created_at) as decisions
         from staging_extractions s join validation_decisions v on v.extraction_id = s.id where s.document_id = $1 group by s.id`, [documentId])).rows;
    expect(staged).toHaveLength(60);
    for (const s of staged) {
      expect(s.promoted_to).toBeTruthy();
      expect(s.decisions).toEqual(["validator:valid", "decision_maker:promote"]);
    }
  });

  it("the same figure on a second page is the duplicate of the stronger one, also when that one was staged by an earlier run", async () => {
    const doc = await loadDocument(db, dealId, documentId);
    const strong = revenue(1965);
    const weak = revenue(1965, { candidateKey: "revenue|FY1965|p2", confidenceScore: 0.9, evidence: { ...strong.evidence, page: 2 } });
    const sum = await processCandidates(db, { dealId, documentId, extractor: none, ctx: contextOf(doc), candidates: [weak] });
    expect(sum).toMatchObject({ duplicates: 1, promoted: 0 });
    const { rows } = await db.query<{ status: string; dup: string; original: string }>(
      `select s.status, v.changes->>'duplicateOf' as dup, (select id::text from staging_extractions where candidate_key = $2 and document_id = $3) as original
         from staging_extractions s join validation_decisions v on v.extraction_id = s.id where s.candidate_key = $1 and s.document_id = $3`,
      [weak.candidateKey, strong.candidateKey, documentId]);
    expect(rows).toEqual([{ status: "duplicate", dup: rows[0]!.original, original: rows[0]!.original }]);
    // within one run: the stronger of two new candidates wins whatever the order they come in
    const a = revenue(1900, { candidateKey: "revenue|FY1900|p2", confidenceScore: 0.85, evidence: { text: "Revenue for fiscal 1960 was 2960 million dollars in total", page: 2 } }, { valueText: "2960", valueNum: 2960e6, period: "FY1900" });
    const b = revenue(1900, { candidateKey: "revenue|FY1900|p1", confidenceScore: 0.97, evidence: { text: "Revenue for fiscal 1960 was 2960 million dollars in total", page: 1 } }, { valueText: "2960", valueNum: 2960e6, period: "FY1900" });
    const both = await processCandidates(db, { dealId, documentId, extractor: none, ctx: contextOf(doc), candidates: [a, b] });
    expect(both).toMatchObject({ promoted: 1, duplicates: 1 });
    const status = async (k: string) => (await db.query<{ status: string }>("select status from staging_extractions where candidate_key = $1", [k])).rows[0]!.status;
    expect([await status(b.candidateKey), await status(a.candidateKey)]).toEqual(["promoted", "duplicate"]);
  });

  it("a key that comes twice in one run is staged twice in turn, the later candidate's figure kept", async () => {
    const doc = await loadDocument(db, dealId, documentId);
    const first = revenue(1970, { candidateKey: "twice" }, { period: "FY1970-twice" });
    const second = revenue(1971, { candidateKey: "twice", confidenceScore: 0.9 }, { period: "FY1971-twice" });
    const sum = await processCandidates(db, { dealId, documentId, extractor: none, ctx: contextOf(doc), candidates: [first, second] });
    expect(sum).toMatchObject({ candidates: 2, promoted: 2 });
    const { rows } = await db.query<{ period: string; decisions: number }>(
      "select payload->>'period' as period, (select count(*)::int from validation_decisions v where v.extraction_id = s.id) as decisions from staging_extractions s where candidate_key = 'twice'");
    expect(rows).toEqual([{ period: "FY1971-twice", decisions: 4 }]);
  });

  it("a review item's reason is its last decision (the decision maker's), as audits are created in order", async () => {
    const doc = await loadDocument(db, dealId, documentId);
    const mid = revenue(1980, { candidateKey: "mid-1980", confidenceScore: 0.6 }, { period: "FY1980-mid" });
    await processCandidates(db, { dealId, documentId, extractor: none, ctx: contextOf(doc), candidates: [mid] });
    const item = (await listReview(db, { dealId })).find((i) => i.candidateKey === "mid-1980")!;
    expect(item.reasonCode).toBe("medium_confidence");
    expect(item.reason).toMatch(/^Medium confidence \(0\.60\) requires human verification/);
  });
});
