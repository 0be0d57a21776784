// The embedded database in a thread of its own (lib/db/thread.ts). PGlite is PostgreSQL compiled
// to WebAssembly: every statement runs synchronously on the thread that calls it, so in the web
// server's main thread a batch of index writes held every request behind it. Here it serves
// clients over MessagePorts (the web server's main thread, the background ingest thread), one
// statement at a time in PGlite's own order; a transaction holds PGlite (as in-process) from
// `begin` to `commit` or `rollback`, its statements arriving on the same port.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";

if (!parentPort) throw new Error("pglite-thread.mjs must run in a worker thread");
const control = parentPort;

/** @param {unknown} e */
function errorOf(e) {
  const err = /** @type {Record<string, unknown>} */ (e && typeof e === "object" ? e : {});
  const out = { name: typeof err.name === "string" ? err.name : "Error", message: typeof err.message === "string" ? err.message : String(e) };
  for (const k of ["code", "detail", "hint", "constraint", "table", "column", "schema", "severity", "position", "where"]) {
    if (typeof err[k] === "string") out[k] = err[k];
  }
  return out;
}

let pg;
try {
  // MANDA_PG_SHARED_BUFFERS (lib/db/pglite.ts): the buffer pool, when configured
  const startParams = workerData.sharedBuffers ? [...PGlite.defaultStartParams, "-c", `shared_buffers=${workerData.sharedBuffers}`] : undefined;
  pg = await PGlite.create({ dataDir: workerData.dataDir ?? undefined, extensions: { vector }, ...(startParams ? { startParams } : {}) });
} catch (e) {
  control.postMessage({ type: "fatal", error: errorOf(e) });
  process.exit(1);
}

// Interactive clients first: a "low" client (the background worker) starts a statement or a
// transaction only when no "high" one (the thread answering requests) is running or waiting, and
// not within GRACE_MS of the last one finishing, so a request's few statements in a row are not
// each queued behind the next batch of index writes. A low client's open transaction goes on.
const GRACE_MS = 25;
let highActive = 0;
let highDoneAt = 0;
/** @type {Array<() => void>} */
let lowWaiting = [];
function wakeLow() {
  if (highActive > 0 || lowWaiting.length === 0) return;
  const wait = highDoneAt + GRACE_MS - Date.now();
  if (wait > 0) return void setTimeout(wakeLow, wait);
  const ready = lowWaiting;
  lowWaiting = [];
  for (const go of ready) go();
}
/** @param {boolean} high */
async function turn(high) {
  if (high) {
    highActive++;
    return () => {
      highActive--;
      highDoneAt = Date.now();
      setTimeout(wakeLow, GRACE_MS);
    };
  }
  while (highActive > 0 || Date.now() < highDoneAt + GRACE_MS) {
    await new Promise((r) => {
      lowWaiting.push(() => r(undefined));
      wakeLow();
    });
  }
  return () => {};
}

/**
 * One client: {id, op, sql?, params?, tx?} → {id, result} | {id, error}.
 * @param {import("node:worker_threads").MessagePort} port
 * @param {"high" | "low"} priority
 */
function serve(port, priority) {
  /** @type {Map<number, { q: any; finish: (ok: boolean) => void; ended: Promise<unknown> }>} */
  const txs = new Map();
  const reply = (id, result) => port.postMessage({ id, result });
  const fail = (id, e) => port.postMessage({ id, error: errorOf(e) });
  port.on("message", async (m) => {
    // a statement inside this client's open transaction never waits its turn (it holds PGlite)
    const done = m.tx !== undefined && m.op !== "begin" ? () => {} : await turn(priority === "high");
    try {
      if (m.op === "query" || m.op === "exec") {
        const q = m.tx === undefined ? pg : txs.get(m.tx)?.q;
        if (!q) throw new Error(`transaction ${m.tx} is not open`);
        if (m.op === "exec") {
          await q.exec(m.sql);
          return reply(m.id, null);
        }
        const res = await q.query(m.sql, m.params ?? []);
        return reply(m.id, { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length });
      }
      if (m.op === "begin") {
        /** @type {(e: unknown) => void} */
        let started = () => {};
        const opened = new Promise((r) => (started = r));
        /** @type {(ok: boolean) => void} */
        let finish = () => {};
        const decided = new Promise((resolve, reject) => (finish = (ok) => (ok ? resolve(undefined) : reject(new Error("rolled back")))));
        decided.catch(() => {});
        const entry = { q: /** @type {any} */ (null), finish, ended: /** @type {Promise<unknown>} */ (Promise.resolve()) };
        entry.ended = pg.transaction(async (t) => {
          entry.q = t;
          txs.set(m.tx, entry);
          started(undefined);
          await decided;
        });
        // a transaction that could not begin ends before it opened
        entry.ended.then(() => started(undefined), (e) => started(e));
        const err = await opened;
        if (err) throw err;
        return reply(m.id, null);
      }
      if (m.op === "commit" || m.op === "rollback") {
        const t = txs.get(m.tx);
        if (!t) throw new Error(`transaction ${m.tx} is not open`);
        txs.delete(m.tx);
        t.finish(m.op === "commit");
        const outcome = await t.ended.then(() => null, (e) => e);
        if (m.op === "commit" && outcome) throw outcome;
        return reply(m.id, null);
      }
      throw new Error(`unknown op ${m.op}`);
    } catch (e) {
      fail(m.id, e);
    } finally {
      done();
    }
  });
  port.on("close", () => {
    // a client gone mid-transaction (its thread died): roll back what it held
    for (const t of txs.values()) t.finish(false);
    txs.clear();
  });
}

control.on("message", async (m) => {
  if (m.type === "connect") serve(m.port, m.priority === "low" ? "low" : "high");
  else if (m.type === "close") {
    try {
      await pg.close();
    } finally {
      control.postMessage({ type: "closed" });
    }
  }
});
control.postMessage({ type: "ready" });
