/**
 * Where document bytes live. Content-addressed per deal: the same bytes in a deal are stored once.
 * `put` returns the storage path recorded in documents.storage_path; everything else takes it.
 */
export interface FileStore {
  readonly kind: "local" | "supabase";
  /** Stores the file's bytes as <dealId>/<sha256> (no-op when already stored); returns the storage path. */
  put(dealId: string, sha256: string, sourcePath: string): Promise<string>;
  /** The bytes as a stream (with their size), for the file route. not_found:document_file when missing. */
  get(storagePath: string): Promise<{ stream: ReadableStream<Uint8Array>; size: number }>;
  /** A local file with the bytes, for parsers (Supabase: a cached download under the data dir). */
  localPath(storagePath: string): Promise<string>;
  /** Deletes the bytes (and any local copy). Missing files are not an error. */
  remove(storagePath: string): Promise<void>;
}
