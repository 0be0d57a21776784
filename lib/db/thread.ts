/**
 * The embedded database (PGlite) in a thread of its own, for the web server (issue 20): PGlite runs
 * every statement synchronously on the thread that calls it, so while the background worker wrote
 * a document's index in the web server's main thread, every request waited (API p95 6 s, chat first
 * token 11 s while four 10-Ks ingested). The thread (workers/pglite-thread.mjs) owns PGlite; the
 * main thread and the background ingest thread each talk to it over a MessagePort, with the same
 * Db interface as in-process PGlite (statements in PGlite's order, a transaction holding it from
 * begin to commit). The CLI and tests keep PGlite in-process (lib/db/pglite.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { MessageChannel, Worker, type MessagePort } from "node:worker_threads";
import { MandaError } from "@/lib/errors";
import { acquireDirLock } from "./dir-lock";
import type { Db, Queryable, QueryResult } from "./types";

const THREAD_URL = new URL("./workers/pglite-thread.mjs", import.meta.url);

type Reply = { id: number; result?: unknown; error?: Record<string, string> };

/** An error from the database thread, with PostgreSQL's fields (code, detail …) as in-process. */
function rebuilt(e: Record<string, string>): Error {
  const err = new Error(e.message ?? "database error");
  err.name = e.name ?? "Error";
  return Object.assign(err, e);
}

/** A Db whose statements run in the database thread, over `port`. */
export function dbOverPort(port: MessagePort, close: () => Promise<void> = async () => port.close()): Db {
  let nextId = 1;
  let nextTx = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  port.on("message", (m: Reply) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error) w.reject(rebuilt(m.error));
    else w.resolve(m.result);
  });
  port.on("close", () => {
    for (const w of waiting.values()) w.reject(new MandaError("unavailable:database", "The database thread stopped."));
    waiting.clear();
  });
  const call = <T>(msg: Record<string, unknown>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      port.postMessage({ ...msg, id });
    });
  const queryable = (tx?: number): Queryable => ({
    query: <T>(sql: string, params: unknown[] = []) => call<QueryResult<T>>({ op: "query", sql, params, tx }),
    exec: (sql: string) => call<void>({ op: "exec", sql, tx }),
  });
  return {
    kind: "pglite",
    ...queryable(),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const tx = nextTx++;
      await call({ op: "begin", tx });
      let result: T;
      try {
        result = await fn(queryable(tx));
      } catch (e) {
        await call({ op: "rollback", tx }).catch(() => {});
        throw e;
      }
      await call({ op: "commit", tx });
      return result;
    },
    close,
  };
}

export interface DbThread {
  /** The opening thread's own client (the one answering requests: served first). */
  db: Db;
  /**
   * A port for another thread's client (pass it to dbOverPort there). A "low" client (the
   * background worker) waits while a "high" one has statements running or just finished them.
   */
  connect(priority?: "high" | "low"): MessagePort;
}

/** Starts the database thread on `<dataDir>/pgdata` (the directory lock is this process's, as in-process). */
export async function openPgliteThread(dir: string, { sharedBuffers }: { sharedBuffers?: string } = {}): Promise<DbThread> {
  fs.mkdirSync(dir, { recursive: true });
  const release = acquireDirLock(path.join(dir, "..", "manda.lock"));
  const worker = new Worker(THREAD_URL, { name: "manda-db", workerData: { dataDir: dir, sharedBuffers } });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once("message", (m: { type: string; error?: Record<string, string> }) => (m.type === "ready" ? resolve() : reject(rebuilt(m.error ?? {}))));
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`the database thread exited (${code})`)));
    });
  } catch (e) {
    release();
    await worker.terminate().catch(() => {});
    throw new MandaError("unavailable:database", `Could not open the embedded database at ${dir}.`, { cause: e });
  }
  worker.removeAllListeners("exit");
  worker.on("exit", release);
  worker.unref();
  const connect = (priority: "high" | "low" = "high"): MessagePort => {
    const { port1, port2 } = new MessageChannel();
    worker.postMessage({ type: "connect", port: port1, priority }, [port1]);
    return port2;
  };
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const closed = new Promise<void>((resolve) => {
        worker.on("message", (m: { type: string }) => m.type === "closed" && resolve());
        worker.once("exit", () => resolve());
      });
      worker.postMessage({ type: "close" });
      await closed;
      await worker.terminate();
      release();
    })());
  const port = connect();
  port.unref();
  return { db: dbOverPort(port, close), connect };
}
