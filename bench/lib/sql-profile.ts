/**
 * Time per SQL statement shape (first 110 characters, whitespace folded) for bench:dataroom
 * --sql: which statements a run sends, how many times, and how long each waited and ran (under
 * concurrent tasks a statement's time includes its wait for the ones before it).
 *
 * On in-process PGlite it also times each shape's own work: PGlite runs a statement's protocol
 * messages synchronously in `execProtocolRawSync` on the calling thread, so the time spent inside
 * that call, charged to the statement whose async context made it, is the database's CPU for the
 * statement without its waits (issue 23: by wall time, cheap entity lookups queued behind index
 * writes looked as costly as the writes). That method is PGlite's internal API (0.5.x), patched
 * here for the bench only; when it is missing, or PGlite runs in its own thread (--db-thread),
 * only the wall times are printed.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { PGlite } from "@electric-sql/pglite";
import type { Db, Queryable } from "@/lib/db";

const stats = new Map<string, { n: number; ms: number; syncMs: number }>();
const current = new AsyncLocalStorage<string>();
let syncTimed = false;

function key(sql: string) { return sql.replace(/\s+/g, " ").trim().slice(0, 110); }
function entry(k: string) {
  let e = stats.get(k);
  if (!e) stats.set(k, (e = { n: 0, ms: 0, syncMs: 0 }));
  return e;
}

function timeSyncWork() {
  const proto = PGlite.prototype as unknown as { execProtocolRawSync?: (...a: unknown[]) => unknown };
  const raw = proto.execProtocolRawSync;
  if (syncTimed || typeof raw !== "function") return;
  syncTimed = true;
  proto.execProtocolRawSync = function (this: unknown, ...a: unknown[]) {
    const t0 = performance.now();
    try {
      return raw.apply(this, a);
    } finally {
      entry(current.getStore() ?? "(outside a profiled statement)").syncMs += performance.now() - t0;
    }
  };
}

function wrapQ<T extends Queryable>(q: T): T {
  const orig = q.query.bind(q);
  (q as Queryable).query = async (sql: string, params?: unknown[]) => {
    const k = key(sql);
    const t0 = performance.now();
    try { return await current.run(k, () => orig(sql, params)); } finally {
      const e = entry(k); e.n++; e.ms += performance.now() - t0;
    }
  };
  return q;
}
export function profileDb(db: Db): Db {
  timeSyncWork();
  wrapQ(db);
  const tx = db.transaction.bind(db);
  (db as { transaction: Db["transaction"] }).transaction = (fn) => tx((t) => fn(wrapQ(t)));
  return db;
}
export function printSqlProfile() {
  const all = [...stats].filter(([, e]) => e.n > 0 || e.syncMs > 0);
  const tot = all.reduce((s, [, e]) => s + e.ms, 0);
  const syncTot = all.reduce((s, [, e]) => s + e.syncMs, 0);
  const row = (e: { n: number; ms: number }, k: string) => `${(e.ms / 1000).toFixed(2).padStart(8)} s ${String(e.n).padStart(7)}× ${(e.ms / Math.max(e.n, 1)).toFixed(2).padStart(7)} ms  ${k}`;
  console.log(`SQL total ${(tot / 1000).toFixed(1)} s over ${all.reduce((s, [, e]) => s + e.n, 0)} queries (wall: waits included)`);
  for (const [k, e] of all.sort((a, b) => b[1].ms - a[1].ms).slice(0, 40)) console.log(row(e, k));
  if (syncTot === 0) return; // PGlite in another thread, or no sync method to time
  console.log(`SQL work in PGlite (in-process, no waits) ${(syncTot / 1000).toFixed(1)} s`);
  for (const [k, e] of all.sort((a, b) => b[1].syncMs - a[1].syncMs).slice(0, 25)) console.log(row({ n: e.n, ms: e.syncMs }, k));
}
