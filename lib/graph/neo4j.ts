/**
 * Neo4j GraphStore (NEO4J_URI set). Postgres stays the system of record: writes go to the
 * relations table first and are mirrored; `syncDeal` MERGEs a whole deal (Deal, Document,
 * Finding, TimelineEvent, Entity nodes; SUPERSEDES / CONTRADICTS / SUPPORTS / EXTRACTED_FROM)
 * idempotently and removes what Postgres no longer has. Graph queries run in Cypher.
 */
import neo4j, { type Driver, type ManagedTransaction } from "neo4j-driver";
import type { Queryable } from "@/lib/db";
import { getConfig } from "@/lib/config";
import { MandaError } from "@/lib/errors";
import {
  chainNodeFromProps,
  chainQuery,
  contradictionsQuery,
  deleteRelationsByIdQuery,
  deleteStaleNodesQuery,
  deleteStaleRelationsQuery,
  findingFromProps,
  findingToProps,
  groupRelations,
  kindFromLabels,
  mergeDealQuery,
  mergeNodesQuery,
  neighbourFromRecord,
  neighboursQuery,
  nodeKindQuery,
  nodesByIdQuery,
  relationFromRecord,
  relationsForDealQuery,
  schemaStatements,
  siblingFindingsQuery,
  toNum,
  versionEdgesQuery,
} from "./cypher";
import { chainPositions, currentVersion, sortChain, withNewerVersions, type ChainStep } from "./chains";
import { linkedBy, conflictingContradictions } from "./conflict";
import { PostgresGraphStore, toFindingRef } from "./postgres";
import type { GraphStore } from "./store";
import {
  RELATION_TYPES,
  type ChainNode,
  type Contradiction,
  type ContradictionQuery,
  type Neighbour,
  type NodeKind,
  type RelationInput,
  type RelationRow,
  type RelationType,
} from "./types";

const BATCH = 1000;

function chunks<T>(list: T[], n = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += n) out.push(list.slice(i, i + n));
  return out;
}

export class Neo4jGraphStore implements GraphStore {
  readonly kind = "neo4j" as const;
  private readonly pg: PostgresGraphStore;

  constructor(
    private readonly driver: Driver,
    private readonly db: Queryable,
  ) {
    this.pg = new PostgresGraphStore(db);
  }

  private async read<T>(fn: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    const session = this.driver.session({ defaultAccessMode: neo4j.session.READ });
    try {
      return await session.executeRead(fn);
    } finally {
      await session.close();
    }
  }

  private async write<T>(fn: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    const session = this.driver.session({ defaultAccessMode: neo4j.session.WRITE });
    try {
      return await session.executeWrite(fn);
    } finally {
      await session.close();
    }
  }

  /** Creates the uniqueness constraints and indexes (idempotent). */
  async ensureSchema(): Promise<void> {
    const session = this.driver.session({ defaultAccessMode: neo4j.session.WRITE });
    try {
      for (const s of schemaStatements()) await session.run(s);
    } finally {
      await session.close();
    }
  }

  /** Mirrors one deal from Postgres into Neo4j (MERGE; stale nodes and relationships are removed). */
  async syncDeal({ dealId }: { dealId: string }): Promise<{ nodes: number; relations: number }> {
    const deal = (await this.db.query<{ id: string; slug: string; name: string; target_company: string | null }>(
      "select id, slug, name, target_company from deals where id = $1",
      [dealId],
    )).rows[0];
    if (!deal) throw new MandaError("not_found:deal", `No deal ${dealId}.`);
    const docs = await this.db.query<Record<string, unknown>>(
      `select id, filename, kind, company, fiscal_year, fiscal_period, document_date::text as document_date, version_group, status
       from documents where deal_id = $1`,
      [dealId],
    );
    const findings = await this.db.query<Parameters<typeof toFindingRef>[0]>(
      `select f.id, f.document_id, d.filename, d.document_date::text as document_date, d.kind as document_kind, f.metric, f.metric_key,
              f.period, f.value_text, f.value_num, f.unit, f.currency, f.is_forecast, f.source_page, f.source_cell, f.source_excerpt,
              f.superseded, f.status
       from findings f join documents d on d.id = f.document_id where f.deal_id = $1`,
      [dealId],
    );
    const events = await this.db.query<Record<string, unknown>>(
      `select id, document_id, event_type, event_date::text as event_date, date_precision, description from timeline_events where deal_id = $1`,
      [dealId],
    );
    const entities = await this.db.query<Record<string, unknown>>(
      "select id, entity_type, name, normalized_name from entities where deal_id = $1",
      [dealId],
    );
    const relations = await this.pg.relationsForDeal({ dealId });
    const token = crypto.randomUUID();
    const clean = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v != null));
    const nodeRows: Record<NodeKind, Array<{ id: string; props: Record<string, unknown> }>> = {
      document: docs.rows.map((d) => ({
        id: String(d.id),
        props: clean({
          filename: d.filename, kind: d.kind, company: d.company, fiscalYear: d.fiscal_year, fiscalPeriod: d.fiscal_period,
          documentDate: d.document_date, versionGroup: d.version_group, status: d.status,
        }),
      })),
      finding: findings.rows.map((r) => ({ id: r.id, props: findingToProps(toFindingRef(r)) })),
      timeline_event: events.rows.map((e) => ({
        id: String(e.id),
        props: clean({ documentId: e.document_id, eventType: e.event_type, eventDate: e.event_date, datePrecision: e.date_precision, description: e.description }),
      })),
      entity: entities.rows.map((e) => ({ id: String(e.id), props: clean({ entityType: e.entity_type, name: e.name, normalizedName: e.normalized_name }) })),
    };
    await this.write(async (tx) => {
      await tx.run(mergeDealQuery(), { dealId, slug: deal.slug, name: deal.name, targetCompany: deal.target_company, token });
      for (const kind of Object.keys(nodeRows) as NodeKind[]) {
        for (const rows of chunks(nodeRows[kind])) await tx.run(mergeNodesQuery(kind), { dealId, token, rows });
      }
      for (const g of groupRelations(relations)) {
        for (const rows of chunks(g.rows)) await tx.run(g.query, { dealId, token, rows });
      }
      for (const t of RELATION_TYPES) await tx.run(deleteStaleRelationsQuery(t), { dealId, token });
      for (const kind of Object.keys(nodeRows) as NodeKind[]) await tx.run(deleteStaleNodesQuery(kind), { dealId, token });
    });
    const nodes = Object.values(nodeRows).reduce((n, rows) => n + rows.length, 1);
    return { nodes, relations: relations.length };
  }

  async upsertRelations({ dealId, relations }: { dealId: string; relations: RelationInput[] }): Promise<number> {
    const n = await this.pg.upsertRelations({ dealId, relations });
    const keys = new Set(relations.map((r) => `${r.fromId}|${r.toId}|${r.type}`));
    const rows = (await this.pg.relationsForDeal({ dealId })).filter((r) => keys.has(`${r.fromId}|${r.toId}|${r.type}`));
    await this.write(async (tx) => {
      for (const g of groupRelations(rows)) await tx.run(g.query, { dealId, token: "upsert", rows: g.rows });
    });
    return n;
  }

  async deleteRelations({ dealId, ids, keys }: { dealId: string; ids?: string[]; keys?: Pick<RelationInput, "fromId" | "toId" | "type">[] }): Promise<number> {
    const wanted = new Set(keys?.map((k) => `${k.fromId}|${k.toId}|${k.type}`) ?? []);
    const all = await this.pg.relationsForDeal({ dealId });
    const doomed = all.filter((r) => ids?.includes(r.id) || wanted.has(`${r.fromId}|${r.toId}|${r.type}`)).map((r) => r.id);
    const n = await this.pg.deleteRelations({ dealId, ids: doomed });
    if (doomed.length) await this.write((tx) => tx.run(deleteRelationsByIdQuery(), { dealId, ids: doomed }));
    return n;
  }

  async relationsForDeal({ dealId, types }: { dealId: string; types?: RelationType[] }): Promise<RelationRow[]> {
    const res = await this.read((tx) => tx.run(relationsForDealQuery(), { dealId, types: types?.length ? types : [...RELATION_TYPES] }));
    return res.records.map((r) => relationFromRecord(r, dealId));
  }

  async neighbours({ dealId, id, types, direction = "both" }: { dealId: string; id: string; types?: RelationType[]; direction?: "out" | "in" | "both" }): Promise<Neighbour[]> {
    const res = await this.read((tx) => tx.run(neighboursQuery(), { dealId, id, types: types?.length ? types : null }));
    return res.records
      .map(neighbourFromRecord)
      .filter((n) => n.type !== ("IN_DEAL" as RelationType) && (direction === "both" || n.direction === direction));
  }

  async supersessionChain({ dealId, id }: { dealId: string; id: string }): Promise<ChainNode[]> {
    const kindRes = await this.read((tx) => tx.run(nodeKindQuery(), { dealId, id }));
    const kind = kindFromLabels(kindRes.records[0]?.get("labels"));
    if (kind !== "document" && kind !== "finding") return [];
    const [older, newer] = await this.read(async (tx) => [
      await tx.run(chainQuery(kind, "older"), { dealId, id }),
      await tx.run(chainQuery(kind, "newer"), { dealId, id }),
    ]);
    const steps = (records: typeof older.records, sign: 1 | -1): ChainStep[] => records.map((r) => ({ id: String(r.get("id")), position: sign * (toNum(r.get("depth")) ?? 0) }));
    const position = chainPositions([{ id, position: 0 }, ...steps(older.records, -1), ...steps(newer.records, 1)]);
    const res = await this.read((tx) => tx.run(nodesByIdQuery(), { dealId, ids: [...position.keys()] }));
    const nodes: ChainNode[] = [];
    for (const r of res.records) {
      const props = r.get("props") as Record<string, unknown>;
      const node = chainNodeFromProps(r.get("labels"), props, position.get(String(props.id)) ?? 0);
      if (node) nodes.push(node);
    }
    return sortChain(nodes);
  }

  async currentVersionOf({ dealId, id }: { dealId: string; id: string }): Promise<ChainNode | undefined> {
    return currentVersion(await this.supersessionChain({ dealId, id }));
  }

  async contradictionsFor(q: ContradictionQuery): Promise<Contradiction[]> {
    const { dealId } = q;
    const edgeRes = await this.read((tx) => tx.run(versionEdgesQuery(), { dealId }));
    const edges = edgeRes.records.map((r) => ({ fromId: String(r.get("fromId")), toId: String(r.get("toId")) }));
    let scope: string[] | null = null;
    if (q.findingIds) {
      if (!q.findingIds.length) return [];
      const wanted = withNewerVersions(q.findingIds, edges);
      const sib = await this.read((tx) => tx.run(siblingFindingsQuery(), { dealId, ids: [...wanted] }));
      scope = [...new Set([...wanted, ...sib.records.map((r) => String(r.get("id")))])];
    }
    const res = await this.read((tx) => tx.run(contradictionsQuery(), { dealId, metricKey: q.metricKey ?? null, ids: scope }));
    const candidates = res.records.map((r) => ({
      relationId: String(r.get("relationId")),
      reason: String(r.get("reason") ?? ""),
      a: findingFromProps(r.get("a") as Record<string, unknown>),
      b: findingFromProps(r.get("b") as Record<string, unknown>),
    }));
    return conflictingContradictions(candidates, linkedBy(edges), q.period);
  }

  /** The store does not own the shared driver; closeNeo4j() closes it. */
  async close(): Promise<void> {}
}


const g = globalThis as unknown as { __mandaNeo4j?: Promise<Driver> };

async function connect(): Promise<Driver> {
  const cfg = getConfig();
  if (!cfg.NEO4J_URI) throw new MandaError("unavailable:neo4j", "NEO4J_URI is not set.");
  const driver = neo4j.driver(cfg.NEO4J_URI, neo4j.auth.basic(cfg.NEO4J_USER, cfg.NEO4J_PASSWORD ?? ""), { disableLosslessIntegers: false });
  try {
    await driver.verifyConnectivity();
    const store = new Neo4jGraphStore(driver, undefined as unknown as Queryable);
    await store.ensureSchema();
  } catch (e) {
    await driver.close().catch(() => {});
    throw new MandaError("unavailable:neo4j", `Could not connect to Neo4j at ${cfg.NEO4J_URI}.`, { cause: e });
  }
  return driver;
}

/** The process's Neo4j store over `db` (one shared driver; constraints created on first connect). */
export async function getNeo4jStore({ db }: { db: Queryable }): Promise<Neo4jGraphStore> {
  if (!g.__mandaNeo4j) {
    g.__mandaNeo4j = connect();
    g.__mandaNeo4j.catch(() => {
      g.__mandaNeo4j = undefined;
    });
  }
  return new Neo4jGraphStore(await g.__mandaNeo4j, db);
}

/** A store over an explicit driver (tests). */
export function neo4jStoreFor(driver: Driver, db: Queryable): Neo4jGraphStore {
  return new Neo4jGraphStore(driver, db);
}

export async function closeNeo4j(): Promise<void> {
  const p = g.__mandaNeo4j;
  g.__mandaNeo4j = undefined;
  if (p) await (await p).close();
}
