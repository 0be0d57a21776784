/**
 * One extractor run over one document: stage every candidate (upsert by key) → validate
 * (+ refine loop, at most 5 rounds) → decide (promote or review). Evidence that reads as an
 * instruction to an AI is held in review with its reason (held_reason), never promoted. Every validator and
 * decision-maker outcome is written to validation_decisions.
 */
import type { Queryable } from "@/lib/db";
import {
  applyStagedOutcomes, insertDecisions, listValidatedStaged, upsertStagedRows, type DecisionRow, type StagedOutcome, type StagedRowState,
} from "@/lib/db/queries/staging";
import { findingSlot, makeDecision, promote, promoteEntityMentions, promoteFindings, type Staged } from "./decision";
import type { Candidate, ExtractionContext, Extractor, TimelineEventPayload } from "./types";
import { CONFIDENCE_CAP, MAX_REFINEMENT_ROUNDS, validateCandidate } from "./validator";

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

export interface ProcessArgs {
  dealId: string;
  documentId: string;
  taskId?: string | null;
  processId?: string | null;
  extractor: Extractor;
  ctx: ExtractionContext;
  candidates: Candidate[];
  summary?: ProcessSummary;
}

/**
 * The candidates in order, cut where a key repeats: a chunk's rows are staged in one statement,
 * which cannot touch the same row twice.
 */
function chunksOfDistinctKeys(candidates: readonly Candidate[]): Candidate[][] {
  const out: Candidate[][] = [];
  let cur: Candidate[] = [];
  let keys = new Set<string>();
  for (const c of candidates) {
    const k = `${c.candidateType}\u0000${c.candidateKey}`;
    if (keys.has(k)) {
      out.push(cur);
      cur = [];
      keys = new Set();
    }
    keys.add(k);
    cur.push(c);
  }
  if (cur.length) out.push(cur);
  return out;
}

export async function processCandidates(db: Queryable, a: ProcessArgs): Promise<ProcessSummary> {
  const sum = a.summary ?? emptySummary();
  // strongest first: when two pages state the same figure, the better evidence is promoted and the other is its duplicate
  const ordered = [...a.candidates].sort((x, y) => y.confidenceScore - x.confidenceScore || x.evidence.page - y.evidence.page);
  const known = ordered.some((c) => duplicateTest(c)) ? await KnownStaged.load(db, a.dealId, a.documentId) : new KnownStaged();
  for (const chunk of chunksOfDistinctKeys(ordered)) {
    const staged = await upsertStagedRows(db, { dealId: a.dealId, documentId: a.documentId, taskId: a.taskId, rows: chunk });
    const run = new ChunkRun(a.dealId);
    for (const [i, original] of chunk.entries()) {
      sum.candidates++;
      if (staged[i]!.userDecided) {
        sum.keptHumanDecision++; // a person approved/rejected/edited it: a re-run never overrides that
        known.restage(staged[i]!.id, original); // its status stands, its payload is the new candidate's
        continue;
      }
      await decideOne(a, original, staged[i]!, known, run, sum);
    }
    await run.write(db, a, sum);
  }
  return sum;
}

/**
 * One candidate through validation (+ refine loop) and the decision, in memory: its final row,
 * its audit trail and what it promotes or withdraws are recorded on `run` and written per chunk.
 */
async function decideOne(a: ProcessArgs, original: Candidate, staged: StagedRowState, known: KnownStaged, run: ChunkRun, sum: ProcessSummary): Promise<void> {
  let c = original;
  const id = staged.id;
  const audit = (decidedBy: string, decision: string, reason: string, changes?: unknown) => run.audit({ extractionId: id, decidedBy, decision, reason, confidence: c.confidenceScore, changes });
  const row: StagedOutcome = { id, status: "pending", refinementRound: 0, refinementRequest: null, reviewPriority: null, reviewReason: null, missingFields: [], heldReason: null };
  run.outcomes.push(row);
  known.forget(id); // pending again until this run validates it
  let outcome = validateCandidate(c, await a.ctx.getPage(c.evidence.page));
  let escalated: string | null = null;
  while (outcome.decision === "refine") {
    audit("validator", "refine", `${outcome.reason} — request: ${outcome.request}`);
    if (row.refinementRound >= MAX_REFINEMENT_ROUNDS) {
      escalated = `Exceeded refinement limit after ${MAX_REFINEMENT_ROUNDS} attempts: ${outcome.reason}`;
      break;
    }
    row.refinementRound++;
    sum.refinements++;
    Object.assign(row, { status: "needs_refinement", refinementRequest: outcome.request });
    const next = await refineCandidate(a.extractor, a.ctx, c, outcome.request);
    if (!next) {
      escalated = `Extractor could not refine the candidate (${outcome.reason})`;
      break;
    }
    c = { ...next, candidateKey: c.candidateKey, candidateType: c.candidateType };
    row.candidate = { payload: c.payload, evidence: c.evidence, confidenceScore: c.confidenceScore, confidenceReason: c.confidenceReason };
    outcome = validateCandidate(c, await a.ctx.getPage(c.evidence.page));
  }
  if (escalated) {
    Object.assign(row, { status: "review", reviewPriority: "high", reviewReason: "refinement_failed", missingFields: outcome.missingFields });
    audit("decision_maker", "review", escalated);
    sum.review++;
    sum.reviewHigh++;
    return;
  }
  if (outcome.decision === "hold") {
    // never knowledge: a finding promoted by an earlier run from this text is withdrawn as well
    Object.assign(row, { status: "review", reviewPriority: "high", reviewReason: "held", missingFields: outcome.missingFields, heldReason: outcome.reason, promotedTo: null });
    run.effects.push({ kind: "withdraw", id, type: c.candidateType });
    audit("validator", "review", outcome.reason);
    sum.review++;
    sum.reviewHigh++;
    sum.held++;
    return;
  }
  if (outcome.decision === "reject") {
    Object.assign(row, { status: "rejected", missingFields: outcome.missingFields });
    audit("validator", "reject", outcome.reason);
    sum.rejected++;
    return;
  }
  // the payload as stored (its JSON), read once for the duplicate test and the known rows
  const stored = storedPayload(c);
  const dup = known.duplicateOf(id, c, stored);
  if (dup) {
    Object.assign(row, { status: "duplicate", missingFields: outcome.missingFields });
    audit("validator", "reject", `Duplicate of staged extraction ${dup} (same figure/event elsewhere in this document)`, { duplicateOf: dup });
    sum.duplicates++;
    return;
  }
  Object.assign(row, { status: "validated", missingFields: outcome.missingFields });
  known.add(id, staged.createdMicros, c, stored);
  audit("validator", "valid", outcome.reason);
  const d = makeDecision(c.confidenceScore, outcome.missingFields);
  if (d.action === "promote") {
    Object.assign(row, { status: "promoted", reviewPriority: null });
    const promotion: Promotion = { kind: "promote", staged: { id, deal_id: a.dealId, document_id: a.documentId, candidate: c }, row, target: "" };
    run.effects.push(promotion);
    audit("decision_maker", "promote", d.reason, promotion); // its promotedTo is filled in once written
    sum.promoted++;
  } else {
    Object.assign(row, { status: "review", reviewPriority: d.priority, reviewReason: d.code });
    known.forget(id);
    audit("decision_maker", "review", `${d.reason} (priority ${d.priority})`);
    sum.review++;
    if (d.priority === "high") sum.reviewHigh++;
  }
}

interface Promotion {
  kind: "promote";
  staged: Staged;
  row: StagedOutcome;
  /** The finding, event or entity id, once written. */
  target: string;
}
type Effect = Promotion | { kind: "withdraw"; id: string; type: Candidate["candidateType"] };

/** A chunk's writes, kept in the order the candidates were decided. */
class ChunkRun {
  readonly outcomes: StagedOutcome[] = [];
  readonly effects: Effect[] = [];
  private readonly audits: { row: Omit<DecisionRow, "dealId">; promotion?: Promotion }[] = [];

  constructor(private readonly dealId: string) {}

  audit(d: Omit<DecisionRow, "dealId">) {
    const promotion = d.changes && (d.changes as Promotion).kind === "promote" ? (d.changes as Promotion) : undefined;
    this.audits.push({ row: d, promotion });
  }

  /** Promotions and withdrawals in decision order (runs of findings in one statement each), then the staged rows and the audit trail. */
  async write(db: Queryable, a: ProcessArgs, sum: ProcessSummary) {
    // consecutive promotions of findings, or of entity mentions, go in one statement each
    let run: Promotion[] = [];
    let slots = new Set<string>();
    const flush = async () => {
      if (!run.length) return;
      const staged = run.map((f) => f.staged);
      const ids = run[0]!.staged.candidate.candidateType === "finding" ? await promoteFindings(db, staged) : await promoteEntityMentions(db, staged);
      run.forEach((f, i) => (f.target = ids[i]!));
      run = [];
      slots = new Set();
    };
    for (const e of this.effects) {
      const type = e.kind === "promote" ? e.staged.candidate.candidateType : null;
      if (type === "finding" || type === "entity") {
        const promotion = e as Promotion;
        const slot = type === "finding" ? findingSlot(promotion.staged) : null;
        if (run.length && (run[0]!.staged.candidate.candidateType !== type || (slot && slots.has(slot)))) await flush();
        if (slot) slots.add(slot);
        run.push(promotion);
        continue;
      }
      await flush();
      if (e.kind === "withdraw") await withdrawPromoted(db, e.type, e.id);
      else e.target = await promote(db, e.staged, { processId: a.processId });
    }
    await flush();
    for (const e of this.effects) {
      if (e.kind !== "promote") continue;
      e.row.promotedTo = e.target;
      sum.promotedIds.push(e.target);
    }
    await applyStagedOutcomes(db, this.outcomes);
    await insertDecisions(db, this.audits.map(({ row, promotion }) => ({ ...row, dealId: this.dealId, changes: promotion ? { promotedTo: promotion.target } : row.changes })));
  }
}

/**
 * The document's staged findings and events that are validated or promoted, as the run goes:
 * what a new candidate is a duplicate of (the same figure or event elsewhere in the document;
 * the earliest created wins).
 */
class KnownStaged {
  /** `seq`: the row's place in the order rows were added (a tie on `created` goes to the earlier one). */
  private readonly rows = new Map<string, { created: bigint; type: Candidate["candidateType"]; payload: Record<string, unknown>; seq: number }>();
  /** Row ids by duplicateKey, so a candidate is compared only with the rows that can state the same fact. */
  private readonly byKey = new Map<string, Set<string>>();
  private seq = 0;

  static async load(db: Queryable, dealId: string, documentId: string): Promise<KnownStaged> {
    const k = new KnownStaged();
    for (const r of await listValidatedStaged(db, { dealId, documentId })) {
      k.put(r.id, BigInt(r.created_us), r.candidate_type as Candidate["candidateType"], r.payload);
    }
    return k;
  }

  private put(id: string, created: bigint, type: Candidate["candidateType"], payload: Record<string, unknown>) {
    const known = this.rows.get(id);
    if (known) this.unindex(id, known.type, known.payload);
    this.rows.set(id, { created, type, payload, seq: known?.seq ?? this.seq++ });
    this.index(id, type, payload);
  }

  private index(id: string, type: Candidate["candidateType"], payload: Record<string, unknown>) {
    const key = duplicateKey(type, payload);
    if (key === null) return;
    const ids = this.byKey.get(key) ?? new Set<string>();
    ids.add(id);
    this.byKey.set(key, ids);
  }

  private unindex(id: string, type: Candidate["candidateType"], payload: Record<string, unknown>) {
    const key = duplicateKey(type, payload);
    if (key !== null) this.byKey.get(key)?.delete(id);
  }

  restage(id: string, c: Candidate) {
    const r = this.rows.get(id);
    if (r) this.put(id, r.created, r.type, storedPayload(c));
  }

  forget(id: string) {
    const r = this.rows.get(id);
    if (!r) return;
    this.unindex(id, r.type, r.payload);
    this.rows.delete(id);
  }

  /** `stored`: the candidate's storedPayload (never changed afterwards: rows keep it as it is). */
  add(id: string, created: bigint, c: Candidate, stored = storedPayload(c)) {
    this.put(id, created, c.candidateType, stored);
  }

  duplicateOf(id: string, c: Candidate, stored?: Record<string, unknown>): string | null {
    const test = duplicateTest(c, stored);
    if (!test || test.key === null) return null;
    const { key, same } = test;
    let best: { id: string; created: bigint; seq: number } | null = null;
    for (const otherId of this.byKey.get(key) ?? []) {
      const r = this.rows.get(otherId)!;
      if (otherId === id || r.type !== c.candidateType || !same(r.payload)) continue;
      if (!best || r.created < best.created || (r.created === best.created && r.seq < best.seq)) best = { id: otherId, created: r.created, seq: r.seq };
    }
    return best?.id ?? null;
  }
}

/** A payload as stored: its JSON (undefined fields dropped). */
function storedPayload(c: Candidate): Record<string, unknown> {
  return JSON.parse(JSON.stringify(c.payload)) as Record<string, unknown>;
}

/** SQL's equality (a null never equals anything) on a JSON field read as text. */
const text = (v: unknown): string | null => (v === null || v === undefined ? null : typeof v === "string" ? v : JSON.stringify(v));
const eq = (a: string | null, b: string | null) => a !== null && b !== null && a === b;

/**
 * The part of a payload (stored, or a candidate's as duplicateTest reads it) that its duplicates
 * share exactly, by duplicateTest's equalities on text: a finding's metric key, an event's type
 * and date; null when nothing can be its duplicate.
 */
function duplicateKey(type: Candidate["candidateType"], p: Record<string, unknown>): string | null {
  if (type === "finding") return text(p.metricKey) === null ? null : `f\u0000${text(p.metricKey)}`;
  if (type === "timeline_event") return text(p.eventType) === null || text(p.eventDate) === null ? null : `t\u0000${text(p.eventType)}\u0000${text(p.eventDate)}`;
  return null;
}

/**
 * Which stored payloads state the same fact as the candidate: a finding's metric, period, value and forecast flag; an event's type and date.
 * `key`: the duplicateKey that all of them have.
 */
function duplicateTest(c: Candidate, stored?: Record<string, unknown>): { key: string | null; same: (stored: Record<string, unknown>) => boolean } | null {
  if (c.candidateType === "finding") {
    const p = stored ?? storedPayload(c);
    const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : null);
    const bool = (v: unknown) => (v === null || v === undefined ? false : v === true || v === "true");
    return {
      key: duplicateKey("finding", p),
      same: (s) =>
        eq(text(s.metricKey), text(p.metricKey))
        && (text(s.period) ?? "") === (text(p.period) ?? "")
        && num(s.valueNum) !== null && num(p.valueNum) !== null && num(s.valueNum) === num(p.valueNum)
        && typeof p.isForecast === "boolean" && bool(s.isForecast) === p.isForecast,
    };
  }
  if (c.candidateType === "timeline_event") {
    const p = c.payload as TimelineEventPayload;
    return {
      key: duplicateKey("timeline_event", { eventType: p.eventType, eventDate: p.eventDate }),
      same: (s) => eq(text(s.eventType), text(p.eventType)) && eq(text(s.eventDate), text(p.eventDate)),
    };
  }
  return null;
}
