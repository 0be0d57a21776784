/**
 * The web server's side of the background thread (workers/background-thread.mjs): started once per
 * process when the embedded database runs in its own thread (lib/db/thread.ts), with a port of its
 * own to that database. A thread that dies is started again by the next upload (or the next call).
 */
import { Worker } from "node:worker_threads";
import { log } from "@/lib/log";

const THREAD_URL = new URL("./workers/background-thread.mjs", import.meta.url);

interface BackgroundThread {
  worker: Worker;
  stopped: Promise<void>;
}

const g = globalThis as unknown as { __mandaBackgroundThread?: BackgroundThread };

/** Starts the thread once; `connect` gives it its database port. */
export function startBackgroundThread(connect: (priority: "high" | "low") => import("node:worker_threads").MessagePort): void {
  if (g.__mandaBackgroundThread) return;
  const dbPort = connect("low"); // requests' statements go first (lib/db/thread.ts)
  const worker = new Worker(THREAD_URL, { name: "manda-background", workerData: { root: process.cwd(), dbPort }, transferList: [dbPort] });
  const bt: BackgroundThread = { worker, stopped: new Promise((resolve) => worker.once("exit", () => resolve())) };
  g.__mandaBackgroundThread = bt;
  worker.on("error", (e) => log.error("background thread failed", { error: e instanceof Error ? e.stack ?? e.message : String(e) }));
  worker.once("exit", (code) => {
    if (g.__mandaBackgroundThread === bt) g.__mandaBackgroundThread = undefined;
    if (code !== 0) log.warn("background thread exited", { code });
  });
  worker.unref();
}

/** Asks the thread to stop claiming (a running ingest is released), then ends it. */
export async function stopBackgroundThread(): Promise<void> {
  const bt = g.__mandaBackgroundThread;
  if (!bt) return;
  g.__mandaBackgroundThread = undefined;
  const done = new Promise<void>((resolve) => bt.worker.on("message", (m: { type: string }) => m.type === "stopped" && resolve()));
  bt.worker.postMessage({ type: "stop" });
  await Promise.race([done, bt.stopped]);
  await bt.worker.terminate();
}

