import postgres from "postgres";
import { openDb, type Db } from "@/lib/db";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default; with
 * DATABASE_URL set (CI's native PostgreSQL), a new database on that server, dropped after.
 */
export async function openTestDb(): Promise<{ db: Db; url?: string; cleanup: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await openDb({ memory: true });
    return { db, cleanup: () => db.close() };
  }
  const name = `manda_test_${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString() });
  return {
    db,
    url: url.toString(),
    cleanup: async () => {
      await db.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
