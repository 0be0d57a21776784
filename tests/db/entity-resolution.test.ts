import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, Queryable } from "@/lib/db";
import { resolveEntity } from "@/lib/extraction/decision";
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
