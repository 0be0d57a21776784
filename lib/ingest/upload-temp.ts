import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Prefix of the per-request temp directories of multipart uploads (lib/ui/multipart.ts). */
const UPLOAD_TEMP_PREFIX = "manda-upload-";
/** Older than this, no upload can still be streaming into it. */
export const STALE_UPLOAD_TEMP_MS = 6 * 60 * 60_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid in a `manda-upload-<pid>-…` name, when the reader put it there. */
function ownerPid(name: string): number | null {
  const m = /^manda-upload-(\d+)-/.exec(name);
  return m ? Number(m[1]) : null;
}

/**
 * Removes upload temp directories a killed server left behind (a request removes its own when it
 * ends: the bytes are in the file store by then). A directory named with its process id goes as
 * soon as that process is gone; one without goes only when stale, since another server on this
 * machine may be receiving an upload into it right now.
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
      const pid = ownerPid(n);
      const dead = pid !== null && pid !== process.pid && !alive(pid);
      if (dead || now - fs.statSync(p).mtimeMs > maxAgeMs) {
        fs.rmSync(p, { recursive: true, force: true });
        removed++;
      }
    } catch {
      /* gone meanwhile */
    }
  }
  return removed;
}
