/**
 * A deal seeded on first start from a shipped folder of files: copy its data room into the data
 * directory, ingest it and run the extraction pipeline, so findings, corrections, conflicts and
 * IRL coverage are there from the first question. Later starts find the deal and do nothing.
 *
 * What the deal is (its name, its documents) comes from the folder, not from product code:
 *
 *   <dir>/deal.json   { slug, name, targetCompany?, files: [file names, in ingest order] }
 *   <dir>/room/<file> the documents
 *
 * The demo deal's folder is the repository's top-level `demo/` (SHIPPED_DEMO_DIR), written by
 * `npm run demo:generate` (scripts/demo/generate.ts): the generator and its PDF/DOCX writers
 * stay outside the app's runtime path.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { Db } from "@/lib/db";
import { getConfig } from "@/lib/config";
import { createDeal, getDealBySlug } from "@/lib/db/queries/deals";
import { MandaError } from "@/lib/errors";
import { ingestFile } from "@/lib/ingest/ingest";
import { runPipeline } from "@/lib/pipeline/orchestrator";

/** The repository's `demo/` folder (resolved from this source file, also from the CLI bundle). */
export const SHIPPED_DEMO_DIR = fileURLToPath(new URL("../../demo/", import.meta.url));
export const SEED_MANIFEST_FILE = "deal.json";
export const SEED_ROOM_DIR = "room";

/** A plain file name: no directory part, so a manifest cannot point outside its room. */
const FileName = z.string().min(1).refine((f) => path.basename(f) === f && f !== "." && f !== "..", "a file name without a directory");

export const SeedManifest = z.object({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  name: z.string().min(1),
  targetCompany: z.string().min(1).optional(),
  files: z.array(FileName).min(1),
});
export type SeedManifest = z.infer<typeof SeedManifest>;

export interface SeedDeal extends SeedManifest {
  /** The folder holding the documents (`<dir>/room`). */
  roomDir: string;
}

/** The manifest as the generator writes it: stable key order, two-space indent, final newline. */
export function formatSeedManifest(m: SeedManifest): string {
  const ordered: SeedManifest = { slug: m.slug, name: m.name, ...(m.targetCompany ? { targetCompany: m.targetCompany } : {}), files: m.files };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** Reads and checks `<dir>/deal.json`; throws naming the folder when it is missing or malformed. */
export function readSeedDeal(dir: string): SeedDeal {
  const file = path.join(dir, SEED_MANIFEST_FILE);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (cause) {
    throw new MandaError("internal:seed_deal", `Cannot read the seed deal manifest ${file}`, { cause });
  }
  const parsed = SeedManifest.safeParse(raw);
  if (!parsed.success) throw new MandaError("internal:seed_deal", `Malformed seed deal manifest ${file}: ${parsed.error.message}`);
  return { ...parsed.data, roomDir: path.join(dir, SEED_ROOM_DIR) };
}

/** Copies the seed's documents into `<dataDir>/<slug>-room` (the data room on disk) and lists them. */
function copyRoom(seed: SeedDeal, dataDir: string): string[] {
  const roomDir = path.join(dataDir, `${seed.slug}-room`);
  fs.mkdirSync(roomDir, { recursive: true });
  return seed.files.map((name) => {
    const target = path.join(roomDir, name);
    fs.copyFileSync(path.join(seed.roomDir, name), target);
    return target;
  });
}

export async function ensureSeedDeal({ db, seed, dataDir = getConfig().dataDir, onProgress }: { db: Db; seed: SeedDeal; dataDir?: string; onProgress?: (message: string) => void }): Promise<{ created: boolean; indexed: number }> {
  if (await getDealBySlug({ db, slug: seed.slug })) return { created: false, indexed: 0 };
  const say = onProgress ?? (() => {});
  say(`${seed.slug} deal: copying the data room (${seed.files.length} files)`);
  const files = copyRoom(seed, dataDir);
  const deal = await createDeal({ db, slug: seed.slug, name: seed.name, targetCompany: seed.targetCompany });
  let indexed = 0;
  for (const [i, file] of files.entries()) {
    say(`${seed.slug} deal: indexing ${i + 1} of ${files.length} (${path.basename(file)})`);
    const r = await ingestFile({ db, dealId: deal.id, filePath: file });
    if (r.status === "indexed") indexed++;
  }
  say(`${seed.slug} deal: extracting findings, timeline and entities`);
  await runPipeline({ db, dealId: deal.id });
  return { created: true, indexed };
}

/** The shipped demo deal (SHIPPED_DEMO_DIR), created once; later calls find it and do nothing. */
export function ensureShippedDemoDeal(a: { db: Db; dataDir?: string; onProgress?: (message: string) => void }): Promise<{ created: boolean; indexed: number }> {
  return ensureSeedDeal({ ...a, seed: readSeedDeal(SHIPPED_DEMO_DIR) });
}
