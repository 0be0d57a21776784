import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
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
 * PGlite is PostgreSQL compiled to WebAssembly. V8 first compiles WebAssembly with its
 * baseline compiler and re-compiles a function with the optimising one only after it has
 * run a while (a "tiering budget"); with the default budget much of PostgreSQL's executor
 * stays on baseline code for minutes, and searches ran ~1.8x slower (bench/search-latency:
 * hybrid p50 63 → 34 ms at 10k chunks). A smaller budget tiers hot code up in the
 * background after a little use. It must be set before the module is compiled, and it
 * only affects WebAssembly (process-wide, so pdf.js workers tier up sooner too).
 */
const WASM_TIERING_BUDGET = 50_000;
let tieringSet = false;
let tierUpEagerly = true;
function tierUpWasmSooner() {
  if (tieringSet || !tierUpEagerly) return;
  tieringSet = true;
  v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
}

/**
 * For a process that exits within a second or two (one `manda ask`, `manda search`): keep V8's
 * default tiering budget. The optimising compiles the smaller budget starts run on background
 * threads while the command runs, and would pay back only in a longer-lived process: in a
 * one-shot `manda ask` they cost ~0.4 s of CPU (bench/cli-start.ts), on a 2-core machine
 * mostly wall time. Also a small buffer pool (unless MANDA_PG_SHARED_BUFFERS sets one): PGlite
 * clears its whole pool at start, ~0.1 s of CPU for the default 128MB, and one command reads a
 * few MB. Call before the first database is opened; later calls change nothing.
 */
export function keepDefaultWasmTiering(): void {
  tierUpEagerly = false;
  quickStart = true;
}

let quickStart = false;
const QUICK_START_SHARED_BUFFERS = "16MB";

/** PGlite's start parameters with the buffer pool asked for (configured, or a one-shot command's), or undefined for its defaults. */
export function pgliteStartParams(sharedBuffers: string | undefined): string[] | undefined {
  const size = sharedBuffers ?? (quickStart ? QUICK_START_SHARED_BUFFERS : undefined);
  return size ? [...PGlite.defaultStartParams, "-c", `shared_buffers=${size}`] : undefined;
}

/**
 * Embedded Postgres on disk under `<dataDir>/pgdata` (or in memory for `memory://`).
 * PGlite is single-process: a lock file keeps a second process from opening the
 * same directory and corrupting it; that process gets a clear error instead.
 */
export async function openPglite(dir: string | "memory://", { sharedBuffers }: { sharedBuffers?: string } = {}): Promise<Db> {
  let release = () => {};
  if (dir !== "memory://") {
    fs.mkdirSync(dir, { recursive: true });
    release = acquireDirLock(path.join(dir, "..", "manda.lock"));
  }
  tierUpWasmSooner();
  let pg: PGlite;
  try {
    const startParams = dir === "memory://" ? undefined : pgliteStartParams(sharedBuffers);
    pg = await PGlite.create({ dataDir: dir === "memory://" ? undefined : dir, extensions: { vector }, ...(startParams ? { startParams } : {}) });
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
