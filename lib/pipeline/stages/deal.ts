/**
 * Deal stage state machine: deterministic, from evidence in the database, with an English
 * explanation that states the evidence ("12 documents indexed, 148 findings promoted, 3 items
 * await review, 2 contradictions"). Stored on deals.stage / deals.stage_explanation.
 *
 *   empty      no indexed document (none uploaded, or every one failed)
 *   ingesting  documents are still being uploaded or parsed
 *   indexed    indexed documents exist that no extraction has been queued for
 *   extracting extraction or relation tasks are pending or running
 *   in_review  items await review, contradictions are open, or extraction failed for a document
 *   gaps_open  IRL items are not covered yet (only when the deal has an IRL)
 *   ready      everything extracted, reviewed and covered
 */
import type { Queryable } from "@/lib/db";
import { countOpenContradictions } from "@/lib/graph/open-contradictions";
import { describeIrlGaps, irlGapCountsByDeal, type IrlGapCounts } from "@/lib/irl/gap-counts";

export type DealStage = "empty" | "ingesting" | "indexed" | "extracting" | "in_review" | "gaps_open" | "ready";

export const DEAL_STAGES: readonly DealStage[] = ["empty", "ingesting", "indexed", "extracting", "in_review", "gaps_open", "ready"];

export interface DealEvidence {
  documents: { total: number; inFlight: number; indexed: number; failed: number };
  /** Indexed documents with no extraction task at all. */
  documentsNotExtracted: number;
  tasks: { pending: number; running: number; failed: number };
  findings: number;
  events: number;
  entities: number;
  reviewItems: number;
  /** Open contradictions (lib/graph/open-contradictions.ts: the list the chat and the Q&A page use too). */
  contradictions: number;
  /** Absent when the deal has no information request list (the table or rows do not exist). */
  irl?: IrlGapCounts;
}

export interface DealStageResult {
  stage: DealStage;
  explanation: string;
}

const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The evidence sentence shared by every stage. */
export function describeDealEvidence(e: DealEvidence): string {
  const parts = [`${n(e.documents.indexed, "document")} indexed`];
  if (e.documents.inFlight) parts.push(`${e.documents.inFlight} being ingested`);
  if (e.documents.failed) parts.push(`${e.documents.failed} failed to ingest`);
  parts.push(`${n(e.findings, "finding")} promoted`);
  if (e.events) parts.push(`${n(e.events, "timeline event")}`);
  if (e.entities) parts.push(`${n(e.entities, "entity", "entities")}`);
  if (e.tasks.pending + e.tasks.running) parts.push(`${n(e.tasks.pending + e.tasks.running, "task")} queued or running`);
  if (e.tasks.failed) parts.push(`${n(e.tasks.failed, "task")} failed`);
  parts.push(e.reviewItems === 1 ? "1 item awaits review" : `${e.reviewItems} items await review`);
  parts.push(n(e.contradictions, "contradiction"));
  if (e.irl) parts.push(describeIrlGaps(e.irl));
  return parts.join(", ");
}

/** Pure: evidence in, stage and explanation out. */
export function computeDealStage(e: DealEvidence): DealStageResult {
  const facts = describeDealEvidence(e);
  const say = (stage: DealStage, lead: string): DealStageResult => ({ stage, explanation: `${lead}: ${facts}.` });
  if (e.documents.total === 0) return { stage: "empty", explanation: "No documents uploaded yet." };
  if (e.documents.inFlight > 0) return say("ingesting", "Documents are being ingested");
  if (e.documents.indexed === 0) return say("empty", "No document could be indexed");
  if (e.documentsNotExtracted > 0) return say("indexed", `Indexed; extraction not started for ${n(e.documentsNotExtracted, "document")}`);
  if (e.tasks.pending + e.tasks.running > 0) return say("extracting", "Extraction in progress");
  if (e.reviewItems > 0 || e.contradictions > 0 || e.tasks.failed > 0) return say("in_review", "Awaiting review");
  if (e.irl && e.irl.gaps + e.irl.partial > 0) return say("gaps_open", "Information requests open");
  return say("ready", "Ready");
}

const EXTRACTION_TYPES = ["findings_extraction", "timeline_extraction", "entity_extraction", "relation_detection"];

async function optionalIrl(db: Queryable, dealId: string): Promise<DealEvidence["irl"]> {
  const { rows } = await db.query<{ t: string | null }>("select to_regclass('public.irl_coverage')::text as t");
  if (!rows[0]?.t) return undefined;
  return (await irlGapCountsByDeal({ db, dealId })).get(dealId);
}

export async function gatherDealEvidence({ db, dealId }: { db: Queryable; dealId: string }): Promise<DealEvidence> {
  const { rows: [d] } = await db.query<{ total: number; in_flight: number; indexed: number; failed: number; not_extracted: number }>(
    `select count(*)::int as total,
            count(*) filter (where status in ('uploaded', 'parsing'))::int as in_flight,
            count(*) filter (where status = 'indexed')::int as indexed,
            count(*) filter (where status = 'failed')::int as failed,
            count(*) filter (where status = 'indexed' and not exists (
              select 1 from agent_tasks t where t.document_id = documents.id and t.task_type = any(string_to_array($2::text, ','))))::int as not_extracted
       from documents where deal_id = $1`,
    [dealId, EXTRACTION_TYPES.join(",")],
  );
  const { rows: [t] } = await db.query<{ pending: number; running: number; failed: number }>(
    `select count(*) filter (where status = 'pending')::int as pending,
            count(*) filter (where status = 'running')::int as running,
            count(*) filter (where status = 'failed')::int as failed
       from agent_tasks where deal_id = $1 and task_type = any(string_to_array($2::text, ','))`,
    [dealId, EXTRACTION_TYPES.join(",")],
  );
  const { rows: [k] } = await db.query<{ findings: number; events: number; entities: number; review: number }>(
    `select (select count(*) from findings where deal_id = $1 and status = 'active')::int as findings,
            (select count(*) from timeline_events where deal_id = $1)::int as events,
            (select count(*) from entities where deal_id = $1)::int as entities,
            (select count(*) from staging_extractions where deal_id = $1 and status = 'review')::int as review`,
    [dealId],
  );
  return {
    documents: { total: Number(d.total), inFlight: Number(d.in_flight), indexed: Number(d.indexed), failed: Number(d.failed) },
    documentsNotExtracted: Number(d.not_extracted),
    tasks: { pending: Number(t.pending), running: Number(t.running), failed: Number(t.failed) },
    findings: Number(k.findings),
    events: Number(k.events),
    entities: Number(k.entities),
    reviewItems: Number(k.review),
    contradictions: await countOpenContradictions({ db, dealId }),
    irl: await optionalIrl(db, dealId),
  };
}

/** Computes and stores the deal's stage; returns previous and new. */
export async function updateDealStage({ db, dealId }: { db: Queryable; dealId: string }): Promise<{ previous: string | null; previousExplanation: string | null; result: DealStageResult; evidence: DealEvidence; changed: boolean }> {
  const evidence = await gatherDealEvidence({ db, dealId });
  const result = computeDealStage(evidence);
  const { rows: [prev] } = await db.query<{ stage: string | null; stage_explanation: string | null }>("select stage, stage_explanation from deals where id = $1", [dealId]);
  const changed = prev?.stage !== result.stage || prev?.stage_explanation !== result.explanation;
  if (changed) await db.query("update deals set stage = $2, stage_explanation = $3 where id = $1", [dealId, result.stage, result.explanation]);
  return { previous: prev?.stage ?? null, previousExplanation: prev?.stage_explanation ?? null, result, evidence, changed };
}
