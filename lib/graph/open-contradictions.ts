/**
 * The deal's open contradictions: one list, so one count, wherever they are shown — the deal
 * header's stage line, the chat's detect_contradictions and suggest_questions tools, and the Q&A
 * page's "From contradictions" (one item per entry). They disagreed (0 in the header, 8 in the
 * chat, nothing added on the Q&A page) because each counted its own way.
 *
 * An open contradiction is a CONTRADICTS relation between two findings that still conflict
 * (lib/graph/conflict.ts: same metric and exact period, different documents, both current, no
 * supersession between them), one per pair of documents for a metric and period. Read from
 * Postgres, the system of record (a Neo4j mirror answers the same list).
 */
import type { Queryable } from "@/lib/db";
import { PostgresGraphStore } from "./postgres";
import type { Contradiction } from "./types";

export type OpenContradiction = Contradiction;

export interface OpenContradictionFilter {
  /** Only these metric keys (any of them). */
  metricKeys?: string[];
  /** Only this period, however it is written ("FY2023", "2023"). */
  period?: string;
}

export async function listOpenContradictions({ db, dealId, metricKeys, period }: { db: Queryable; dealId: string } & OpenContradictionFilter): Promise<OpenContradiction[]> {
  const all = await new PostgresGraphStore(db).contradictionsFor({ dealId, period });
  return metricKeys?.length ? all.filter((c) => metricKeys.includes(c.metricKey)) : all;
}

export async function countOpenContradictions({ db, dealId }: { db: Queryable; dealId: string }): Promise<number> {
  return (await listOpenContradictions({ db, dealId })).length;
}
