import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHIPPED_DEMO_DIR, readSeedDeal } from "@/lib/demo/load";
import { MandaError } from "@/lib/errors";
import { generateShippedDemo } from "@/scripts/demo/generate";

/** Every file under `dir`, as sorted paths relative to it. */
async function listTree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

let fresh = "";
beforeAll(async () => {
  fresh = await mkdtemp(path.join(os.tmpdir(), "manda-demo-shipped-"));
  await generateShippedDemo(fresh);
});
afterAll(() => rm(fresh, { recursive: true, force: true }));

describe("the shipped demo folder (demo/)", () => {
  it("holds exactly what `npm run demo:generate` writes now, byte for byte", async () => {
    const shipped = await listTree(SHIPPED_DEMO_DIR);
    expect(shipped).toEqual(await listTree(fresh));
    for (const rel of shipped) {
      const [a, b] = await Promise.all([readFile(path.join(SHIPPED_DEMO_DIR, rel)), readFile(path.join(fresh, rel))]);
      expect(a.equals(b), `demo/${rel} differs from the generator's output: run npm run demo:generate and commit demo/`).toBe(true);
    }
  });

  it("reads as the demo deal, every listed file present in the room", async () => {
    const seed = readSeedDeal(SHIPPED_DEMO_DIR);
    expect(seed.slug).toBe("demo");
    expect(seed.files.length).toBeGreaterThan(0);
    expect((await readdir(seed.roomDir)).sort()).toEqual([...seed.files].sort());
  });
});

describe("readSeedDeal", () => {
  it("rejects a manifest whose file names leave the room", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "manda-seed-"));
    try {
      await mkdir(path.join(dir, "room"));
      await writeFile(path.join(dir, "deal.json"), JSON.stringify({ slug: "x", name: "X", files: ["../../etc/passwd"] }));
      expect(() => readSeedDeal(dir)).toThrow(/Malformed seed deal manifest/);
      expect(() => readSeedDeal(dir)).toThrow(expect.objectContaining({ code: "internal:seed_deal" }));
      await writeFile(path.join(dir, "deal.json"), JSON.stringify({ slug: "x", name: "X", files: ["a.pdf"] }));
      expect(readSeedDeal(dir)).toMatchObject({ slug: "x", files: ["a.pdf"], roomDir: path.join(dir, "room") });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("a missing or unreadable manifest is a registered error, naming the file", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "manda-seed-"));
    try {
      const missing = (() => { try { readSeedDeal(dir); } catch (e) { return e; } })();
      expect(missing).toBeInstanceOf(MandaError);
      expect(missing).toMatchObject({ code: "internal:seed_deal", message: expect.stringContaining(path.join(dir, "deal.json")) });
      await writeFile(path.join(dir, "deal.json"), "{ not json");
      expect(() => readSeedDeal(dir)).toThrow(expect.objectContaining({ code: "internal:seed_deal" }));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
