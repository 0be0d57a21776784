/**
 * Worker thread for the parser fuzz test (tests/unit/fuzz-ingest-parsers.test.ts). Each message
 * names a file; the worker parses it with the product's entry point (format sniffed from the
 * bytes), reads every page, and answers with a summary or the error's name and code. It runs in
 * a worker so the test can bound it: resourceLimits cap its heap (an over-allocation kills the
 * worker, not the test process) and terminate() stops even a synchronous infinite loop.
 */
import { parentPort } from "node:worker_threads";
import { parseDocument } from "@/lib/ingest/parsers";

export interface ParseRequest {
  id: number;
  path: string;
  filename: string;
}

export type ParseReply =
  | { id: number; ok: true; format: string; pages: number; chars: number }
  | { id: number; ok: false; name: string; code: string | null; message: string };

async function answer(req: ParseRequest): Promise<void> {
  let reply: ParseReply;
  try {
    const result = await parseDocument({ path: req.path, bytes: 0, filename: req.filename });
    let pages = 0;
    let chars = 0;
    for await (const p of result.pages) {
      pages++;
      chars += p.text.length;
    }
    reply = { id: req.id, ok: true, format: result.format, pages, chars };
  } catch (e) {
    const err = e as { name?: string; code?: unknown; message?: string };
    reply = { id: req.id, ok: false, name: err?.name ?? typeof e, code: typeof err?.code === "string" ? err.code : null, message: String(err?.message ?? e) };
  }
  parentPort!.postMessage(reply);
}

parentPort!.on("message", (req: ParseRequest) => void answer(req)); // answer() catches everything
