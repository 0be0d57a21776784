import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { SupabaseClient } from "@supabase/supabase-js";
import { serverSupabaseClient } from "@/lib/auth/supabase";
import { MandaError } from "@/lib/errors";
import { log } from "@/lib/log";
import { assertSafeKey, copyInto, missingFile, streamFile } from "./local";
import type { FileStore } from "./types";

export const SUPABASE_SCHEME = "supabase://";

/** `supabase://<bucket>/<dealId>/<sha256>` ⇄ its parts. */
export function supabaseStoragePath(bucket: string, dealId: string, sha256: string): string {
  return `${SUPABASE_SCHEME}${bucket}/${dealId}/${sha256}`;
}

export function parseSupabaseStoragePath(storagePath: string): { bucket: string; key: string; dealId: string; sha256: string } {
  const m = /^supabase:\/\/([A-Za-z0-9][A-Za-z0-9._-]{0,62})\/([A-Za-z0-9][A-Za-z0-9._-]{0,127})\/([0-9a-f]{64})$/.exec(storagePath);
  if (!m) throw missingFile();
  return { bucket: m[1]!, dealId: m[2]!, sha256: m[3]!, key: `${m[2]}/${m[3]}` };
}

function statusOf(error: unknown): number {
  const e = error as { statusCode?: string | number; status?: number } | null;
  return Number(e?.statusCode ?? e?.status ?? 0);
}

/**
 * Supabase Storage: bucket SUPABASE_STORAGE_BUCKET, object key `<dealId>/<sha256>`, written with
 * the service-role key (server only; the browser never talks to Storage). Parsers and the file route
 * read a local copy under `<dataDir>/cache/supabase/<bucket>/<dealId>/<sha256>`: kept from the upload,
 * or downloaded once (and checked against its sha256) when missing.
 */
export class SupabaseFileStore implements FileStore {
  readonly kind = "supabase" as const;
  private readonly client: SupabaseClient;
  private bucketChecked = false;

  constructor(readonly o: { url: string; serviceRoleKey: string; bucket: string; dataDir: string }) {
    this.client = serverSupabaseClient(o.url, o.serviceRoleKey);
  }

  cachePath(storagePath: string): string {
    const { bucket, dealId, sha256 } = parseSupabaseStoragePath(storagePath);
    return path.join(this.o.dataDir, "cache", "supabase", bucket, dealId, sha256);
  }

  async put(dealId: string, sha256: string, sourcePath: string): Promise<string> {
    assertSafeKey(dealId, sha256);
    const storagePath = supabaseStoragePath(this.o.bucket, dealId, sha256);
    const cached = this.cachePath(storagePath);
    await copyInto(sourcePath, cached);
    await this.upload(`${dealId}/${sha256}`, cached);
    return storagePath;
  }

  private async upload(key: string, file: string, retried = false): Promise<void> {
    const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
    const { error } = await this.client.storage.from(this.o.bucket).upload(key, body, { upsert: true, contentType: "application/octet-stream", cacheControl: "31536000" });
    if (!error) return;
    // A missing bucket is created once (private), then the upload is tried again.
    if (!retried && !this.bucketChecked && /bucket not found/i.test(error.message)) {
      this.bucketChecked = true;
      const made = await this.client.storage.createBucket(this.o.bucket, { public: false });
      if (made.error && statusOf(made.error) !== 409 && !/already exists/i.test(made.error.message)) {
        throw new MandaError("unavailable:storage", `Could not create the Supabase Storage bucket "${this.o.bucket}".`, { cause: made.error });
      }
      log.info("created supabase storage bucket", { bucket: this.o.bucket });
      return this.upload(key, file, true);
    }
    throw new MandaError("unavailable:storage", "The file could not be stored in Supabase Storage.", { cause: error });
  }

  async localPath(storagePath: string): Promise<string> {
    const { bucket, key, sha256 } = parseSupabaseStoragePath(storagePath);
    const target = this.cachePath(storagePath);
    if (fs.existsSync(target)) return target;
    const { data, error } = await this.client.storage.from(bucket).download(key).asStream();
    if (error || !data) {
      const status = statusOf(error);
      if (status === 404 || status === 400 || /not found/i.test(error?.message ?? "")) throw missingFile();
      throw new MandaError("unavailable:storage", "The file could not be read from Supabase Storage.", { cause: error });
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${crypto.randomUUID().slice(0, 8)}.tmp`;
    const hash = createHash("sha256");
    try {
      await pipeline(
        Readable.fromWeb(data as import("node:stream/web").ReadableStream<Uint8Array>),
        new Transform({ transform(chunk: Buffer, _enc, cb) { hash.update(chunk); cb(null, chunk); } }),
        fs.createWriteStream(tmp),
      );
      if (hash.digest("hex") !== sha256) throw new MandaError("internal:storage_integrity", "The stored file does not match its checksum.");
      fs.renameSync(tmp, target);
    } catch (e) {
      fs.rmSync(tmp, { force: true });
      throw e instanceof MandaError ? e : new MandaError("unavailable:storage", "The file could not be read from Supabase Storage.", { cause: e });
    }
    return target;
  }

  async get(storagePath: string) {
    return streamFile(await this.localPath(storagePath));
  }

  async remove(storagePath: string): Promise<void> {
    const { bucket, key } = parseSupabaseStoragePath(storagePath);
    const { error } = await this.client.storage.from(bucket).remove([key]);
    if (error && statusOf(error) !== 404) throw new MandaError("unavailable:storage", "The file could not be deleted from Supabase Storage.", { cause: error });
    fs.rmSync(this.cachePath(storagePath), { force: true });
  }
}
