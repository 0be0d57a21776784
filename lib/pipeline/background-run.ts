/**
 * Inside the background thread (workers/background-thread.mjs): the process database is the web
 * server's database thread, over `dbPort`; then the same background worker as in-process
 * (./background.ts) runs here until the web server asks it to stop.
 */
import type { MessagePort } from "node:worker_threads";
import { dbOverPort } from "@/lib/db/thread";
import type { Db } from "@/lib/db";
import { startBackgroundIngest, stopBackgroundIngest } from "./background";

const g = globalThis as unknown as { __mandaDb?: Promise<Db> };

export async function runBackgroundThread({ control, dbPort }: { control: MessagePort; dbPort: MessagePort }): Promise<void> {
  g.__mandaDb = Promise.resolve(dbOverPort(dbPort));
  control.on("message", (m: { type: string }) => {
    if (m.type !== "stop") return;
    void stopBackgroundIngest().finally(() => {
      control.postMessage({ type: "stopped" });
      dbPort.close();
    });
  });
  startBackgroundIngest({ inThisThread: true });
  control.postMessage({ type: "started" });
}
