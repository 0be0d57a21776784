import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { MandaError } from "@/lib/errors";
import type { Db, Queryable, QueryResult } from "./types";
import { acquireDirLock } from "./dir-lock";

function wrap(q: Pick<PGlite, "query" | "exec">): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const res = await q.query<T>(sql, params);
      return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  };
}

/**
 * Embedded Postgres on disk under `<dataDir>/pgdata` (or in memory for `memory://`).
 * PGlite is single-process: a lock file keeps a second process from opening the
 * same directory and corrupting it; that process gets a clear error instead.
 */
export async function openPglite(dir: string | "memory://"): Promise<Db> {
  let release = () => {};
  if (dir !== "memory://") {
    fs.mkdirSync(dir, { recursive: true });
    release = acquireDirLock(path.join(dir, "..", "manda.lock"));
  }
  let pg: PGlite;
  try {
    pg = await PGlite.create({ dataDir: dir === "memory://" ? undefined : dir, extensions: { vector } });
  } catch (e) {
    release();
    throw new MandaError("unavailable:database", `Could not open the embedded database at ${dir}.`, { cause: e });
  }
  const base = wrap(pg);
  return {
    kind: "pglite",
    ...base,
    async transaction(fn) {
      return pg.transaction((tx) => fn(wrap(tx)));
    },
    async close() {
      try {
        await pg.close();
      } finally {
        release();
      }
    },
  };
}
