import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPgliteThread, dbOverPort, type DbThread } from "@/lib/db/thread";
import { tempDir } from "../helpers/fixtures";

/** The embedded database in its own thread (issue 20): the same Db contract as in-process PGlite. */
describe("PGlite in a thread of its own (lib/db/thread.ts)", () => {
  let t: DbThread;
  const dir = path.join(tempDir("manda-dbthread-"), "pgdata");

  beforeAll(async () => {
    t = await openPgliteThread(dir);
    await t.db.exec("create table items (id int primary key, label text not null, data jsonb, at timestamptz default now(), raw bytea)");
  });
  afterAll(async () => {
    await t.db.close();
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it("runs parameterised statements and returns typed rows", async () => {
    const ins = await t.db.query("insert into items (id, label, data, raw) values ($1, $2, $3, $4)", [1, "one", JSON.stringify({ a: [1, 2] }), new Uint8Array([1, 2, 3])]);
    expect(ins.rowCount).toBe(1);
    const { rows } = await t.db.query<{ id: number; label: string; data: unknown; at: Date; raw: Uint8Array }>("select * from items where id = $1", [1]);
    expect(rows[0]).toMatchObject({ id: 1, label: "one", data: { a: [1, 2] } });
    expect(rows[0]!.at).toBeInstanceOf(Date);
    expect(Array.from(rows[0]!.raw)).toEqual([1, 2, 3]);
  });

  it("passes PostgreSQL's error fields back (code, constraint)", async () => {
    const e = await t.db.query("insert into items (id, label) values (1, 'again')").then(() => null, (x: unknown) => x as { code?: string; message: string });
    expect(e?.code).toBe("23505");
    expect(e?.message).toMatch(/duplicate key/);
  });

  it("commits a transaction, rolls one back when it throws, and holds other clients until it ends", async () => {
    await t.db.transaction(async (tx) => {
      await tx.query("insert into items (id, label) values (2, 'two')");
    });
    await expect(t.db.transaction(async (tx) => {
      await tx.query("insert into items (id, label) values (3, 'three')");
      throw new Error("changed my mind");
    })).rejects.toThrow("changed my mind");
    expect((await t.db.query("select id from items order by id")).rows).toEqual([{ id: 1 }, { id: 2 }]);

    // another thread's client (a second port) waits for an open transaction, then sees its result
    const other = dbOverPort(t.connect());
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = t.db.transaction(async (q) => {
      await q.query("insert into items (id, label) values (4, 'four')");
      await held;
    });
    await new Promise((r) => setImmediate(r));
    const read = other.query<{ n: number }>("select count(*)::int as n from items");
    let readDone = false;
    void read.then(() => (readDone = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(readDone).toBe(false);
    release();
    await tx;
    expect((await read).rows[0]!.n).toBe(3);
    await other.close();
  });

  it("serves the high-priority client first: a low client's statement waits while a high one runs", async () => {
    const low = dbOverPort(t.connect("low"));
    const order: string[] = [];
    // a slow high statement, then a low one sent right after it, then a quick high one
    const slowHigh = t.db.query("select pg_sleep(0.2)").then(() => order.push("high-slow"));
    await new Promise((r) => setTimeout(r, 20));
    const lowOne = low.query("select 1").then(() => order.push("low"));
    const quickHigh = t.db.query("select 2").then(() => order.push("high-quick"));
    await Promise.all([slowHigh, lowOne, quickHigh]);
    expect(order).toEqual(["high-slow", "high-quick", "low"]);
    // a low client's own transaction is never held up by its turn
    await low.transaction(async (tx) => {
      await tx.query("insert into items (id, label) values (5, 'five')");
      await tx.query("update items set label = 'FIVE' where id = 5");
    });
    expect((await t.db.query("select label from items where id = 5")).rows).toEqual([{ label: "FIVE" }]);
    await low.close();
  });
});
