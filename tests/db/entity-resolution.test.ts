import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, Queryable } from "@/lib/db";
import { promoteEntityMentions, resolveEntity } from "@/lib/extraction/decision";
import type { Candidate } from "@/lib/extraction/types";
import { openTestDb } from "../helpers/db";

let db: Db;
let cleanup: () => Promise<void>;
let dealId: string;

beforeAll(async () => {
  ({ db, cleanup } = await openTestDb());
  dealId = crypto.randomUUID();
  await db.query("insert into deals (id, slug, name) values ($1, 'r', 'R')", [dealId]);
  // a deal that already knows many organisations and people
  for (let i = 0; i < 150; i++) {
    await resolveEntity(db, dealId, { entityType: "organisation", name: `Company Number ${"x".repeat(i % 40)}${i} Holdings Inc.` });
    await resolveEntity(db, dealId, { entityType: "person", name: `Person${i} Surname${i}` });
  }
});
afterAll(async () => cleanup?.());

/** The database, counting the entity rows read to resolve a name. */
function countingEntityRows(inner: Queryable): { db: Queryable; rows: () => number } {
  let n = 0;
  const db: Queryable = {
    query: async <T,>(sql: string, params?: unknown[]) => {
      const r = await inner.query<T>(sql, params);
      if (/from entities where/.test(sql)) n += r.rows.length;
      return r;
    },
    exec: (sql) => inner.exec(sql),
  };
  return { db, rows: () => n };
}

/** The database, counting statements. */
function countingStatements(inner: Queryable): { db: Queryable; count: () => number } {
  let n = 0;
  return { db: { query: (sql, params) => (n++, inner.query(sql, params)), exec: (sql) => inner.exec(sql) } as Queryable, count: () => n };
}

describe("promoteEntityMentions", () => {
  it("writes a document's mentions of known entities in two statements, a repeated mention keeping the later excerpt", async () => {
    const documentId = crypto.randomUUID();
    await db.query("insert into documents (id, deal_id, filename, sha256, bytes, storage_path, status) values ($1, $2, 'm.pdf', 'm', 1, '', 'indexed')", [documentId, dealId]);
    const staged = await Promise.all(Array.from({ length: 30 }, async (_, i) => {
      const id = crypto.randomUUID();
      const candidate: Candidate = {
        candidateType: "entity", candidateKey: `m${i}`, payload: { entityType: "person", name: `Person${i % 10} Surname${i % 10}`, role: "director" },
        confidenceScore: 0.9, confidenceReason: "", evidence: { text: `excerpt ${i} naming Surname${i % 10}`, page: 1 + (i % 10) }, evidenceType: "prose",
      };
      await db.query(
        `insert into staging_extractions (id, deal_id, document_id, candidate_type, candidate_key, payload, confidence_score, confidence_reason, evidence, evidence_type)
         values ($1, $2, $3, 'entity', $4, '{}', 0.9, '', '{}', 'prose')`, [id, dealId, documentId, candidate.candidateKey]);
      return { id, deal_id: dealId, document_id: documentId, candidate };
    }));
    const c = countingStatements(db);
    const ids = await promoteEntityMentions(c.db, staged);
    expect(c.count()).toBe(2);
    expect(new Set(ids).size).toBe(10);
    expect(ids[0]).toBe(await resolveEntity(db, dealId, { entityType: "person", name: "Person0 Surname0" }));
    // mentions 0, 10 and 20 share entity, page and role: one row, the last excerpt
    const { rows } = await db.query<{ n: number; excerpt: string }>(
      "select count(*)::int as n, max(excerpt) as excerpt from entity_mentions where document_id = $1 and entity_id = $2 and page = 1", [documentId, ids[0]]);
    expect(rows[0]).toEqual({ n: 1, excerpt: "excerpt 20 naming Surname0" });
  });
});

describe("resolveEntity", () => {
  it("finds an organisation by a spelling slip and a person by a surname slip, reading only names that could match", async () => {
    const org = await resolveEntity(db, dealId, { entityType: "organisation", name: "Quillford Logistics Holdings Inc." });
    const person = await resolveEntity(db, dealId, { entityType: "person", name: "Margaret Hollowell" });
    const c = countingEntityRows(db);
    expect(await resolveEntity(c.db, dealId, { entityType: "organisation", name: "Quilford Logistics Holdings" })).toBe(org);
    expect(await resolveEntity(c.db, dealId, { entityType: "person", name: "Margaret Holowell" })).toBe(person);
    expect(c.rows()).toBeLessThan(20);
    // an alias once recorded is matched too, and a different first name is another person
    expect(await resolveEntity(c.db, dealId, { entityType: "person", name: "Margaret Hollowel" })).toBe(person);
    expect(await resolveEntity(c.db, dealId, { entityType: "person", name: "Marion Hollowell" })).not.toBe(person);
    const aliases = (await db.query<{ aliases: string[] }>("select aliases from entities where id = $1", [org])).rows[0]!.aliases;
    expect(aliases).toEqual(["Quilford Logistics Holdings"]);
  });
});
