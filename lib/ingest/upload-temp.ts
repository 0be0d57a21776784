import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Prefix of the per-request temp directories of multipart uploads (lib/ui/multipart.ts). */
const UPLOAD_TEMP_PREFIX = "manda-upload-";
/** Older than this, no upload can still be streaming into it. */
export const STALE_UPLOAD_TEMP_MS = 6 * 60 * 60_000;

/**
 * Removes upload temp directories a killed server left behind (a request removes its own when it
 * ends: the bytes are in the file store by then). Only stale ones: another server on this machine
 * may be receiving an upload right now.
 */
export function sweepStaleUploadTemp({ dir = os.tmpdir(), now = Date.now(), maxAgeMs = STALE_UPLOAD_TEMP_MS } = {}): number {
  let removed = 0;
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir).filter((n) => n.startsWith(UPLOAD_TEMP_PREFIX));
  } catch {
    return 0;
  }
  for (const n of names) {
    const p = path.join(dir, n);
    try {
      if (now - fs.statSync(p).mtimeMs > maxAgeMs) {
        fs.rmSync(p, { recursive: true, force: true });
        removed++;
      }
    } catch {
      /* gone meanwhile */
    }
  }
  return removed;
}
