import os from "node:os";
import { Worker } from "node:worker_threads";
import type { ParsedPage } from "./types";

/**
 * A small pool of worker threads that parse PDFs with pdfjs, so the main thread only
 * chunks, embeds and writes to the database. Pages stream back in batches under
 * credit-based flow control: per document at most `batchPages × credit` pages wait in
 * memory, however large the PDF and however slow the consumer.
 *
 * The worker is plain JavaScript (lib/ingest/workers/pdf-worker.mjs: pdfjs only), so it
 * runs the same under tsx, vitest and plain Node. Where worker threads are unavailable
 * (or the worker cannot load), getPdfPool() returns null and the PDF parser falls back to
 * parsing in the calling thread; setPdfPoolEnabled(false) forces that fallback.
 */

export interface PdfPoolOptions {
  /** Worker threads; defaults to os.availableParallelism() (at least 1, at most 4). */
  size?: number;
  /** Pages per message from a worker. */
  batchPages?: number;
  /** Unacknowledged batches allowed in flight per document. */
  credit?: number;
  /** The worker script (tests). */
  workerUrl?: URL;
}

export interface PooledPdf {
  pageCount: number;
  title?: string;
  pages: AsyncGenerator<ParsedPage>;
  /** Stops the job when `pages` will never be read (a generator's return() would not). */
  cancel(): void;
}

/** A failure inside a worker, carrying pdfjs's exception name for classification. */
export class PdfWorkerError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

/** The pool itself failed (worker could not start or died): callers may parse in-thread. */
export class PdfPoolUnavailableError extends Error {
  override name = "PdfPoolUnavailableError";
}

type FromWorker =
  | { type: "ready" }
  | { type: "fatal"; error: { name: string; message: string } }
  | { type: "opened"; id: number; pageCount: number; title?: string }
  | { type: "pages"; id: number; pages: ParsedPage[] }
  | { type: "done"; id: number }
  | { type: "error"; id: number; error: { name: string; message: string } };

interface Job {
  id: number;
  slot: Slot;
  batches: ParsedPage[][];
  /** Pages received from the worker and not yet handed to the consumer. */
  buffered: number;
  done: boolean;
  error?: Error;
  opened: boolean;
  onOpen: { resolve: (v: { pageCount: number; title?: string }) => void; reject: (e: Error) => void };
  wake?: () => void;
}

interface Slot {
  worker: Worker;
  jobs: Set<Job>;
  /** pdfjs loaded in the thread. */
  ready: boolean;
}

const WORKER_URL = new URL("./workers/pdf-worker.mjs", import.meta.url);

export class PdfPool {
  readonly size: number;
  private readonly batchPages: number;
  private readonly credit: number;
  private readonly workerUrl: URL;
  private readonly slots: Slot[] = [];
  private readonly jobs = new Map<number, Job>();
  private nextId = 1;
  /** High-water mark of pages buffered for one document on this side (tests, benches). */
  maxBufferedPages = 0;
  private closed = false;

  constructor(opts: PdfPoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? Math.min(4, os.availableParallelism()));
    this.batchPages = Math.max(1, opts.batchPages ?? 8);
    this.credit = Math.max(1, opts.credit ?? 6);
    this.workerUrl = opts.workerUrl ?? WORKER_URL;
  }

  /** Documents open in the pool's threads. */
  get activeJobs(): number {
    return this.jobs.size;
  }

  /** Starts parsing at once; resolves when the document is open (page count known). */
  async parse(path: string): Promise<PooledPdf> {
    if (this.closed) throw new PdfPoolUnavailableError("The PDF parser pool is closed.");
    let slot: Slot;
    try {
      slot = this.pickSlot();
    } catch (e) {
      throw new PdfPoolUnavailableError(`Could not start a PDF parser thread: ${(e as Error).message}`);
    }
    const id = this.nextId++;
    let resolveOpen!: (v: { pageCount: number; title?: string }) => void;
    let rejectOpen!: (e: Error) => void;
    const openP = new Promise<{ pageCount: number; title?: string }>((res, rej) => {
      resolveOpen = res;
      rejectOpen = rej;
    });
    const job: Job = { id, slot, batches: [], buffered: 0, done: false, opened: false, onOpen: { resolve: resolveOpen, reject: rejectOpen } };
    this.jobs.set(id, job);
    slot.jobs.add(job);
    slot.worker.ref();
    slot.worker.postMessage({ type: "parse", id, path, batch: this.batchPages, credit: this.credit });
    let info: { pageCount: number; title?: string };
    try {
      info = await openP;
    } catch (e) {
      this.finish(job);
      throw e;
    }
    return { ...info, pages: this.iterate(job), cancel: () => this.abandon(job) };
  }

  private abandon(job: Job) {
    if (!this.jobs.has(job.id)) return;
    if (!job.done && !job.error) job.slot.worker.postMessage({ type: "cancel", id: job.id });
    this.finish(job);
  }

  private async *iterate(job: Job): AsyncGenerator<ParsedPage> {
    try {
      for (;;) {
        const batch = job.batches.shift();
        if (batch) {
          if (!job.done) job.slot.worker.postMessage({ type: "credit", id: job.id, n: 1 });
          for (const page of batch) {
            job.buffered--;
            yield page;
          }
          continue;
        }
        if (job.error) throw job.error;
        if (job.done) return;
        await new Promise<void>((r) => (job.wake = r));
      }
    } finally {
      this.abandon(job);
    }
  }

  private finish(job: Job) {
    this.jobs.delete(job.id);
    job.slot.jobs.delete(job);
    // An idle worker must not keep the process alive.
    if (job.slot.jobs.size === 0) job.slot.worker.unref();
  }

  private pickSlot(): Slot {
    let best: Slot | undefined;
    for (const s of this.slots) if (!best || s.jobs.size < best.jobs.size) best = s;
    if (best && (best.jobs.size === 0 || this.slots.length >= this.size)) return best;
    return this.spawn();
  }

  private spawn(): Slot {
    const worker = new Worker(this.workerUrl, { name: "manda-pdf" });
    const slot: Slot = { worker, jobs: new Set(), ready: false };
    worker.unref();
    worker.on("message", (msg: FromWorker) => this.onMessage(slot, msg));
    const fail = (e: Error) => {
      // A thread that dies before pdfjs loads will not do better next time (e.g. a bundler
      // that did not ship the worker file): parse in-thread from now on.
      if (!slot.ready && !this.closed) markPoolUnavailable();
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      for (const job of [...slot.jobs]) this.fail(job, new PdfPoolUnavailableError(`The PDF parser thread stopped: ${e.message}`));
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`exit code ${code}`)));
    this.slots.push(slot);
    return slot;
  }

  private onMessage(slot: Slot, msg: FromWorker) {
    if (msg.type === "ready") {
      slot.ready = true;
      return;
    }
    if (msg.type === "fatal") {
      markPoolUnavailable();
      for (const job of [...slot.jobs]) this.fail(job, new PdfPoolUnavailableError(msg.error.message));
      return;
    }
    const job = this.jobs.get(msg.id);
    if (!job) return;
    switch (msg.type) {
      case "opened":
        job.opened = true;
        job.onOpen.resolve({ pageCount: msg.pageCount, title: msg.title });
        return;
      case "pages":
        job.batches.push(msg.pages);
        job.buffered += msg.pages.length;
        this.maxBufferedPages = Math.max(this.maxBufferedPages, job.buffered);
        break;
      case "done":
        job.done = true;
        break;
      case "error":
        this.fail(job, new PdfWorkerError(msg.error.name, msg.error.message));
        return;
    }
    this.wake(job);
  }

  private fail(job: Job, e: Error) {
    job.error = e;
    if (!job.opened) job.onOpen.reject(e);
    this.wake(job);
  }

  private wake(job: Job) {
    const w = job.wake;
    job.wake = undefined;
    w?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}

let enabled = true;
let pool: PdfPool | undefined;

function markPoolUnavailable() {
  enabled = false;
}

/** Turns the worker pool on or off for this process (off: PDFs are parsed in-thread). */
export function setPdfPoolEnabled(on: boolean): void {
  enabled = on;
}

/** The process's PDF parser pool, created on first use; null when disabled or unavailable. */
export function getPdfPool(): PdfPool | null {
  if (!enabled) return null;
  try {
    pool ??= new PdfPool();
    return pool;
  } catch {
    enabled = false;
    return null;
  }
}

/** Stops the pool's threads (they are unref'd when idle, so this is optional). */
export async function closePdfPool(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.close();
}
