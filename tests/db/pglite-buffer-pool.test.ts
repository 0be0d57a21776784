import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { openDb } from "@/lib/db";
import { keepDefaultWasmTiering } from "@/lib/db/pglite";

/**
 * The embedded database's buffer pool: MANDA_PG_SHARED_BUFFERS when set (in this process or the
 * web server's database thread), a small one for a one-shot CLI command, PGlite's own otherwise.
 */
const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "manda-pool-"));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

async function sharedBuffers(options: { dataDir: string; thread?: boolean }): Promise<string> {
  const db = await openDb(options);
  try {
    return (await db.query<{ shared_buffers: string }>("show shared_buffers")).rows[0]!.shared_buffers;
  } finally {
    await db.close();
  }
}

describe("embedded database buffer pool", () => {
  it("is PGlite's default when nothing asks for another", async () => {
    setConfigForProcess({ MANDA_LOG_LEVEL: "silent", MANDA_PG_SHARED_BUFFERS: "" });
    expect(await sharedBuffers({ dataDir: tempDir() })).toBe("128MB");
  }, 120_000);

  it("is MANDA_PG_SHARED_BUFFERS in this process and in the database thread", async () => {
    setConfigForProcess({ MANDA_LOG_LEVEL: "silent", MANDA_PG_SHARED_BUFFERS: "24MB" });
    const dir = tempDir();
    expect(await sharedBuffers({ dataDir: dir })).toBe("24MB");
    expect(await sharedBuffers({ dataDir: dir, thread: true })).toBe("24MB");
  }, 120_000);

  it("is small in a one-shot command, unless configured", async () => {
    keepDefaultWasmTiering(); // what bin/manda.mjs calls for ask, search, deal …
    setConfigForProcess({ MANDA_LOG_LEVEL: "silent", MANDA_PG_SHARED_BUFFERS: "" });
    const dir = tempDir();
    expect(await sharedBuffers({ dataDir: dir })).toBe("16MB");
    setConfigForProcess({ MANDA_LOG_LEVEL: "silent", MANDA_PG_SHARED_BUFFERS: "48MB" });
    expect(await sharedBuffers({ dataDir: dir })).toBe("48MB");
  }, 120_000);
});
