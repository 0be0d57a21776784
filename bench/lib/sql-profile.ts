/**
 * Time per SQL statement shape (first 110 characters, whitespace folded) for bench:dataroom
 * --sql: which statements a run sends, how many times, and how long each waited and ran (under
 * concurrent tasks a statement's time includes its wait for the ones before it).
 */
import type { Db, Queryable } from "@/lib/db";
const stats = new Map<string, { n: number; ms: number }>();
function key(sql: string) { return sql.replace(/\s+/g, " ").trim().slice(0, 110); }
function wrapQ<T extends Queryable>(q: T): T {
  const orig = q.query.bind(q);
  (q as Queryable).query = async (sql: string, params?: unknown[]) => {
    const t0 = performance.now();
    try { return await orig(sql, params); } finally {
      const k = key(sql); const e = stats.get(k) ?? { n: 0, ms: 0 }; e.n++; e.ms += performance.now() - t0; stats.set(k, e);
    }
  };
  return q;
}
export function profileDb(db: Db): Db {
  wrapQ(db);
  const tx = db.transaction.bind(db);
  (db as { transaction: Db["transaction"] }).transaction = (fn) => tx((t) => fn(wrapQ(t)));
  return db;
}
export function printSqlProfile() {
  const all = [...stats].sort((a, b) => b[1].ms - a[1].ms);
  const tot = all.reduce((s, [, e]) => s + e.ms, 0);
  console.log(`SQL total ${(tot / 1000).toFixed(1)} s over ${all.reduce((s, [, e]) => s + e.n, 0)} queries`);
  for (const [k, e] of all.slice(0, 40)) console.log(`${(e.ms / 1000).toFixed(2).padStart(8)} s ${String(e.n).padStart(7)}× ${(e.ms / e.n).toFixed(2).padStart(7)} ms  ${k}`);
}
