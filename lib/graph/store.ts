/**
 * GraphStore: the knowledge graph behind SUPERSEDES / CONTRADICTS / SUPPORTS / EXTRACTED_FROM.
 * Postgres (the relations table) is the default and the system of record; with NEO4J_URI set,
 * getGraphStore() returns a Neo4j store that mirrors the deal from Postgres and answers the
 * graph queries in Cypher. Both return the same shapes and apply the same conflict rule (./conflict.ts).
 */
import { getDb, type Queryable } from "@/lib/db";
import { getConfig } from "@/lib/config";
import { PostgresGraphStore } from "./postgres";
import type { ChainNode, Contradiction, ContradictionQuery, Neighbour, RelationInput, RelationRow, RelationType } from "./types";

export interface GraphStore {
  readonly kind: "postgres" | "neo4j";
  /** Inserts relations, or updates reason/created_by of existing ones (unique per deal, from, to, type). */
  upsertRelations(args: { dealId: string; relations: RelationInput[] }): Promise<number>;
  deleteRelations(args: { dealId: string; ids?: string[]; keys?: Pick<RelationInput, "fromId" | "toId" | "type">[] }): Promise<number>;
  /**
   * The supersession chain through a document or finding: oldest first, the newest authoritative
   * version last; includes the node itself (position 0). Single-element when nothing supersedes it.
   */
  supersessionChain(args: { dealId: string; id: string }): Promise<ChainNode[]>;
  /** The newest version of a document or finding (itself when current); undefined for an unknown id. */
  currentVersionOf(args: { dealId: string; id: string }): Promise<ChainNode | undefined>;
  /** CONTRADICTS pairs that still conflict (same period, no supersession, both current, not forecast vs actual), one per document pair. */
  contradictionsFor(q: ContradictionQuery): Promise<Contradiction[]>;
  neighbours(args: { dealId: string; id: string; types?: RelationType[]; direction?: "out" | "in" | "both" }): Promise<Neighbour[]>;
  relationsForDeal(args: { dealId: string; types?: RelationType[] }): Promise<RelationRow[]>;
  close(): Promise<void>;
}

export type { ChainNode, Contradiction, ContradictionQuery, Neighbour, RelationInput, RelationRow, RelationType };

/** Neo4j when NEO4J_URI is set, otherwise Postgres over `db` (the process database by default). */
export async function getGraphStore({ db }: { db?: Queryable } = {}): Promise<GraphStore> {
  const database = db ?? (await getDb());
  if (getConfig().NEO4J_URI) {
    const { getNeo4jStore } = await import("./neo4j");
    return getNeo4jStore({ db: database });
  }
  return new PostgresGraphStore(database);
}
