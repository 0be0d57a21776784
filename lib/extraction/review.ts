/**
 * Human review of what the decision maker did not promote: list (high priority first, with evidence), approve,
 * reject, edit-and-approve (the edited excerpt is re-verified). An item held because its evidence
 * reads as an instruction to an AI (heldReason) cannot be approved with that evidence. Every action is audited in
 * validation_decisions with decided_by = user:<id or local>.
 */
import type { Db, Queryable } from "@/lib/db";
import { MandaError } from "@/lib/errors";
import { cleanExcerpt, EXCERPT_MAX, EXCERPT_MIN } from "./citation";
import { promote, type ReviewReason } from "./decision";
import { contextOf, embedFindings, loadDocument, recordDecision, updateStaged } from "./store";
import type { Candidate, CandidatePayload, CandidateType, Evidence, EvidenceType } from "./types";
import { validateCandidate } from "./validator";

export interface ReviewItem {
  id: string;
  candidateType: CandidateType;
  candidateKey: string;
  priority: "high" | "normal";
  payload: CandidatePayload;
  evidence: Evidence;
  evidenceType: EvidenceType;
  document: { id: string; filename: string };
  /** The latest audit sentence (validation_decisions.reason): for the audit trail and the CLI, not for parsing. */
  reason: string | null;
  /** Why it waits in review, as a code the review page words (null on rows written before the code existed). */
  reasonCode: ReviewReason | null;
  /** Set when extraction held the item because its evidence reads as an instruction to an AI (words); it cannot be approved as it stands. */
  heldReason: string | null;
  missingFields: string[];
  createdAt: string;
}

interface Row {
  id: string; candidate_type: CandidateType; candidate_key: string; review_priority: "high" | "normal" | null; payload: unknown; evidence: unknown;
  evidence_type: EvidenceType; document_id: string; filename: string; missing_fields: string[]; created_at: Date | string; reason: string | null;
  confidence_score: number; confidence_reason: string; status: string; deal_id: string; held_reason: string | null;
  review_reason: ReviewReason | null;
}

const j = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;

export async function listReview(db: Queryable, a: { dealId: string; limit?: number; type?: CandidateType }): Promise<ReviewItem[]> {
  const { rows } = await db.query<Row>(
    `select s.*, d.filename,
       (select v.reason from validation_decisions v where v.extraction_id = s.id order by v.created_at desc limit 1) as reason
     from staging_extractions s join documents d on d.id = s.document_id and d.deal_id = s.deal_id
     where s.deal_id = $1 and s.status = 'review' and ($2::text is null or s.candidate_type = $2)
     order by case s.review_priority when 'high' then 0 else 1 end, s.created_at, s.id
     limit $3`,
    [a.dealId, a.type ?? null, a.limit ?? 200],
  );
  return rows.map((r) => ({
    id: r.id, candidateType: r.candidate_type, candidateKey: r.candidate_key, priority: r.review_priority ?? "normal", payload: j(r.payload), evidence: j(r.evidence),
    evidenceType: r.evidence_type, document: { id: r.document_id, filename: r.filename }, reason: r.reason, reasonCode: r.review_reason ?? null, heldReason: r.held_reason ?? null, missingFields: r.missing_fields ?? [],
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

async function getStaged(db: Queryable, dealId: string, id: string): Promise<Row> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new MandaError("bad_request:review_id", "A review item id is a UUID.");
  const { rows } = await db.query<Row>(
    "select s.*, d.filename, null as reason from staging_extractions s join documents d on d.id = s.document_id where s.deal_id = $1 and s.id = $2",
    [dealId, id],
  );
  if (!rows[0]) throw new MandaError("not_found:review_item", "No such review item in this deal.");
  return rows[0];
}

export type ReviewAction = { action: "approve" } | { action: "reject"; reason?: string } | { action: "edit_approve"; edits: { payload?: Record<string, unknown>; excerpt?: string; page?: number; cell?: string } };

/**
 * Applies a reviewer's decision, then brings what depends on it up to date: the relations
 * (an approved finding may support or contradict others; a rejected one no longer does) and
 * the deal stage with its explanation ("3 items await review").
 */
export async function reviewItem(db: Db, a: { dealId: string; id: string; user?: string | null } & ReviewAction): Promise<{ id: string; status: string; promotedTo?: string }> {
  const result = await applyReviewAction(db, a);
  const { detectRelationsForDeal } = await import("@/lib/graph/detect");
  await detectRelationsForDeal({ db, dealId: a.dealId });
  const { updateDealStage } = await import("@/lib/pipeline/stages/deal");
  await updateDealStage({ db, dealId: a.dealId });
  return result;
}

async function applyReviewAction(db: Queryable, a: { dealId: string; id: string; user?: string | null } & ReviewAction): Promise<{ id: string; status: string; promotedTo?: string }> {
  const decidedBy = `user:${a.user ?? "local"}`;
  const row = await getStaged(db, a.dealId, a.id);
  if (row.status === "promoted" && a.action !== "reject") throw new MandaError("conflict:review_item", "This item is already promoted.");
  let candidate: Candidate = {
    candidateType: row.candidate_type, candidateKey: row.candidate_key, payload: j(row.payload), confidenceScore: row.confidence_score,
    confidenceReason: row.confidence_reason, evidence: j(row.evidence), evidenceType: row.evidence_type,
  };
  if (a.action === "reject") {
    await updateStaged(db, row.id, { status: "rejected", review_priority: null, review_reason: null });
    if (row.candidate_type === "finding") await db.query("update findings set status = 'rejected' where extraction_id = $1", [row.id]);
    await recordDecision(db, { dealId: a.dealId, extractionId: row.id, decidedBy, decision: "reject", reason: a.reason?.trim() || "Rejected by reviewer", confidence: row.confidence_score });
    return { id: row.id, status: "rejected" };
  }
  let changes: unknown;
  if (a.action === "edit_approve") {
    const e = a.edits ?? {};
    candidate = {
      ...candidate,
      payload: { ...(candidate.payload as object), ...(e.payload ?? {}) } as unknown as CandidatePayload,
      evidence: { text: e.excerpt !== undefined ? cleanExcerpt(e.excerpt) : candidate.evidence.text, page: e.page ?? candidate.evidence.page, ...(e.cell ?? candidate.evidence.cell ? { cell: e.cell ?? candidate.evidence.cell } : {}) },
    };
    changes = e;
  }
  // re-verify the citation (edited or not) before anything is promoted
  const doc = await loadDocument(db, a.dealId, row.document_id);
  const page = await contextOf(doc).getPage(candidate.evidence.page);
  const v = validateCandidate({ ...candidate, confidenceScore: Math.min(candidate.confidenceScore, 0.6) }, page);
  if (v.decision === "hold") throw new MandaError("conflict:held_instruction", `${v.reason.replace(/^Held: /, "This item was held: ")}`);
  if (v.decision === "refine" || v.decision === "reject") {
    throw new MandaError("bad_request:citation", `The citation does not check out: ${v.reason}. An excerpt must be ${EXCERPT_MIN}–${EXCERPT_MAX} characters found on page ${candidate.evidence.page}.`);
  }
  if (v.missingFields.length) throw new MandaError("bad_request:missing_fields", `Missing required fields: ${v.missingFields.join(", ")}.`);
  if (a.action === "edit_approve") {
    await updateStaged(db, row.id, { payload: candidate.payload, evidence: candidate.evidence });
  }
  const target = await promote(db, { id: row.id, deal_id: a.dealId, document_id: row.document_id, candidate }, { confidence: 1 });
  await updateStaged(db, row.id, { status: "promoted", promoted_to: target, review_priority: null, review_reason: null, missing_fields: [], held_reason: null });
  // an approved finding is searchable like an auto-promoted one: embed it now (same space as the chunks)
  if (row.candidate_type === "finding") await embedFindings(db, { dealId: a.dealId, documentId: row.document_id });
  await recordDecision(db, {
    dealId: a.dealId, extractionId: row.id, decidedBy, decision: a.action === "approve" ? "approve" : "edit_approve",
    reason: a.action === "approve" ? "Approved by reviewer" : "Edited and approved by reviewer (citation re-verified)", confidence: row.confidence_score, changes,
  });
  return { id: row.id, status: "promoted", promotedTo: target };
}
