import postgres from "postgres";
import { openPostgres } from "./postgres";
import type { Db } from "./types";

/**
 * Runs fn on a new, empty database on the server at `serverUrl` (no migrations applied), and
 * drops it afterwards. For schema tooling and tests that must start from nothing
 * (scripts/schema-dump.ts, tests/db/schema-*.test.ts).
 */
export async function withScratchServerDb<T>(serverUrl: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const name = `manda_scratch_${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = await openPostgres(url.toString(), { max: 2 });
    try {
      return await fn(db);
    } finally {
      await db.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}
