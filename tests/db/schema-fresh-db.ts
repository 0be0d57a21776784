import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite } from "@/lib/db/pglite";
import { withScratchServerDb } from "@/lib/db/scratch";
import type { Db } from "@/lib/db/types";

/**
 * Runs fn on an empty database with no migrations applied: in-memory PGlite, or with
 * DATABASE_URL set (CI's PostgreSQL 15) a throwaway database on that server. For the schema
 * tests, which apply migrations themselves.
 */
export async function withEmptyDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const url = process.env.DATABASE_URL;
  if (url) return withScratchServerDb(url, fn);
  const db = await openPglite("memory://");
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** A temporary migrations directory holding the given files (copied) plus extra ones written. */
export function migrationsDir(files: string[], extra: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "manda-migrations-"));
  for (const f of files) fs.copyFileSync(f, path.join(dir, path.basename(f)));
  for (const [name, sql] of Object.entries(extra)) fs.writeFileSync(path.join(dir, name), sql);
  return dir;
}
