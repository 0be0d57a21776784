import fs from "node:fs";
import { createHash } from "node:crypto";
import { pipeline } from "node:stream/promises";

/**
 * Document bytes live in a FileStore (lib/storage): `<dataDir>/files/<deal>/<sha256>` in local mode,
 * Supabase Storage when configured. Files are content-addressed by this hash, so the same upload twice
 * is stored once.
 */
export async function sha256File(filePath: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(fs.createReadStream(filePath), hash);
  return hash.digest("hex");
}
