/**
 * The graph as the agent reads it: SUPERSEDES / CONTRADICTS / SUPPORTS edges between findings and
 * documents. Reads the `relations` table (the default Postgres GraphStore) directly behind this
 * small interface; swap `defaultGraphReader` for lib/graph/queries.ts helpers when they land.
 * Filename version patterns (P8 method 1: _CORRECTED, _v2, _FINAL …) are applied at query time
 * too, so corrections are honoured even before relation detection has run.
 */
import type { Queryable } from "@/lib/db";
import { versionInfo } from "@/lib/ingest/metadata";

export type RelationType = "SUPERSEDES" | "CONTRADICTS" | "SUPPORTS";

export interface Edge {
  fromId: string;
  toId: string;
  type: RelationType;
  reason: string;
  createdBy: string;
}

export interface DocumentVersion {
  newerId: string;
  olderId: string;
  reason: string;
}

export interface GraphReader {
  /** Finding-level edges touching any of the ids. */
  findingEdges(db: Queryable, dealId: string, findingIds: string[]): Promise<Edge[]>;
  /** Document-level supersession pairs (relations + filename patterns). */
  documentVersions(db: Queryable, dealId: string): Promise<DocumentVersion[]>;
}

export const defaultGraphReader: GraphReader = {
  async findingEdges(db, dealId, findingIds) {
    if (findingIds.length === 0) return [];
    const { rows } = await db.query<{ from_id: string; to_id: string; relation_type: RelationType; reason: string; created_by: string }>(
      `select from_id, to_id, relation_type, reason, created_by from relations
       where deal_id = $1 and from_kind = 'finding' and to_kind = 'finding'
         and relation_type in ('SUPERSEDES', 'CONTRADICTS', 'SUPPORTS')
         and (from_id = any($2::uuid[]) or to_id = any($2::uuid[]))
       order by relation_type, from_id, to_id`,
      [dealId, findingIds],
    );
    return rows.map((r) => ({ fromId: r.from_id, toId: r.to_id, type: r.relation_type, reason: r.reason, createdBy: r.created_by }));
  },
  async documentVersions(db, dealId) {
    const { rows: rel } = await db.query<{ from_id: string; to_id: string; reason: string }>(
      `select from_id, to_id, reason from relations
       where deal_id = $1 and from_kind = 'document' and to_kind = 'document' and relation_type = 'SUPERSEDES'`,
      [dealId],
    );
    const out: DocumentVersion[] = rel.map((r) => ({ newerId: r.from_id, olderId: r.to_id, reason: r.reason }));
    const seen = new Set(out.map((v) => `${v.newerId}>${v.olderId}`));
    const { rows: docs } = await db.query<{ id: string; filename: string }>("select id, filename from documents where deal_id = $1", [dealId]);
    const groups = new Map<string, Array<{ id: string; filename: string; rank: number }>>();
    for (const d of docs) {
      const v = versionInfo(d.filename);
      const ext = d.filename.split(".").pop()?.toLowerCase() ?? "";
      const key = `${v.group}.${ext}`;
      groups.set(key, [...(groups.get(key) ?? []), { ...d, rank: v.rank }]);
    }
    for (const members of groups.values()) {
      if (members.length < 2) continue;
      members.sort((a, b) => b.rank - a.rank || a.filename.localeCompare(b.filename));
      const newest = members[0]!;
      for (const older of members.slice(1)) {
        if (older.rank === newest.rank || seen.has(`${newest.id}>${older.id}`)) continue;
        out.push({ newerId: newest.id, olderId: older.id, reason: `${newest.filename} is a later version of ${older.filename} (file name)` });
        seen.add(`${newest.id}>${older.id}`);
      }
    }
    return out;
  },
};
