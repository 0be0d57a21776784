// Worker thread of the PDF parser pool (lib/ingest/pdf-pool.ts). Parses documents with
// pdfjs and streams their pages back in batches. Flow control is credit-based: a job may
// have at most `credit` unacknowledged batches in flight, so a 1,600-page PDF never
// queues more than a few dozen pages in memory whatever the consumer's speed.
import { parentPort } from "node:worker_threads";
import { loadPdfjs, openPdf } from "./pdf-engine.mjs";

if (!parentPort) throw new Error("pdf-worker.mjs must run in a worker thread");
const port = parentPort;

/** @type {Map<number, { credit: number; wake?: () => void; cancelled: boolean }>} */
const jobs = new Map();

/** @param {unknown} e */
function errorOf(e) {
  const err = /** @type {{ name?: unknown; message?: unknown }} */ (e ?? {});
  return { name: typeof err.name === "string" ? err.name : "Error", message: typeof err.message === "string" ? err.message : String(e) };
}

/** @param {{ id: number; path: string; batch: number; credit: number }} msg */
async function run({ id, path, batch, credit }) {
  const job = { credit, cancelled: false, wake: /** @type {(() => void) | undefined} */ (undefined) };
  jobs.set(id, job);
  let opened;
  try {
    opened = await openPdf(path);
    port.postMessage({ type: "opened", id, pageCount: opened.pageCount, title: opened.title });
    /** @param {unknown[]} pages */
    const send = async (pages) => {
      while (job.credit <= 0 && !job.cancelled) await new Promise((r) => (job.wake = () => r(undefined)));
      if (job.cancelled) return;
      job.credit--;
      port.postMessage({ type: "pages", id, pages });
    };
    let pages = [];
    for await (const page of opened.pages) {
      if (job.cancelled) break;
      pages.push(page);
      if (pages.length >= batch) {
        await send(pages);
        pages = [];
      }
    }
    if (pages.length > 0) await send(pages);
    if (!job.cancelled) port.postMessage({ type: "done", id });
  } catch (e) {
    port.postMessage({ type: "error", id, error: errorOf(e) });
  } finally {
    jobs.delete(id);
    if (opened) await opened.destroy().catch(() => {});
  }
}

port.on("message", (msg) => {
  if (msg.type === "parse") void run(msg);
  else if (msg.type === "credit" || msg.type === "cancel") {
    const job = jobs.get(msg.id);
    if (!job) return;
    if (msg.type === "credit") job.credit += msg.n;
    else job.cancelled = true;
    const wake = job.wake;
    job.wake = undefined;
    wake?.();
  }
});

// Load pdfjs as soon as the thread starts, so the first document does not wait for it.
loadPdfjs().then(
  () => port.postMessage({ type: "ready" }),
  (e) => port.postMessage({ type: "fatal", error: errorOf(e) }),
);
