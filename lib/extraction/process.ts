/**
 * One extractor run over one document: stage every candidate (upsert by key) → validate
 * (+ refine loop, at most 5 rounds) → decide (promote or review). Evidence that reads as an
 * instruction to an AI is held in review with its reason (held_reason), never promoted. Every validator and
 * decision-maker outcome is written to validation_decisions.
 */
import type { Queryable } from "@/lib/db";
import { makeDecision, promote } from "./decision";
import { recordDecision, stageCandidate, updateStaged } from "./store";
import type { Candidate, ExtractionContext, Extractor } from "./types";
import { CONFIDENCE_CAP, findDuplicate, MAX_REFINEMENT_ROUNDS, validateCandidate } from "./validator";

export interface ProcessSummary {
  candidates: number;
  promoted: number;
  review: number;
  reviewHigh: number;
  rejected: number;
  /** Held in review because the evidence reads as an instruction to an AI (never promoted). */
  held: number;
  duplicates: number;
  refinements: number;
  keptHumanDecision: number;
  promotedIds: string[];
}

export function emptySummary(): ProcessSummary {
  return { candidates: 0, promoted: 0, review: 0, reviewHigh: 0, rejected: 0, held: 0, duplicates: 0, refinements: 0, keptHumanDecision: 0, promotedIds: [] };
}

/** Takes back what an earlier run promoted from a staged candidate (its finding, event or entity mention). */
async function withdrawPromoted(db: Queryable, type: Candidate["candidateType"], extractionId: string) {
  if (type === "finding") await db.query("update findings set status = 'rejected' where extraction_id = $1", [extractionId]);
  else if (type === "timeline_event") await db.query("delete from timeline_events where extraction_id = $1", [extractionId]);
  else await db.query("delete from entity_mentions where extraction_id = $1", [extractionId]);
}

/** The refine step: the extractor's own, plus the one generic fix any extractor would make (lowering an over-confident score). */
async function refineCandidate(extractor: Extractor, ctx: ExtractionContext, c: Candidate, request: string): Promise<Candidate | null> {
  if (/^confidence .* too high/.test(request)) return { ...c, confidenceScore: CONFIDENCE_CAP[c.evidenceType], confidenceReason: `${c.confidenceReason}; capped for ${c.evidenceType} evidence` };
  if (!extractor.refine) return null;
  return extractor.refine(ctx, c, request);
}

export async function processCandidates(db: Queryable, a: {
  dealId: string;
  documentId: string;
  taskId?: string | null;
  processId?: string | null;
  extractor: Extractor;
  ctx: ExtractionContext;
  candidates: Candidate[];
  summary?: ProcessSummary;
}): Promise<ProcessSummary> {
  const sum = a.summary ?? emptySummary();
  // strongest first: when two pages state the same figure, the better evidence is promoted and the other is its duplicate
  const ordered = [...a.candidates].sort((x, y) => y.confidenceScore - x.confidenceScore || x.evidence.page - y.evidence.page);
  for (const original of ordered) {
    sum.candidates++;
    let c = original;
    const staged = await stageCandidate(db, { dealId: a.dealId, documentId: a.documentId, taskId: a.taskId, candidate: c });
    if (staged.userDecided) {
      sum.keptHumanDecision++; // a person approved/rejected/edited it: a re-run never overrides that
      continue;
    }
    const id = staged.id;
    const audit = (decidedBy: string, decision: Parameters<typeof recordDecision>[1]["decision"], reason: string, changes?: unknown) =>
      recordDecision(db, { dealId: a.dealId, extractionId: id, decidedBy, decision, reason, confidence: c.confidenceScore, changes });
    await updateStaged(db, id, { status: "pending", refinement_round: 0, refinement_request: null, review_priority: null, review_reason: null, missing_fields: [], held_reason: null });
    let round = 0;
    let outcome = validateCandidate(c, await a.ctx.getPage(c.evidence.page));
    let escalated: string | null = null;
    while (outcome.decision === "refine") {
      await audit("validator", "refine", `${outcome.reason} — request: ${outcome.request}`);
      if (round >= MAX_REFINEMENT_ROUNDS) {
        escalated = `Exceeded refinement limit after ${MAX_REFINEMENT_ROUNDS} attempts: ${outcome.reason}`;
        break;
      }
      round++;
      sum.refinements++;
      await updateStaged(db, id, { status: "needs_refinement", refinement_round: round, refinement_request: outcome.request });
      const next = await refineCandidate(a.extractor, a.ctx, c, outcome.request);
      if (!next) {
        escalated = `Extractor could not refine the candidate (${outcome.reason})`;
        break;
      }
      c = { ...next, candidateKey: c.candidateKey, candidateType: c.candidateType };
      await updateStaged(db, id, { payload: c.payload, evidence: c.evidence, confidence_score: c.confidenceScore, confidence_reason: c.confidenceReason });
      outcome = validateCandidate(c, await a.ctx.getPage(c.evidence.page));
    }
    if (escalated) {
      await updateStaged(db, id, { status: "review", review_priority: "high", review_reason: "refinement_failed", missing_fields: outcome.missingFields });
      await audit("decision_maker", "review", escalated);
      sum.review++;
      sum.reviewHigh++;
      continue;
    }
    if (outcome.decision === "hold") {
      // never knowledge: a finding promoted by an earlier run from this text is withdrawn as well
      await updateStaged(db, id, { status: "review", review_priority: "high", review_reason: "held", missing_fields: outcome.missingFields, held_reason: outcome.reason, promoted_to: null });
      await withdrawPromoted(db, c.candidateType, id);
      await audit("validator", "review", outcome.reason);
      sum.review++;
      sum.reviewHigh++;
      sum.held++;
      continue;
    }
    if (outcome.decision === "reject") {
      await updateStaged(db, id, { status: "rejected", missing_fields: outcome.missingFields });
      await audit("validator", "reject", outcome.reason);
      sum.rejected++;
      continue;
    }
    const dup = await findDuplicate(db, { dealId: a.dealId, documentId: a.documentId, extractionId: id, candidate: c });
    if (dup) {
      await updateStaged(db, id, { status: "duplicate", missing_fields: outcome.missingFields });
      await audit("validator", "reject", `Duplicate of staged extraction ${dup} (same figure/event elsewhere in this document)`, { duplicateOf: dup });
      sum.duplicates++;
      continue;
    }
    await updateStaged(db, id, { status: "validated", missing_fields: outcome.missingFields });
    await audit("validator", "valid", outcome.reason);
    const d = makeDecision(c.confidenceScore, outcome.missingFields);
    if (d.action === "promote") {
      const target = await promote(db, { id, deal_id: a.dealId, document_id: a.documentId, candidate: c }, { processId: a.processId });
      await updateStaged(db, id, { status: "promoted", promoted_to: target, review_priority: null });
      await audit("decision_maker", "promote", d.reason, { promotedTo: target });
      sum.promoted++;
      sum.promotedIds.push(target);
    } else {
      await updateStaged(db, id, { status: "review", review_priority: d.priority, review_reason: d.code });
      await audit("decision_maker", "review", `${d.reason} (priority ${d.priority})`);
      sum.review++;
      if (d.priority === "high") sum.reviewHigh++;
    }
  }
  return sum;
}
