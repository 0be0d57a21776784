/**
 * Extraction's staging writes in batches (issue 23): one statement for many candidates instead of
 * one per candidate per step. A document's few thousand candidates took ~9 round-trips each
 * (stage, check, reset, status, audit …), and on the embedded database those round-trips were
 * most of the pipeline's time. Rows carry explicit, strictly increasing `created_at` values (one
 * microsecond apart, in the order given) so that everything ordered by creation time (the review
 * queue, an item's latest audit reason) reads as it did when each row was its own statement.
 */
import type { Queryable } from "../types";

/** Rows per statement: well under PostgreSQL's 65,535 parameters, and one JSON value each. */
const BATCH = 500;

let lastMicros = 0;

/** `n` strictly increasing timestamps (ISO, microseconds), none earlier than now or than the last handed out. */
export function increasingTimestamps(n: number): string[] {
  const start = Math.max(Date.now() * 1000, lastMicros + 1);
  lastMicros = start + n - 1;
  return Array.from({ length: n }, (_, i) => {
    const us = start + i;
    return new Date(Math.floor(us / 1000)).toISOString().replace(/Z$/, `${String(us % 1000).padStart(3, "0")}Z`);
  });
}

async function inBatches<T, R>(items: readonly T[], fn: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(...(await fn(items.slice(i, i + BATCH))));
  return out;
}

export interface StageRowInput {
  candidateType: string;
  candidateKey: string;
  payload: unknown;
  confidenceScore: number;
  confidenceReason: string;
  evidence: unknown;
  evidenceType: string;
}

export interface StagedRowState {
  id: string;
  /** The status the row had before this upsert (a new row: pending). */
  status: string;
  /** Creation time in microseconds since the epoch (orders rows as created_at does). */
  createdMicros: bigint;
  /** A person approved, rejected or edited it (a `user:` decision exists). */
  userDecided: boolean;
}

/**
 * Upserts staged candidates by (document, type, key) — a re-run updates the row, never
 * duplicates it — and reports each row's id, prior status, creation time and whether a person
 * decided on it, in the order given. Keys must be distinct within one call.
 */
export async function upsertStagedRows(db: Queryable, a: { dealId: string; documentId: string; taskId?: string | null; rows: readonly StageRowInput[] }): Promise<StagedRowState[]> {
  const created = increasingTimestamps(a.rows.length);
  const input = a.rows.map((r, i) => ({
    id: crypto.randomUUID(), t: r.candidateType, k: r.candidateKey, p: r.payload, cs: r.confidenceScore, cr: r.confidenceReason, e: r.evidence, et: r.evidenceType, c: created[i],
  }));
  return inBatches(input, async (batch) => {
    const { rows } = await db.query<{ id: string; candidate_type: string; candidate_key: string; status: string; created_us: string; user_decided: boolean }>(
      `with up as (
         insert into staging_extractions (id, deal_id, document_id, task_id, candidate_type, candidate_key, payload, confidence_score, confidence_reason, evidence, evidence_type, status, created_at)
         select r.id, $2, $3, $4, r.t, r.k, r.p, r.cs, r.cr, r.e, r.et, 'pending', r.c
           from jsonb_to_recordset($1::text::jsonb) as r(id uuid, t text, k text, p jsonb, cs real, cr text, e jsonb, et text, c timestamptz)
         on conflict (document_id, candidate_type, candidate_key) do update set
           task_id = excluded.task_id, payload = excluded.payload, confidence_score = excluded.confidence_score,
           confidence_reason = excluded.confidence_reason, evidence = excluded.evidence, evidence_type = excluded.evidence_type,
           updated_at = now()
         returning id, candidate_type, candidate_key, status, created_at)
       select up.id, up.candidate_type, up.candidate_key, up.status,
              (extract(epoch from up.created_at) * 1000000)::bigint::text as created_us,
              exists (select 1 from validation_decisions v where v.extraction_id = up.id and v.decided_by like 'user:%') as user_decided
         from up`,
      [JSON.stringify(batch), a.dealId, a.documentId, a.taskId ?? null],
    );
    const byKey = new Map(rows.map((r) => [`${r.candidate_type}\u0000${r.candidate_key}`, r]));
    return batch.map((b) => {
      const r = byKey.get(`${b.t}\u0000${b.k}`)!;
      return { id: r.id, status: r.status, createdMicros: BigInt(r.created_us), userDecided: r.user_decided === true };
    });
  });
}

export interface StagedForDuplicates {
  id: string;
  candidate_type: string;
  created_us: string;
  payload: Record<string, unknown>;
}

/** A document's staged findings and events that count as already known (validated or promoted): what duplicates are checked against. */
export async function listValidatedStaged(db: Queryable, a: { dealId: string; documentId: string }): Promise<StagedForDuplicates[]> {
  const { rows } = await db.query<StagedForDuplicates>(
    `select id, candidate_type, (extract(epoch from created_at) * 1000000)::bigint::text as created_us, payload from staging_extractions
      where deal_id = $1 and document_id = $2 and candidate_type in ('finding', 'timeline_event') and status in ('validated', 'promoted')`,
    [a.dealId, a.documentId],
  );
  return rows.map((r) => ({ ...r, payload: (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as Record<string, unknown> }));
}

/** A staged row's final state after one run's validation and decision (every column the run sets). */
export interface StagedOutcome {
  id: string;
  status: string;
  refinementRound: number;
  refinementRequest: string | null;
  reviewPriority: string | null;
  reviewReason: string | null;
  missingFields: string[];
  heldReason: string | null;
  /** Only when the run changed the candidate (refinement). */
  candidate?: { payload: unknown; evidence: unknown; confidenceScore: number; confidenceReason: string };
  /** Set (a finding, event or entity id, or null) only when the run decides it; otherwise kept. */
  promotedTo?: string | null;
}

export async function applyStagedOutcomes(db: Queryable, outcomes: readonly StagedOutcome[]): Promise<void> {
  await inBatches(outcomes, async (batch) => {
    const input = batch.map((o) => ({
      id: o.id, s: o.status, rr: o.refinementRound, rq: o.refinementRequest, rp: o.reviewPriority, rn: o.reviewReason, mf: o.missingFields, hr: o.heldReason,
      ch: o.candidate !== undefined, p: o.candidate?.payload ?? null, e: o.candidate?.evidence ?? null, cs: o.candidate?.confidenceScore ?? null, cr: o.candidate?.confidenceReason ?? null,
      sp: o.promotedTo !== undefined, pt: o.promotedTo ?? null,
    }));
    await db.query(
      `update staging_extractions s set
         status = r.s, refinement_round = r.rr, refinement_request = r.rq, review_priority = r.rp, review_reason = r.rn,
         missing_fields = r.mf, held_reason = r.hr,
         payload = case when r.ch then r.p else s.payload end, evidence = case when r.ch then r.e else s.evidence end,
         confidence_score = case when r.ch then r.cs else s.confidence_score end, confidence_reason = case when r.ch then r.cr else s.confidence_reason end,
         promoted_to = case when r.sp then r.pt else s.promoted_to end, updated_at = now()
        from jsonb_to_recordset($1::text::jsonb) as r(id uuid, s text, rr int, rq text, rp text, rn text, mf text[], hr text, ch boolean, p jsonb, e jsonb, cs real, cr text, sp boolean, pt uuid)
       where s.id = r.id`,
      [JSON.stringify(input)],
    );
    return [];
  });
}

export interface DecisionRow {
  dealId: string;
  extractionId: string;
  decidedBy: string;
  decision: string;
  reason: string;
  confidence: number | null;
  changes?: unknown;
}

/** Audit rows, created in the order given. */
export async function insertDecisions(db: Queryable, decisions: readonly DecisionRow[]): Promise<void> {
  const created = increasingTimestamps(decisions.length);
  const input = decisions.map((d, i) => ({
    id: crypto.randomUUID(), dl: d.dealId, x: d.extractionId, b: d.decidedBy, d: d.decision, r: d.reason, c: d.confidence, ch: d.changes === undefined ? null : d.changes, t: created[i],
  }));
  await inBatches(input, async (batch) => {
    await db.query(
      `insert into validation_decisions (id, deal_id, extraction_id, decided_by, decision, reason, confidence_at_decision, changes, created_at)
       select r.id, r.dl, r.x, r.b, r.d, r.r, r.c, r.ch, r.t
         from jsonb_to_recordset($1::text::jsonb) as r(id uuid, dl uuid, x uuid, b text, d text, r text, c real, ch jsonb, t timestamptz)`,
      [JSON.stringify(batch)],
    );
    return [];
  });
}

/** Stores findings' embeddings (vector literals, as toExactVectorLiteral writes them: lib/db/vector-param.ts) in one statement. */
export async function setFindingEmbeddings(db: Queryable, a: { ids: readonly string[]; vectors: readonly string[]; model: string }): Promise<void> {
  if (!a.ids.length) return;
  await db.query(
    `update findings f set embedding = v.e::halfvec, embedding_model = $3
       from unnest($1::uuid[], $2::text[]) as v(id, e) where f.id = v.id`,
    [a.ids, a.vectors, a.model],
  );
}
