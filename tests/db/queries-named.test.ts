/** The named query functions the agent's tools and the pages use (lib/db/queries), on a real database. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { deleteDocument, findIrlTemplateDocuments, getDocumentByFilename, listDocumentSummaries } from "@/lib/db/queries/documents";
import { countFindingsByDomain, insertManualFinding, type ManualFindingInput } from "@/lib/db/queries/knowledge";
import { getPageText, listPageOpenings, pageNumberOfSheet } from "@/lib/db/queries/pages";
import { countOpenReviewItems } from "@/lib/db/queries/review";
import { userIdByEmail } from "@/lib/db/queries/users";
import { countActiveFindingsByDeal, countProcessingDocumentsByDeal } from "@/lib/db/queries/deal-counts";
import { listDocumentSupersessions } from "@/lib/db/queries/knowledge";
import { findPagesMatching, getPageRow } from "@/lib/db/queries/pages";
import { countDocumentTasksByStatus, listTasksWithFilenames } from "@/lib/db/queries/tasks";
import { enqueueTask } from "@/lib/pipeline/queue";
import { listDocumentViews, searchInDocument } from "@/lib/ui/server/documents";
import { listPipelineTasks } from "@/lib/ui/server/pipeline";
import { openTestDb } from "../helpers/db";
import { addIndexedDocument } from "../helpers/documents";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

describe("named queries", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;
  let otherDealId: string;
  let report: string;
  let irl: string;
  let pendingIrl: string;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "named-queries" })).id;
    otherDealId = (await createDeal({ db, slug: "named-queries-other" })).id;
    report = await addIndexedDocument(db, dealId, "Annual_Report.pdf", ["Revenue was 10.", "Employees: 12."], { date: "2024-03-01" });
    irl = await addIndexedDocument(db, dealId, "Buyer_IRL_v2.xlsx", ["A1: Domain | B1: Item"]);
    pendingIrl = await addIndexedDocument(db, dealId, "information-request.xlsx", ["A1: Domain"]);
    await db.query("update documents set status = 'parsing' where id = $1", [pendingIrl]);
    await addIndexedDocument(db, otherDealId, "annual_report.pdf", ["Other deal."]);
    await db.query("update document_pages set label = 'Requests' where document_id = $1", [irl]);
  });
  afterAll(() => cleanup());

  it("finds a document by filename in its own deal only, case-insensitively", async () => {
    expect(await getDocumentByFilename({ db, dealId, filename: "annual_report.PDF" })).toEqual({ id: report, filename: "Annual_Report.pdf" });
    expect(await getDocumentByFilename({ db, dealId, filename: "Missing.pdf" })).toBeNull();
  });

  it("finds IRL templates by name or by what they are, indexed ones only when asked", async () => {
    expect((await findIrlTemplateDocuments({ db, dealId, indexedOnly: true })).map((d) => d.id)).toEqual([irl]);
    expect((await findIrlTemplateDocuments({ db, dealId, indexedOnly: false })).map((d) => d.filename)).toEqual(["Buyer_IRL_v2.xlsx", "information-request.xlsx"]);
    expect((await findIrlTemplateDocuments({ db, dealId, filename: "annual_report.pdf", indexedOnly: true })).map((d) => d.id)).toEqual([report]);
  });

  it("reads page text, openings and a sheet's page", async () => {
    expect(await getPageText({ db, documentId: report, page: 2 })).toBe("Employees: 12.");
    expect(await getPageText({ db, documentId: report, page: 3 })).toBeNull();
    expect(await listPageOpenings({ db, documentId: report, limit: 1, chars: 7 })).toEqual([{ page_number: 1, label: null, text: "Revenue" }]);
    expect(await pageNumberOfSheet({ db, documentId: irl, sheet: "requests" })).toBe(1);
    expect(await pageNumberOfSheet({ db, documentId: irl, sheet: "Other" })).toBeNull();
  });

  it("records a confirmed finding once, counts it by domain and in the document summary", async () => {
    const f: ManualFindingInput = { dealId, documentId: report, domain: "financial", metric: "Revenue", metricKey: "revenue", valueText: "10", valueNum: 10, unit: "currency", currency: null, period: "FY2023", isForecast: false, page: 1, cell: null, excerpt: "Revenue was 10." };
    expect(await insertManualFinding({ db, id: crypto.randomUUID(), finding: f })).toBe(true);
    expect(await insertManualFinding({ db, id: crypto.randomUUID(), finding: f })).toBe(false);
    expect(await countFindingsByDomain({ db, documentId: report })).toEqual([{ domain: "financial", n: 1 }]);
    const summaries = await listDocumentSummaries({ db, dealId });
    expect(summaries[0]).toMatchObject({ filename: "Annual_Report.pdf", document_date: "2024-03-01", findings: 1 });
    expect(summaries).toHaveLength(3);
  });

  it("data room reads: page rows, in-document search, version relations, task counts and the pipeline list", async () => {
    expect(await getPageRow({ db, dealId, documentId: report, page: 1 })).toMatchObject({ page_number: 1, text: "Revenue was 10." });
    expect(await getPageRow({ db, dealId: otherDealId, documentId: report, page: 1 })).toBeNull();
    expect((await findPagesMatching({ db, dealId, documentId: report, pattern: "%employees%" })).map((p) => p.page_number)).toEqual([2]);
    expect(await searchInDocument({ db, dealId, documentId: report, q: "employees" })).toEqual([{ page: 2, label: null, count: 1, snippet: "Employees: 12." }]);
    const older = await addIndexedDocument(db, dealId, "Annual_Report_draft.pdf", ["Draft."]);
    await db.query(
      "insert into relations (id, deal_id, from_kind, from_id, to_kind, to_id, relation_type, reason, created_by) values ($1, $2, 'document', $3, 'document', $4, 'SUPERSEDES', 'test', 'test')",
      [crypto.randomUUID(), dealId, report, older],
    );
    expect(await listDocumentSupersessions({ db, dealId })).toEqual([{ from_id: report, to_id: older }]);
    await enqueueTask({ db, dealId, documentId: report, taskType: "findings_extraction", idempotencyKey: `q:${report}` });
    await enqueueTask({ db, dealId, taskType: "orchestration", idempotencyKey: `q:orch:${dealId}` });
    expect(await countDocumentTasksByStatus({ db, dealId })).toEqual([{ document_id: report, status: "pending", n: 1 }]);
    const tasks = await listTasksWithFilenames({ db, dealId, limit: 10 });
    expect(tasks.map((t) => [t.task_type, t.filename]).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([["findings_extraction", "Annual_Report.pdf"], ["orchestration", null]]);
    expect(await listTasksWithFilenames({ db, dealId, status: "failed", limit: 10 })).toEqual([]);
    const listed = (await listPipelineTasks({ db, dealId })).map((t) => t.filename);
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(expect.arrayContaining(["Annual_Report.pdf", null]));
    const views = await listDocumentViews({ db, dealId });
    const rv = views.find((v) => v.id === report)!;
    expect(rv).toMatchObject({ supersedes: [older], versionSource: "relations", tasks: { pending: 1, running: 0, completed: 0, failed: 0 } });
    expect(views.find((v) => v.id === older)!.supersededBy).toEqual([report]);
    await db.query("delete from agent_tasks where deal_id = $1", [dealId]);
    await db.query("delete from documents where id = $1", [older]);
  });

  it("per-deal counts for the overview", async () => {
    expect((await countActiveFindingsByDeal({ db })).get(dealId)).toBe(1);
    expect((await countProcessingDocumentsByDeal({ db })).get(dealId)).toBe(1);
    expect((await countProcessingDocumentsByDeal({ db })).get(otherDealId)).toBeUndefined();
  });

  it("counts open review items, finds users by email, deletes a document of its deal only", async () => {
    expect(await countOpenReviewItems({ db, dealId })).toBe(0);
    const userId = crypto.randomUUID();
    await db.query("insert into users (id, email, name) values ($1, $2, $3)", [userId, "ana@example.com", "Ana"]);
    expect(await userIdByEmail({ db, email: "Ana@Example.com" })).toBe(userId);
    expect(await userIdByEmail({ db, email: "nobody@example.com" })).toBeNull();
    await deleteDocument({ db, dealId: otherDealId, documentId: pendingIrl });
    expect(await getDocumentByFilename({ db, dealId, filename: "information-request.xlsx" })).not.toBeNull();
    await deleteDocument({ db, dealId, documentId: pendingIrl });
    expect(await getDocumentByFilename({ db, dealId, filename: "information-request.xlsx" })).toBeNull();
  });
});
