import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { getConfig } from "@/lib/config";
import { MandaError } from "@/lib/errors";
import type { FileStore } from "./types";

/** `<dataDir>/files/<dealId>`: where local mode keeps a deal's document bytes. */
export function documentsDir(dealId: string, dataDir = getConfig().dataDir): string {
  return path.join(dataDir, "files", dealId);
}

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function assertSafeKey(dealId: string, sha256: string): void {
  if (!SAFE_SEGMENT.test(dealId) || !/^[0-9a-f]{64}$/.test(sha256)) {
    throw new MandaError("bad_request:storage_key", "Invalid storage key.");
  }
}

/** Copies a file to `target` unless it is there already: streamed to a temp file, then renamed (atomic). */
export async function copyInto(sourcePath: string, target: string): Promise<void> {
  if (fs.existsSync(target)) return;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = `${target}.${process.pid}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  try {
    await pipeline(fs.createReadStream(sourcePath), fs.createWriteStream(tmp));
    fs.renameSync(tmp, target);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

export function streamFile(p: string): { stream: ReadableStream<Uint8Array>; size: number } {
  const size = fs.statSync(p).size;
  return { stream: Readable.toWeb(fs.createReadStream(p)) as ReadableStream<Uint8Array>, size };
}

export const missingFile = () => new MandaError("not_found:document_file", "The file of this document is not stored (it may have failed on upload).");

/**
 * Local mode: `<dataDir>/files/<dealId>/<sha256>`; the storage path is that absolute path
 * (as documents.storage_path always held).
 */
export class LocalFileStore implements FileStore {
  readonly kind = "local" as const;
  constructor(readonly dataDir: string = getConfig().dataDir) {}

  async put(dealId: string, sha256: string, sourcePath: string): Promise<string> {
    assertSafeKey(dealId, sha256);
    const target = path.join(documentsDir(dealId, this.dataDir), sha256);
    await copyInto(sourcePath, target);
    return target;
  }

  async localPath(storagePath: string): Promise<string> {
    const p = storagePath ? path.resolve(storagePath) : "";
    if (!p || !fs.existsSync(p) || !fs.statSync(p).isFile()) throw missingFile();
    return p;
  }

  async get(storagePath: string) {
    return streamFile(await this.localPath(storagePath));
  }

  async remove(storagePath: string): Promise<void> {
    if (storagePath) fs.rmSync(path.resolve(storagePath), { force: true });
  }
}
