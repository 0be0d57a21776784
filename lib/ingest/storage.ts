import fs from "node:fs";
import { createHash } from "node:crypto";
import { pipeline } from "node:stream/promises";
import { LocalFileStore, documentsDir } from "@/lib/storage";

/**
 * Document bytes live outside the database, in a FileStore (lib/storage): `<dataDir>/files/<deal>/<sha256>`
 * in local mode, Supabase Storage when configured. Files are content-addressed, so the same upload twice
 * is stored once. Ingestion writes through getFileStore(); these are the local helpers kept for callers.
 */
export { documentsDir };

export async function sha256File(filePath: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(fs.createReadStream(filePath), hash);
  return hash.digest("hex");
}

/** Copies a file into the local store (streaming) and returns its stored path. */
export async function storeFile({ dealId, sourcePath, sha256, dataDir }: { dealId: string; sourcePath: string; sha256: string; dataDir?: string }): Promise<string> {
  return new LocalFileStore(dataDir).put(dealId, sha256, sourcePath);
}
