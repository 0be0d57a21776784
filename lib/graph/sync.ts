/**
 * Writes a relation plan into the relations table: inserts what is missing, updates reasons that
 * changed, deletes detection-made relations that no longer hold, and sets the findings' superseded
 * flags. Relations made by anyone else (created_by not in MANAGED_SOURCES) are never touched.
 */
import type { Queryable } from "@/lib/db";
import { MANAGED_SOURCES, relationKey, type RelationInput, type RelationType } from "./types";

export interface SyncCounts {
  inserted: number;
  updated: number;
  deleted: number;
  flagged: number;
  unflagged: number;
}

interface ExistingRow {
  id: string;
  from_kind: string;
  from_id: string;
  to_kind: string;
  to_id: string;
  relation_type: RelationType;
  reason: string;
  created_by: string;
}

const BATCH = 400;

export async function syncRelations({
  db,
  dealId,
  relations,
  superseded,
}: {
  db: Queryable;
  dealId: string;
  relations: RelationInput[];
  /** When given, findings of the deal are flagged superseded exactly when their id is in the set. */
  superseded?: Set<string>;
}): Promise<SyncCounts> {
  const counts: SyncCounts = { inserted: 0, updated: 0, deleted: 0, flagged: 0, unflagged: 0 };
  const { rows } = await db.query<ExistingRow>(
    "select id, from_kind, from_id, to_kind, to_id, relation_type, reason, created_by from relations where deal_id = $1",
    [dealId],
  );
  const existing = new Map(rows.map((r) => [relationKey({ fromId: r.from_id, toId: r.to_id, type: r.relation_type }), r]));
  const wanted = new Map(relations.map((r) => [relationKey(r), r]));
  const managed = new Set<string>(MANAGED_SOURCES);

  const toDelete = rows.filter((r) => managed.has(r.created_by) && !wanted.has(relationKey({ fromId: r.from_id, toId: r.to_id, type: r.relation_type })));
  for (let i = 0; i < toDelete.length; i += BATCH) {
    const ids = toDelete.slice(i, i + BATCH).map((r) => r.id);
    const res = await db.query(`delete from relations where deal_id = $1 and id in (${ids.map((_, k) => `$${k + 2}`).join(", ")})`, [dealId, ...ids]);
    counts.deleted += res.rowCount;
  }

  const toInsert: RelationInput[] = [];
  for (const [key, r] of wanted) {
    const old = existing.get(key);
    if (!old) {
      toInsert.push(r);
      continue;
    }
    if (!managed.has(old.created_by)) continue; // someone else's relation: keep theirs
    if (old.reason !== r.reason || old.created_by !== r.createdBy || old.from_kind !== r.fromKind || old.to_kind !== r.toKind) {
      await db.query("update relations set reason = $3, created_by = $4, from_kind = $5, to_kind = $6 where deal_id = $1 and id = $2", [
        dealId, old.id, r.reason, r.createdBy, r.fromKind, r.toKind,
      ]);
      counts.updated++;
    }
  }
  for (let i = 0; i < toInsert.length; i += BATCH) {
    const batch = toInsert.slice(i, i + BATCH);
    const params: unknown[] = [];
    const values = batch.map((r) => {
      const b = params.length;
      params.push(crypto.randomUUID(), dealId, r.fromKind, r.fromId, r.toKind, r.toId, r.type, r.reason, r.createdBy);
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8}, $${b + 9})`;
    });
    const res = await db.query(
      `insert into relations (id, deal_id, from_kind, from_id, to_kind, to_id, relation_type, reason, created_by)
       values ${values.join(", ")}
       on conflict (deal_id, from_id, to_id, relation_type) do nothing`,
      params,
    );
    counts.inserted += res.rowCount;
  }

  if (superseded) {
    const ids = [...superseded];
    const flagged = await db.query(
      "update findings set superseded = true where deal_id = $1 and not superseded and id = any($2::uuid[])",
      [dealId, ids],
    );
    const unflagged = await db.query(
      "update findings set superseded = false where deal_id = $1 and superseded and not (id = any($2::uuid[]))",
      [dealId, ids],
    );
    counts.flagged = flagged.rowCount;
    counts.unflagged = unflagged.rowCount;
  }
  return counts;
}
