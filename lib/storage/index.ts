/**
 * Document bytes: local files (default) or Supabase Storage (SUPABASE_URL and
 * SUPABASE_SERVICE_ROLE_KEY set). New files go to getFileStore(); an existing storage path is read
 * by the store that wrote it (fileStoreFor), so switching modes does not orphan older documents.
 */
import { getConfig, type Config } from "@/lib/config";
import { MandaError } from "@/lib/errors";
import { log } from "@/lib/log";
import { LocalFileStore } from "./local";
import { SUPABASE_SCHEME, SupabaseFileStore } from "./supabase";
import type { FileStore } from "./types";

export type { FileStore } from "./types";
export { LocalFileStore, documentsDir } from "./local";
export { SupabaseFileStore, supabaseStoragePath, parseSupabaseStoragePath } from "./supabase";

export type StorageMode = "local" | "supabase";

/** Supabase Storage when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are both set; local files otherwise. */
export function storageMode(cfg: Config = getConfig()): StorageMode {
  return cfg.SUPABASE_URL && cfg.SUPABASE_SERVICE_ROLE_KEY ? "supabase" : "local";
}

const stores = new WeakMap<Config, { local: LocalFileStore; supabase?: SupabaseFileStore }>();
let warned = false;

function storesFor(cfg: Config) {
  let s = stores.get(cfg);
  if (!s) {
    s = { local: new LocalFileStore(cfg.dataDir) };
    if (cfg.SUPABASE_URL && cfg.SUPABASE_SERVICE_ROLE_KEY) {
      s.supabase = new SupabaseFileStore({ url: cfg.SUPABASE_URL.replace(/\/+$/, ""), serviceRoleKey: cfg.SUPABASE_SERVICE_ROLE_KEY, bucket: cfg.SUPABASE_STORAGE_BUCKET, dataDir: cfg.dataDir });
    } else if (cfg.SUPABASE_URL && !warned) {
      warned = true;
      log.warn("SUPABASE_URL is set without SUPABASE_SERVICE_ROLE_KEY: documents are stored locally under MANDA_DATA_DIR");
    }
    stores.set(cfg, s);
  }
  return s;
}

/** The store new documents are written to. */
export function getFileStore(cfg: Config = getConfig()): FileStore {
  const s = storesFor(cfg);
  return s.supabase ?? s.local;
}

/** The store that holds an existing storage path (by its form, not by the current mode). */
export function fileStoreFor(storagePath: string, cfg: Config = getConfig()): FileStore {
  const s = storesFor(cfg);
  if (!storagePath.startsWith(SUPABASE_SCHEME)) return s.local;
  if (!s.supabase) throw new MandaError("unavailable:storage_config", "This document is in Supabase Storage, but SUPABASE_URL / SUPABASE_SERVICE_ROLE_KEY are not set.");
  return s.supabase;
}

/** A local file with the stored bytes (for parsers). Local paths are returned as they are. */
export async function localFileFor(storagePath: string, cfg: Config = getConfig()): Promise<string> {
  return storagePath.startsWith(SUPABASE_SCHEME) ? fileStoreFor(storagePath, cfg).localPath(storagePath) : storagePath;
}
