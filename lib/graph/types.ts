/** Shapes shared by the graph stores, relation detection and the query helpers. */

export type RelationType = "SUPERSEDES" | "CONTRADICTS" | "SUPPORTS" | "EXTRACTED_FROM";
export const RELATION_TYPES: readonly RelationType[] = ["SUPERSEDES", "CONTRADICTS", "SUPPORTS", "EXTRACTED_FROM"];

export type NodeKind = "document" | "finding" | "timeline_event" | "entity";

/** Who made a relation. Detection owns these; any other created_by (e.g. "user:<id>") is left alone. */
export type RelationSource = "filename_pattern" | "content_phrase" | "restatement" | "value_comparison" | "pipeline";
export const MANAGED_SOURCES: readonly RelationSource[] = ["filename_pattern", "content_phrase", "restatement", "value_comparison", "pipeline"];

export interface RelationInput {
  fromKind: NodeKind;
  fromId: string;
  toKind: NodeKind;
  toId: string;
  type: RelationType;
  reason: string;
  createdBy: RelationSource | string;
}

export interface RelationRow extends RelationInput {
  id: string;
  dealId: string;
  createdAt: string;
}

export function relationKey(r: Pick<RelationInput, "fromId" | "toId" | "type">): string {
  return `${r.fromId}|${r.toId}|${r.type}`;
}

/**
 * "Version" edges make up supersession chains: every SUPERSEDES, plus the SUPPORTS a newer version
 * of a document gives an unchanged finding of the version it replaces (created_by filename_pattern
 * or content_phrase). Such a finding is flagged superseded: its document was replaced, so the
 * newer document is the one to cite, but its value was not corrected.
 */
export const VERSION_SUPPORT_SOURCES: readonly string[] = ["filename_pattern", "content_phrase"];
export function isVersionEdge(r: Pick<RelationInput, "type" | "createdBy" | "fromKind" | "toKind">): boolean {
  return r.fromKind === r.toKind && (r.type === "SUPERSEDES" || (r.type === "SUPPORTS" && VERSION_SUPPORT_SOURCES.includes(r.createdBy)));
}

/** A document or finding in a supersession chain. */
export interface ChainNode {
  kind: "document" | "finding";
  id: string;
  /** Negative: older than the node asked about; 0: that node; positive: newer. */
  position: number;
  documentId: string;
  filename: string;
  documentDate: string | null;
  /** Findings only. */
  metricKey?: string;
  period?: string | null;
  valueText?: string;
  valueNum?: number | null;
  page?: number;
  cell?: string | null;
  excerpt?: string;
  superseded?: boolean;
}

/** A finding as the stores return it (with its document, for citations). */
export interface FindingRef {
  id: string;
  documentId: string;
  filename: string;
  documentDate: string | null;
  documentKind: string | null;
  metric: string;
  metricKey: string;
  period: string | null;
  valueText: string;
  valueNum: number | null;
  unit: string | null;
  currency: string | null;
  isForecast: boolean;
  page: number;
  cell: string | null;
  excerpt: string;
  superseded: boolean;
  status: string;
  /** The finding's domain (financial, legal …), when the store read it. */
  domain?: string | null;
}

export interface Contradiction {
  relationId: string;
  metricKey: string;
  period: string | null;
  reason: string;
  a: FindingRef;
  b: FindingRef;
}

export interface Neighbour {
  relationId: string;
  type: RelationType;
  direction: "out" | "in";
  kind: NodeKind;
  id: string;
  reason: string;
  createdBy: string;
}

export interface ContradictionQuery {
  dealId: string;
  /** Conflicts touching these findings (or the same claim: same document, metric and period; or their current versions). */
  findingIds?: string[];
  metricKey?: string;
  period?: string;
}
