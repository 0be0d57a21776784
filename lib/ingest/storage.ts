import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { pipeline } from "node:stream/promises";
import { getConfig } from "@/lib/config";

/**
 * Document bytes live outside the database: under `<dataDir>/files/<deal>/<sha256>` in
 * local mode. Files are content-addressed, so the same upload twice is stored once.
 */
export function documentsDir(dealId: string, dataDir = getConfig().dataDir): string {
  return path.join(dataDir, "files", dealId);
}

export async function sha256File(filePath: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(fs.createReadStream(filePath), hash);
  return hash.digest("hex");
}

/** Copies a file into the store (streaming) and returns its stored path. */
export async function storeFile({ dealId, sourcePath, sha256, dataDir }: { dealId: string; sourcePath: string; sha256: string; dataDir?: string }): Promise<string> {
  const dir = documentsDir(dealId, dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(dir, sha256);
  if (!fs.existsSync(target)) {
    const tmp = `${target}.${process.pid}.tmp`;
    await pipeline(fs.createReadStream(sourcePath), fs.createWriteStream(tmp));
    fs.renameSync(tmp, target);
  }
  return target;
}
