import fs from "node:fs";
import { MandaError } from "@/lib/errors";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * An exclusive lock file holding the owner's pid. A stale lock (its process is gone)
 * is taken over. Returns the release function.
 */
export function acquireDirLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.removeListener("exit", release);
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const owner = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (owner === process.pid) throw new MandaError("conflict:database_in_use", "The embedded database is already open in this process.");
      if (Number.isFinite(owner) && owner > 0 && alive(owner)) {
        throw new MandaError(
          "conflict:database_in_use",
          `The embedded database is in use by another Manda process (pid ${owner}). Stop it (e.g. the running app), ` +
            `use another MANDA_DATA_DIR, or set DATABASE_URL to share a PostgreSQL server between processes. ` +
            `(A \`manda serve\` runs the commands of the same build and configuration it was started with.)`,
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale lock: its owner is gone
    }
  }
  throw new MandaError("conflict:database_in_use", "Could not lock the embedded database directory.");
}
