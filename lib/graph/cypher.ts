/**
 * Cypher builders and record mappers for the Neo4j GraphStore, kept pure so they are unit-tested
 * without a server. Labels and relationship types are never taken from input: they come from the
 * whitelists below (Cypher cannot parameterise them).
 */
import neo4j from "neo4j-driver";
import { VERSION_SUPPORT_SOURCES, type ChainNode, type FindingRef, type Neighbour, type NodeKind, type RelationRow, type RelationType, RELATION_TYPES } from "./types";

/** Every node also carries this label, so lookups by id use one uniqueness constraint. */
export const NODE_LABEL = "MandaNode";

export const LABELS: Record<NodeKind | "deal", string> = {
  deal: "Deal",
  document: "Document",
  finding: "Finding",
  timeline_event: "TimelineEvent",
  entity: "Entity",
};

const KIND_BY_LABEL = new Map(Object.entries(LABELS).map(([k, v]) => [v, k as NodeKind | "deal"]));

export function labelOf(kind: NodeKind | "deal"): string {
  const l = LABELS[kind];
  if (!l) throw new Error(`Unknown node kind ${kind}`);
  return l;
}

export function assertRelationType(t: string): RelationType {
  if (!(RELATION_TYPES as readonly string[]).includes(t)) throw new Error(`Unknown relation type ${t}`);
  return t as RelationType;
}

/** Constraints and indexes, created at connect (idempotent: IF NOT EXISTS). */
export function schemaStatements(): string[] {
  const out = [`CREATE CONSTRAINT manda_node_id IF NOT EXISTS FOR (n:${NODE_LABEL}) REQUIRE n.id IS UNIQUE`];
  for (const [kind, label] of Object.entries(LABELS)) {
    out.push(`CREATE CONSTRAINT manda_${kind}_id IF NOT EXISTS FOR (n:${label}) REQUIRE n.id IS UNIQUE`);
    if (kind !== "deal") out.push(`CREATE INDEX manda_${kind}_deal IF NOT EXISTS FOR (n:${label}) ON (n.dealId)`);
  }
  out.push(`CREATE INDEX manda_finding_metric IF NOT EXISTS FOR (n:${LABELS.finding}) ON (n.dealId, n.metricKey)`);
  for (const t of RELATION_TYPES) out.push(`CREATE INDEX manda_rel_${t.toLowerCase()}_deal IF NOT EXISTS FOR ()-[r:${t}]-() ON (r.dealId)`);
  return out;
}

export function mergeDealQuery(): string {
  return `MERGE (d:${LABELS.deal}:${NODE_LABEL} {id: $dealId})
SET d.dealId = $dealId, d.slug = $slug, d.name = $name, d.targetCompany = $targetCompany, d.syncToken = $token`;
}

/** UNWIND $rows ({id, props}) → MERGE nodes of one kind, stamp the sync token, link to the deal. */
export function mergeNodesQuery(kind: NodeKind): string {
  const label = labelOf(kind);
  return `MATCH (d:${LABELS.deal} {id: $dealId})
UNWIND $rows AS row
MERGE (n:${label}:${NODE_LABEL} {id: row.id})
SET n += row.props, n.dealId = $dealId, n.syncToken = $token
MERGE (n)-[:IN_DEAL]->(d)`;
}

/** UNWIND $rows ({id, from, to, reason, createdBy, version, createdAt}) → MERGE one relationship type between two labels. */
export function mergeRelationsQuery(type: RelationType, fromKind: NodeKind, toKind: NodeKind): string {
  const t = assertRelationType(type);
  return `UNWIND $rows AS row
MATCH (a:${labelOf(fromKind)} {id: row.from})
MATCH (b:${labelOf(toKind)} {id: row.to})
MERGE (a)-[r:${t}]->(b)
SET r.id = row.id, r.dealId = $dealId, r.reason = row.reason, r.createdBy = row.createdBy, r.version = row.version,
    r.createdAt = row.createdAt, r.syncToken = $token`;
}

/** Relationships of the deal not stamped by this sync (deleted or changed in Postgres). */
export function deleteStaleRelationsQuery(type: RelationType): string {
  return `MATCH ()-[r:${assertRelationType(type)}]->() WHERE r.dealId = $dealId AND r.syncToken <> $token DELETE r`;
}

export function deleteStaleNodesQuery(kind: NodeKind): string {
  return `MATCH (n:${labelOf(kind)}) WHERE n.dealId = $dealId AND n.syncToken <> $token DETACH DELETE n`;
}

export function nodeKindQuery(): string {
  return `MATCH (n:${NODE_LABEL} {id: $id}) WHERE n.dealId = $dealId RETURN labels(n) AS labels`;
}

/**
 * Supersession chain in one direction from a node: "older" follows SUPERSEDES (and version
 * SUPPORTS) edges forwards, "newer" backwards; depth is the longest path to each node.
 */
export function chainQuery(kind: "document" | "finding", direction: "older" | "newer"): string {
  const label = labelOf(kind);
  const pattern = direction === "older" ? `(n)-[rs:SUPERSEDES|SUPPORTS*1..64]->(o:${label})` : `(n)<-[rs:SUPERSEDES|SUPPORTS*1..64]-(o:${label})`;
  return `MATCH (n:${label} {id: $id}) WHERE n.dealId = $dealId
MATCH p = ${pattern}
WHERE all(r IN rs WHERE r.version = true)
RETURN o.id AS id, max(length(p)) AS depth`;
}

export function nodesByIdQuery(): string {
  return `MATCH (n:${NODE_LABEL}) WHERE n.id IN $ids AND n.dealId = $dealId RETURN labels(n) AS labels, properties(n) AS props`;
}

export function versionEdgesQuery(): string {
  return `MATCH (a)-[r:SUPERSEDES|SUPPORTS]->(b) WHERE r.dealId = $dealId AND r.version = true RETURN a.id AS fromId, b.id AS toId`;
}

export function siblingFindingsQuery(): string {
  return `MATCH (f:${LABELS.finding}) WHERE f.dealId = $dealId AND f.id IN $ids
MATCH (s:${LABELS.finding}) WHERE s.dealId = $dealId AND s.documentId = f.documentId AND s.metricKey = f.metricKey
  AND (s.period = f.period OR (s.period IS NULL AND f.period IS NULL))
RETURN DISTINCT s.id AS id`;
}

/** CONTRADICTS whose findings still conflict, in Cypher; the store re-checks each pair with isConflict (./conflict.ts). */
export function contradictionsQuery(): string {
  return `MATCH (a:${LABELS.finding})-[r:CONTRADICTS]->(b:${LABELS.finding})
WHERE r.dealId = $dealId
  AND ($metricKey IS NULL OR (a.metricKey = $metricKey AND b.metricKey = $metricKey))
  AND ($ids IS NULL OR a.id IN $ids OR b.id IN $ids)
  AND a.status = 'active' AND b.status = 'active' AND NOT a.superseded AND NOT b.superseded
  AND a.documentId <> b.documentId AND a.isForecast = b.isForecast
  AND NOT EXISTS { MATCH (a)-[:SUPERSEDES*1..64]->(b) }
  AND NOT EXISTS { MATCH (b)-[:SUPERSEDES*1..64]->(a) }
  AND NOT EXISTS { MATCH (:${LABELS.document} {id: a.documentId})-[:SUPERSEDES*1..64]->(:${LABELS.document} {id: b.documentId}) }
  AND NOT EXISTS { MATCH (:${LABELS.document} {id: b.documentId})-[:SUPERSEDES*1..64]->(:${LABELS.document} {id: a.documentId}) }
RETURN r.id AS relationId, r.reason AS reason, properties(a) AS a, properties(b) AS b
ORDER BY r.createdAt, r.id`;
}

export function neighboursQuery(): string {
  return `MATCH (n:${NODE_LABEL} {id: $id})-[r]-(m:${NODE_LABEL})
WHERE r.dealId = $dealId AND ($types IS NULL OR type(r) IN $types)
RETURN r.id AS relationId, type(r) AS type, startNode(r) = n AS outgoing, m.id AS id, labels(m) AS labels,
       r.reason AS reason, r.createdBy AS createdBy
ORDER BY type, r.createdAt, r.id`;
}

export function relationsForDealQuery(): string {
  return `MATCH (a:${NODE_LABEL})-[r]->(b:${NODE_LABEL})
WHERE r.dealId = $dealId AND type(r) IN $types
RETURN r.id AS id, type(r) AS type, a.id AS fromId, labels(a) AS fromLabels, b.id AS toId, labels(b) AS toLabels,
       r.reason AS reason, r.createdBy AS createdBy, r.createdAt AS createdAt
ORDER BY type, fromId, toId`;
}

export function deleteRelationsByIdQuery(): string {
  return `MATCH ()-[r]->() WHERE r.dealId = $dealId AND r.id IN $ids DELETE r`;
}

// ---- mappers ----

/** Anything a record field may hold that should be a JS number (neo4j Integer, bigint, number). */
export function toNum(v: unknown): number | null {
  if (v == null) return null;
  if (neo4j.isInt(v)) return (v as { toNumber(): number }).toNumber();
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "number") return v;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** A property as text: neo4j Integer and temporal values print through their own toString. */
const str = (v: unknown): string | null =>
  v == null ? null : typeof v === "object" ? (v as { toString(): string }).toString() : String(v as string | number | bigint | boolean);

export function kindFromLabels(labels: unknown): NodeKind | "deal" | undefined {
  for (const l of (labels as string[]) ?? []) {
    const k = KIND_BY_LABEL.get(l);
    if (k) return k;
  }
  return undefined;
}

/** Finding node properties (as syncDeal writes them) → FindingRef. */
export function findingFromProps(p: Record<string, unknown>): FindingRef {
  return {
    id: String(p.id),
    documentId: String(p.documentId),
    filename: str(p.filename) ?? "",
    documentDate: str(p.documentDate),
    documentKind: str(p.documentKind),
    metric: str(p.metric ?? p.metricKey) ?? "",
    metricKey: str(p.metricKey) ?? "",
    period: str(p.period),
    valueText: str(p.valueText) ?? "",
    valueNum: toNum(p.valueNum),
    unit: str(p.unit),
    currency: str(p.currency),
    isForecast: Boolean(p.isForecast),
    page: toNum(p.page) ?? 1,
    cell: str(p.cell),
    excerpt: str(p.excerpt) ?? "",
    superseded: Boolean(p.superseded),
    status: str(p.status) ?? "active",
  };
}

/** FindingRef → node properties (no nulls: Neo4j drops null properties anyway). */
export function findingToProps(f: FindingRef): Record<string, unknown> {
  const p: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) if (v != null && k !== "id") p[k] = v;
  return p;
}

export function chainNodeFromProps(labels: unknown, p: Record<string, unknown>, position: number): ChainNode | undefined {
  const kind = kindFromLabels(labels);
  if (kind === "document") {
    return { kind, id: String(p.id), position, documentId: String(p.id), filename: str(p.filename) ?? "", documentDate: str(p.documentDate) };
  }
  if (kind === "finding") {
    const f = findingFromProps(p);
    return {
      kind, id: f.id, position, documentId: f.documentId, filename: f.filename, documentDate: f.documentDate, metricKey: f.metricKey,
      period: f.period, valueText: f.valueText, valueNum: f.valueNum, page: f.page, cell: f.cell, excerpt: f.excerpt, superseded: f.superseded,
    };
  }
  return undefined;
}

interface RecordLike {
  get(key: string): unknown;
}

export function neighbourFromRecord(r: RecordLike): Neighbour {
  return {
    relationId: String(r.get("relationId")),
    type: assertRelationType(String(r.get("type"))),
    direction: r.get("outgoing") ? "out" : "in",
    kind: kindFromLabels(r.get("labels")) as NodeKind,
    id: String(r.get("id")),
    reason: str(r.get("reason")) ?? "",
    createdBy: str(r.get("createdBy")) ?? "",
  };
}

export function relationFromRecord(r: RecordLike, dealId: string): RelationRow {
  return {
    id: String(r.get("id")),
    dealId,
    type: assertRelationType(String(r.get("type"))),
    fromId: String(r.get("fromId")),
    fromKind: kindFromLabels(r.get("fromLabels")) as NodeKind,
    toId: String(r.get("toId")),
    toKind: kindFromLabels(r.get("toLabels")) as NodeKind,
    reason: str(r.get("reason")) ?? "",
    createdBy: str(r.get("createdBy")) ?? "",
    createdAt: str(r.get("createdAt")) ?? "",
  };
}

/** Relation row → the parameters mergeRelationsQuery expects. */
export function relationParams(r: RelationRow): Record<string, unknown> {
  const version = r.fromKind === r.toKind && (r.type === "SUPERSEDES" || (r.type === "SUPPORTS" && VERSION_SUPPORT_SOURCES.includes(r.createdBy)));
  return { id: r.id, from: r.fromId, to: r.toId, reason: r.reason, createdBy: r.createdBy, version, createdAt: r.createdAt };
}

/** Groups relation rows by (type, from kind, to kind): one MERGE query per group. */
export function groupRelations(rows: RelationRow[]): Array<{ query: string; rows: Record<string, unknown>[] }> {
  const groups = new Map<string, { query: string; rows: Record<string, unknown>[] }>();
  for (const r of rows) {
    const key = `${r.type}|${r.fromKind}|${r.toKind}`;
    let g = groups.get(key);
    if (!g) {
      g = { query: mergeRelationsQuery(r.type, r.fromKind, r.toKind), rows: [] };
      groups.set(key, g);
    }
    g.rows.push(relationParams(r));
  }
  return [...groups.values()];
}
