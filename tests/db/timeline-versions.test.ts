/**
 * The decision step merges an event stated by two versions of one document (report.pdf and
 * report_CORRECTED.pdf) into one event, kept from the later version whichever is processed first;
 * and a 10-K's headcount stated in the company's own voice passes the validator and is promoted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { setConfigForProcess } from "@/lib/config";
import { extractEntitiesFromPages } from "@/lib/extraction/entities";
import { processCandidates } from "@/lib/extraction/process";
import { contextOf, loadDocument } from "@/lib/extraction/store";
import type { Candidate, EntityPayload, Extractor } from "@/lib/extraction/types";
import { validateCandidate } from "@/lib/extraction/validator";
import { openTestDb } from "../helpers/db";

const SIGNED = "The board approved the annual report on 12 March 2024 and the auditor signed it the same day.";
let db: Db;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  setConfigForProcess({ OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });
  ({ db, cleanup } = await openTestDb());
});
afterAll(async () => cleanup?.());

async function deal(): Promise<string> {
  const id = crypto.randomUUID();
  await db.query("insert into deals (id, slug, name) values ($1, $2, 'X')", [id, `d-${id.slice(0, 8)}`]);
  return id;
}

async function document(dealId: string, filename: string, text: string): Promise<string> {
  const id = crypto.randomUUID();
  await db.query(
    `insert into documents (id, deal_id, filename, sha256, bytes, storage_path, status, version_group) values ($1, $2, $3, $4, 1, '', 'indexed', 'annual_report_2023')`,
    [id, dealId, filename, id],
  );
  await db.query("insert into document_pages (document_id, deal_id, page_number, text) values ($1, $2, 1, $3)", [id, dealId, text]);
  return id;
}

const none: Extractor = { name: "t", version: "0", candidateType: "timeline_event", extract: async () => ({ candidates: [], skipped: [], uncertainties: [] }) };
const approved = (): Candidate => ({
  candidateType: "timeline_event", candidateKey: "decision|2024-03-12", confidenceScore: 0.85, confidenceReason: "test", evidenceType: "prose",
  payload: { eventType: "decision", eventDate: "2024-03-12", datePrecision: "day", description: SIGNED, actors: [] },
  evidence: { text: SIGNED, page: 1 },
});

async function run(dealId: string, documentId: string) {
  const doc = await loadDocument(db, dealId, documentId);
  return processCandidates(db, { dealId, documentId, extractor: none, ctx: contextOf(doc), candidates: [approved()] });
}

async function events(dealId: string) {
  const { rows } = await db.query<{ filename: string }>(
    "select d.filename from timeline_events e join documents d on d.id = e.document_id where e.deal_id = $1 and e.event_type = 'decision' and e.event_date = '2024-03-12'",
    [dealId],
  );
  return rows.map((r) => r.filename);
}

describe("one event across the versions of a document", () => {
  it("keeps the later version's event when the earlier version is processed first", async () => {
    const d = await deal();
    const v1 = await document(d, "Annual_Report_2023.pdf", SIGNED);
    const v2 = await document(d, "Annual_Report_2023_CORRECTED.pdf", SIGNED);
    await run(d, v1);
    expect(await events(d)).toEqual(["Annual_Report_2023.pdf"]);
    await run(d, v2);
    expect(await events(d)).toEqual(["Annual_Report_2023_CORRECTED.pdf"]);
  });

  it("adds no second event when the earlier version is processed after the later one", async () => {
    const d = await deal();
    const v1 = await document(d, "Annual_Report_2023.pdf", SIGNED);
    const v2 = await document(d, "Annual_Report_2023_v2.pdf", SIGNED);
    await run(d, v2);
    await run(d, v1);
    expect(await events(d)).toEqual(["Annual_Report_2023_v2.pdf"]);
  });

  it("keeps the same event of two companies' files with one name apart", async () => {
    const d = await deal();
    const a = await document(d, "Annual_Report_2023.pdf", SIGNED);
    const b = await document(d, "Annual_Report_2023_CORRECTED.pdf", SIGNED);
    await db.query("update documents set company_key = case when id = $1 then 'alpha' else 'beta' end where id = any($2::uuid[])", [a, [a, b]]);
    await run(d, a);
    await run(d, b);
    expect((await events(d)).sort()).toEqual(["Annual_Report_2023.pdf", "Annual_Report_2023_CORRECTED.pdf"]);
  });

  it("keeps both events when nothing orders the two files (same rank, no dates)", async () => {
    const d = await deal();
    const a = await document(d, "Annual_Report_2023.pdf", SIGNED);
    const b = await document(d, "annual report 2023.pdf", SIGNED);
    await run(d, a);
    await run(d, b);
    expect((await events(d)).sort()).toEqual(["Annual_Report_2023.pdf", "annual report 2023.pdf"]);
  });

  it("keeps the same event of two different documents apart", async () => {
    const d = await deal();
    const a = await document(d, "Annual_Report_2023.pdf", SIGNED);
    const other = crypto.randomUUID();
    await db.query(
      `insert into documents (id, deal_id, filename, sha256, bytes, storage_path, status, version_group) values ($1, $2, 'Board_Minutes_March.pdf', $3, 1, '', 'indexed', 'board_minutes_march')`,
      [other, d, other],
    );
    await db.query("insert into document_pages (document_id, deal_id, page_number, text) values ($1, $2, 1, $3)", [other, d, SIGNED]);
    await run(d, a);
    await run(d, other);
    expect((await events(d)).sort()).toEqual(["Annual_Report_2023.pdf", "Board_Minutes_March.pdf"]);
  });
});

describe("a headcount stated in the company's own voice", () => {
  const cover = { pageNumber: 1, text: "FORM 10-K\nFor the fiscal year ended May 31, 2023\nLANTERN GOODS, INC.\n(Exact name of registrant as specified in its charter)\nOregon 93-0000000\n1 Harbour Drive, Portland, Oregon 97005\n(Address of principal executive offices) (Zip Code)" };
  const business = { pageNumber: 7, text: "Employees\nAs of May 31, 2023, we had approximately 41,300 employees worldwide, including retail and part-time employees." };

  it("is read as the registrant's mention and passes the validator", () => {
    const c = extractEntitiesFromPages([cover, business], { filename: "LANTERN_2023_10K.pdf" }).candidates.find((x) => /^employees:/.test((x.payload as EntityPayload).role ?? ""));
    expect(c?.payload).toMatchObject({ entityType: "organisation", role: "employees: approximately 41,300 (as of May 31, 2023)" });
    expect(c!.evidence.page).toBe(7);
    expect(validateCandidate(c!, business)).toMatchObject({ decision: "valid" });
    // the value is what the excerpt must state: another figure in the company's voice does not support it
    const wrong = { ...c!, payload: { ...(c!.payload as EntityPayload), role: "employees: approximately 52,000" } };
    expect(validateCandidate(wrong, business)).toMatchObject({ decision: "refine", reason: expect.stringMatching(/does not name/) });
  });
});
