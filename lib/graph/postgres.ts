/**
 * The default GraphStore: the relations table, recursive CTEs for supersession chains.
 * Every query is deal-scoped; SQL runs on PGlite and PostgreSQL alike.
 */
import type { Queryable } from "@/lib/db";
import { chainPositions, currentVersion, sortChain, withNewerVersions } from "./chains";
import { linkedBy, conflictingContradictions, type VersionEdge } from "./conflict";
import type { GraphStore } from "./store";
import {
  VERSION_SUPPORT_SOURCES,
  relationKey,
  type ChainNode,
  type Contradiction,
  type ContradictionQuery,
  type FindingRef,
  type Neighbour,
  type NodeKind,
  type RelationInput,
  type RelationRow,
  type RelationType,
} from "./types";
import { isUuid } from "@/lib/db/ids";

/** Version edges: SUPERSEDES, and SUPPORTS from a newer document version to an unchanged finding. */
const VERSION_EDGE_SQL = `(relation_type = 'SUPERSEDES' or (relation_type = 'SUPPORTS' and created_by in (${VERSION_SUPPORT_SOURCES.map((s) => `'${s}'`).join(", ")})))
  and from_kind = to_kind`;

/**
 * Everything older ($2 → … via from→to) with negative positions and everything newer with positive
 * ones, at the longest distance found (a DAG of versions collapses onto levels). Cycles are cut by
 * the path array and a depth limit.
 */
export const CHAIN_SQL = `
with recursive ver as (
  select from_id, to_id from relations where deal_id = $1 and ${VERSION_EDGE_SQL}
),
older(id, depth, path) as (
  select $2::uuid, 0, array[$2::uuid]
  union all
  select v.to_id, o.depth + 1, o.path || v.to_id
  from older o join ver v on v.from_id = o.id
  where not (v.to_id = any(o.path)) and o.depth < 64
),
newer(id, depth, path) as (
  select $2::uuid, 0, array[$2::uuid]
  union all
  select v.from_id, n.depth + 1, n.path || v.from_id
  from newer n join ver v on v.to_id = n.id
  where not (v.from_id = any(n.path)) and n.depth < 64
)
select id, -max(depth) as position from older where depth > 0 group by id
union all
select id, max(depth) as position from newer where depth > 0 group by id
union all
select $2::uuid as id, 0 as position`;

const FINDING_SQL = `
select f.id, f.document_id, d.filename, d.document_date::text as document_date, d.kind as document_kind, f.metric, f.metric_key,
       f.period, f.value_text, f.value_num, f.unit, f.currency, f.is_forecast, f.source_page, f.source_cell, f.source_excerpt,
       f.superseded, f.status, f.domain
from findings f join documents d on d.id = f.document_id`;

interface FindingDbRow {
  id: string;
  document_id: string;
  filename: string;
  document_date: string | null;
  document_kind: string | null;
  metric: string;
  metric_key: string;
  period: string | null;
  value_text: string;
  value_num: number | null;
  unit: string | null;
  currency: string | null;
  is_forecast: boolean;
  source_page: number;
  source_cell: string | null;
  source_excerpt: string;
  superseded: boolean;
  status: string;
  domain?: string | null;
}

export function toFindingRef(r: FindingDbRow): FindingRef {
  return {
    id: r.id,
    documentId: r.document_id,
    filename: r.filename,
    documentDate: r.document_date,
    documentKind: r.document_kind,
    metric: r.metric,
    metricKey: r.metric_key,
    period: r.period,
    valueText: r.value_text,
    valueNum: r.value_num == null ? null : Number(r.value_num),
    unit: r.unit,
    currency: r.currency,
    isForecast: r.is_forecast,
    page: r.source_page,
    cell: r.source_cell,
    excerpt: r.source_excerpt,
    superseded: r.superseded,
    status: r.status,
    domain: r.domain ?? null,
  };
}

interface RelationDbRow {
  id: string;
  deal_id: string;
  from_kind: NodeKind;
  from_id: string;
  to_kind: NodeKind;
  to_id: string;
  relation_type: RelationType;
  reason: string;
  created_by: string;
  created_at: string;
}

function toRelationRow(r: RelationDbRow): RelationRow {
  return {
    id: r.id,
    dealId: r.deal_id,
    fromKind: r.from_kind,
    fromId: r.from_id,
    toKind: r.to_kind,
    toId: r.to_id,
    type: r.relation_type,
    reason: r.reason,
    createdBy: r.created_by,
    createdAt: r.created_at,
  };
}

const RELATION_COLUMNS = "id, deal_id, from_kind, from_id, to_kind, to_id, relation_type, reason, created_by, created_at::text as created_at";


export class PostgresGraphStore implements GraphStore {
  readonly kind = "postgres" as const;
  constructor(private readonly db: Queryable) {}

  async upsertRelations({ dealId, relations }: { dealId: string; relations: RelationInput[] }): Promise<number> {
    let n = 0;
    for (const r of relations) {
      const res = await this.db.query(
        `insert into relations (id, deal_id, from_kind, from_id, to_kind, to_id, relation_type, reason, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         on conflict (deal_id, from_id, to_id, relation_type) do update set reason = excluded.reason, created_by = excluded.created_by`,
        [crypto.randomUUID(), dealId, r.fromKind, r.fromId, r.toKind, r.toId, r.type, r.reason, r.createdBy],
      );
      n += res.rowCount;
    }
    return n;
  }

  async deleteRelations({ dealId, ids, keys }: { dealId: string; ids?: string[]; keys?: Pick<RelationInput, "fromId" | "toId" | "type">[] }): Promise<number> {
    let n = 0;
    if (ids?.length) n += (await this.db.query("delete from relations where deal_id = $1 and id = any($2::uuid[])", [dealId, ids])).rowCount;
    for (const k of keys ?? []) {
      n += (await this.db.query("delete from relations where deal_id = $1 and from_id = $2 and to_id = $3 and relation_type = $4", [dealId, k.fromId, k.toId, k.type])).rowCount;
    }
    return n;
  }

  async relationsForDeal({ dealId, types }: { dealId: string; types?: RelationType[] }): Promise<RelationRow[]> {
    const { rows } = await this.db.query<RelationDbRow>(
      `select ${RELATION_COLUMNS} from relations where deal_id = $1 and ($2::text[] is null or relation_type = any($2::text[]))
       order by relation_type, from_id, to_id`,
      [dealId, types?.length ? types : null],
    );
    return rows.map(toRelationRow);
  }

  async neighbours({ dealId, id, types, direction = "both" }: { dealId: string; id: string; types?: RelationType[]; direction?: "out" | "in" | "both" }): Promise<Neighbour[]> {
    if (!isUuid(id)) return [];
    const { rows } = await this.db.query<RelationDbRow>(
      `select ${RELATION_COLUMNS} from relations
       where deal_id = $1 and (from_id = $2 or to_id = $2) and ($3::text[] is null or relation_type = any($3::text[]))
       order by relation_type, created_at, id`,
      [dealId, id, types?.length ? types : null],
    );
    const out: Neighbour[] = [];
    for (const r of rows) {
      const outgoing = r.from_id === id;
      if ((direction === "out" && !outgoing) || (direction === "in" && outgoing)) continue;
      out.push({
        relationId: r.id,
        type: r.relation_type,
        direction: outgoing ? "out" : "in",
        kind: outgoing ? r.to_kind : r.from_kind,
        id: outgoing ? r.to_id : r.from_id,
        reason: r.reason,
        createdBy: r.created_by,
      });
    }
    return out;
  }

  async supersessionChain({ dealId, id }: { dealId: string; id: string }): Promise<ChainNode[]> {
    if (!isUuid(id)) return [];
    const { rows } = await this.db.query<{ id: string; position: number }>(CHAIN_SQL, [dealId, id]);
    const position = chainPositions(rows.map((r) => ({ id: r.id, position: Number(r.position) })));
    const ids = [...position.keys()];
    const docs = await this.db.query<{ id: string; filename: string; document_date: string | null }>(
      "select id, filename, document_date::text as document_date from documents where deal_id = $1 and id = any($2::uuid[])",
      [dealId, ids],
    );
    const findings = await this.db.query<FindingDbRow>(`${FINDING_SQL} where f.deal_id = $1 and f.id = any($2::uuid[])`, [dealId, ids]);
    const nodes: ChainNode[] = [];
    for (const d of docs.rows) {
      nodes.push({ kind: "document", id: d.id, position: position.get(d.id)!, documentId: d.id, filename: d.filename, documentDate: d.document_date });
    }
    for (const row of findings.rows) {
      const f = toFindingRef(row);
      nodes.push({
        kind: "finding", id: f.id, position: position.get(f.id)!, documentId: f.documentId, filename: f.filename, documentDate: f.documentDate,
        metricKey: f.metricKey, period: f.period, valueText: f.valueText, valueNum: f.valueNum, page: f.page, cell: f.cell, excerpt: f.excerpt,
        superseded: f.superseded,
      });
    }
    return sortChain(nodes);
  }

  async currentVersionOf({ dealId, id }: { dealId: string; id: string }): Promise<ChainNode | undefined> {
    return currentVersion(await this.supersessionChain({ dealId, id }));
  }

  async contradictionsFor(q: ContradictionQuery): Promise<Contradiction[]> {
    const { dealId } = q;
    const edges = await this.versionEdges(dealId);
    const linked = linkedBy(edges);
    let scope: Set<string> | undefined;
    if (q.findingIds) {
      const ids = q.findingIds.filter((i) => isUuid(i));
      if (!ids.length) return [];
      // The asked findings, their newer versions, and the same claim elsewhere in those documents.
      const wanted = withNewerVersions(ids, edges);
      const siblings = await this.db.query<{ id: string }>(
        `select s.id from findings f join findings s
           on s.deal_id = f.deal_id and s.document_id = f.document_id and s.metric_key = f.metric_key and s.period is not distinct from f.period
         where f.deal_id = $1 and f.id = any($2::uuid[])`,
        [dealId, [...wanted]],
      );
      scope = new Set([...wanted, ...siblings.rows.map((r) => r.id)]);
    }
    const rels = await this.db.query<{ id: string; from_id: string; to_id: string; reason: string }>(
      `select r.id, r.from_id, r.to_id, r.reason from relations r
       join findings fa on fa.id = r.from_id join findings fb on fb.id = r.to_id
       where r.deal_id = $1 and r.relation_type = 'CONTRADICTS' and r.from_kind = 'finding' and r.to_kind = 'finding'
         and ($2::text is null or (fa.metric_key = $2 and fb.metric_key = $2))
         and ($3::uuid[] is null or r.from_id = any($3::uuid[]) or r.to_id = any($3::uuid[]))
       order by r.created_at, r.id`,
      [dealId, q.metricKey ?? null, scope ? [...scope] : null],
    );
    if (!rels.rows.length) return [];
    const ids = [...new Set(rels.rows.flatMap((r) => [r.from_id, r.to_id]))];
    const fr = await this.db.query<FindingDbRow>(`${FINDING_SQL} where f.deal_id = $1 and f.id = any($2::uuid[])`, [dealId, ids]);
    const byId = new Map(fr.rows.map((r) => [r.id, toFindingRef(r)]));
    const candidates = rels.rows.flatMap((r) => {
      const a = byId.get(r.from_id);
      const b = byId.get(r.to_id);
      return a && b ? [{ relationId: r.id, reason: r.reason, a, b }] : [];
    });
    return conflictingContradictions(candidates, linked, q.period);
  }

  /** All version edges of a deal (documents and findings). */
  async versionEdges(dealId: string): Promise<VersionEdge[]> {
    const { rows } = await this.db.query<{ from_id: string; to_id: string }>(
      `select from_id, to_id from relations where deal_id = $1 and ${VERSION_EDGE_SQL}`,
      [dealId],
    );
    return rows.map((r) => ({ fromId: r.from_id, toId: r.to_id }));
  }

  async close(): Promise<void> {}
}

export { relationKey };
