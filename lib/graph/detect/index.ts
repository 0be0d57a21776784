/**
 * Relation detection for a deal: the `relation_detection` task handler and a direct function.
 * Postgres is the system of record; with NEO4J_URI set, the task mirrors the deal into Neo4j after.
 */
import type { Db, Queryable } from "@/lib/db";
import { getConfig } from "@/lib/config";
import { MandaError } from "@/lib/errors";
import type { TaskContext, TaskOutput } from "@/lib/pipeline/types";
import { syncRelations, type SyncCounts } from "@/lib/graph/sync";
import { RELATION_TYPES, type RelationType } from "@/lib/graph/types";
import { loadPlanInput } from "./load";
import { planRelations, type FindingPair } from "./plan";

export { planRelations, isFiling, compareFilings } from "./plan";
export type { PlanInput, FindingInfo, RelationPlan, PlannedRelation, FindingPair } from "./plan";
export * from "./documents";
export * from "./values";

export const AGENT = "relation_detection";
export const VERSION = "1.0.0";

export interface DetectionResult {
  /** Relations of each type that hold after this run (detection-made). */
  relations: Record<RelationType, number>;
  /** By created_by: filename_pattern, content_phrase, restatement, value_comparison, pipeline. */
  bySource: Record<string, number>;
  documentSupersessions: number;
  supersededFindings: number;
  forecastVsActual: FindingPair[];
  forecastRevisions: FindingPair[];
  changes: SyncCounts;
  uncertainties: string[];
  skipped: { what: string; why: string }[];
}

async function lockDeal(tx: Queryable, dealId: string) {
  // Two detection runs for one deal serialise here (released at commit).
  await tx.query("select pg_advisory_xact_lock(hashtext($1))", [`relation_detection:${dealId}`]);
}

/** Detects and stores all relations of a deal; idempotent (a second run changes nothing). */
export async function detectRelationsForDeal({ db, dealId, signal }: { db: Db; dealId: string; signal?: AbortSignal }): Promise<DetectionResult> {
  return db.transaction(async (tx) => {
    await lockDeal(tx, dealId);
    const input = await loadPlanInput({ db: tx, dealId });
    if (!input.dealFound) throw new MandaError("not_found:deal", `No deal ${dealId}.`);
    signal?.throwIfAborted();
    const plan = planRelations(input);
    signal?.throwIfAborted();
    const changes = await syncRelations({ db: tx, dealId, relations: plan.relations, superseded: plan.superseded });
    const relations = Object.fromEntries(RELATION_TYPES.map((t) => [t, 0])) as Record<RelationType, number>;
    const bySource: Record<string, number> = {};
    for (const r of plan.relations) {
      relations[r.type]++;
      bySource[r.createdBy] = (bySource[r.createdBy] ?? 0) + 1;
    }
    return {
      relations,
      bySource,
      documentSupersessions: plan.relations.filter((r) => r.type === "SUPERSEDES" && r.fromKind === "document").length,
      supersededFindings: plan.superseded.size,
      forecastVsActual: plan.forecastVsActual,
      forecastRevisions: plan.forecastRevisions,
      changes,
      uncertainties: plan.uncertainties,
      skipped: plan.skipped,
    };
  });
}

/** Task handler for `relation_detection` (ctx.task.deal_id). */
export async function runRelationDetection(ctx: TaskContext): Promise<TaskOutput> {
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  const result = await detectRelationsForDeal({ db: ctx.db, dealId: ctx.task.deal_id, signal: ctx.signal });
  const uncertainties = [...result.uncertainties];
  let graphStore = "postgres";
  if (getConfig().NEO4J_URI) {
    graphStore = "neo4j";
    try {
      const { getNeo4jStore } = await import("@/lib/graph/neo4j");
      const store = await getNeo4jStore({ db: ctx.db });
      await store.syncDeal({ dealId: ctx.task.deal_id });
    } catch (e) {
      // Postgres already holds the relations; a retry re-runs idempotently and mirrors again.
      // unavailable:* is classified transient by the pipeline (retry with backoff).
      throw new MandaError("unavailable:neo4j", `Relations are stored, but mirroring them to Neo4j failed: ${(e as Error).message}`, { cause: e });
    }
  }
  const completed = Date.now();
  return {
    agent: AGENT,
    version: VERSION,
    model: "rules",
    timings: { startedAt, completedAt: new Date(completed).toISOString(), durationMs: completed - started },
    skipped: result.skipped,
    uncertainties,
    summary: {
      relations: result.relations,
      bySource: result.bySource,
      documentSupersessions: result.documentSupersessions,
      supersededFindings: result.supersededFindings,
      forecastVsActual: result.forecastVsActual.length,
      forecastRevisions: result.forecastRevisions.length,
      changes: result.changes,
      graphStore,
    },
  };
}
