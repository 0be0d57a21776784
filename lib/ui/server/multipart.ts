/**
 * Uploads as multipart/form-data, parsed by busboy (a maintained parser, not one of our own): file parts
 * are streamed to temp files as they arrive (never buffered whole) with their sha256; text fields
 * are kept. Every limit is enforced while streaming and answered with 413: bytes per file, number
 * of files, number and size of text fields. Used by POST /api/deals/[deal]/documents.
 */
import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash, randomUUID } from "node:crypto";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { MandaError } from "@/lib/errors";

export interface UploadedFile {
  field: string;
  filename: string;
  mime: string | null;
  path: string;
  bytes: number;
  sha256: string;
}

export interface MultipartResult {
  files: UploadedFile[];
  fields: Record<string, string>;
  /** Removes the temp files (call after ingesting). */
  cleanup: () => void;
}

export interface MultipartLimits {
  maxFileBytes: number;
  maxFiles?: number;
  /** Text fields: how many, and bytes each. */
  maxFields?: number;
  maxFieldBytes?: number;
  /**
   * Slowest accepted transfer, on average since the upload began, checked once `graceMs` have
   * passed (defaults: 16 KB/s after 30 s). A slower client is refused with 400 bad_request:timeout
   * rather than holding a connection and a temp file for minutes (a 1 KB/s upload was accepted).
   */
  minBytesPerSecond?: number;
  graceMs?: number;
}

/** Text fields of an upload are small (a folder name, a note): 64 KB each, 20 of them. */
export const MAX_FIELD_BYTES = 64 * 1024;
export const MAX_FIELDS = 20;
const MAX_HEADER_PAIRS = 20;
/**
 * Prefix of the per-request temp directories. It carries this process's id so that the startup
 * sweep (lib/ingest/upload-temp.ts) removes a killed server's directories at once, not after hours.
 */
const TEMP_PREFIX = `manda-upload-${process.pid}-`;

export function boundaryOf(contentType: string | null): string {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? "");
  const b = m?.[1] ?? m?.[2];
  if (!contentType?.toLowerCase().startsWith("multipart/form-data") || !b?.trim()) {
    throw new MandaError("bad_request:upload", "Upload files as multipart/form-data.");
  }
  return b.trim();
}

/** A safe display filename: the last path segment, no control characters, at most 255 chars. */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base.replace(/[\u0000-\u001f\u007f\ufffd]/g, "").trim().slice(0, 255);
  return clean || "upload";
}

const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;

function newParser(contentType: string, l: Required<MultipartLimits>) {
  try {
    return busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      // +1: busboy stops *at* the limit; a file of exactly maxFileBytes is allowed.
      limits: { fileSize: l.maxFileBytes + 1, files: l.maxFiles, fields: l.maxFields, fieldSize: l.maxFieldBytes + 1, parts: l.maxFiles + l.maxFields, headerPairs: MAX_HEADER_PAIRS },
    });
  } catch (e) {
    throw new MandaError("bad_request:upload", "Upload files as multipart/form-data.", { cause: e });
  }
}

/**
 * Streams one file part to `file`, hashing as it goes. Rejects with 413 past the size limit, and
 * reports it to `onTooLarge` at once: busboy drops the rest of the file but goes on reading the
 * body, and by the time the rejection arrives (a few ticks later) megabytes more would have been
 * read and counted as non-file bytes.
 */
async function saveFile(stream: Readable & { truncated?: boolean }, file: string, filename: string, maxFileBytes: number, on: { bytes: (n: number) => void; tooLarge: (e: MandaError) => void }): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash("sha256");
  let bytes = 0;
  let tooLarge = false;
  stream.on("limit", () => {
    tooLarge = true;
    const error = new MandaError("too_large:file", `"${safeFilename(filename)}" is larger than the upload limit of ${mb(maxFileBytes)} (MANDA_MAX_UPLOAD_BYTES).`);
    // after busboy's own 'limit' step (it marks the part truncated right after emitting): failing
    // the upload destroys the parser, which must not happen inside busboy's call
    queueMicrotask(() => on.tooLarge(error));
    stream.destroy(error);
  });
  const tap = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      on.bytes(chunk.length);
      hash.update(chunk);
      cb(null, chunk);
    },
  });
  await pipeline(stream, tap, fs.createWriteStream(file));
  if (tooLarge || stream.truncated) throw new MandaError("too_large:file", `"${safeFilename(filename)}" is larger than the upload limit of ${mb(maxFileBytes)} (MANDA_MAX_UPLOAD_BYTES).`);
  return { bytes, sha256: hash.digest("hex") };
}

/**
 * Slices of at most SLICE bytes, pulled as the parser takes them. The server may hand the body over
 * in chunks of many megabytes; the meter counts bytes as busboy receives them and file bytes as
 * they are saved, so with big chunks a file's bytes in flight looked like non-file bytes (a 4 MB
 * PDF was refused as a too-large field). Slices keep what is in flight to a few buffers.
 */
const SLICE = 64 * 1024;
function sliced(source: Readable): Readable {
  return Readable.from((async function* () {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      for (let at = 0; at < chunk.length; at += SLICE) yield chunk.subarray(at, at + SLICE);
    }
  })(), { objectMode: false });
}

/** Bytes of an upload that are not file contents: every field full, part headers, and 1 MB of slack (buffers in flight). */
function nonFileBytesBound(l: Required<MultipartLimits>): number {
  return l.maxFields * l.maxFieldBytes + (l.maxFiles + l.maxFields) * 16 * 1024 + 1024 * 1024;
}

export async function readMultipart(body: ReadableStream<Uint8Array> | null, contentType: string | null, opts: MultipartLimits): Promise<MultipartResult> {
  if (!body) throw new MandaError("bad_request:upload", "The upload is empty.");
  boundaryOf(contentType);
  const limits: Required<MultipartLimits> = { maxFiles: 100, maxFields: MAX_FIELDS, maxFieldBytes: MAX_FIELD_BYTES, minBytesPerSecond: 16 * 1024, graceMs: 30_000, ...opts };
  const bb = newParser(contentType!, limits);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), TEMP_PREFIX));
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  const files: (UploadedFile | undefined)[] = [];
  const fields: Record<string, string> = {};
  const saving: Promise<void>[] = [];
  const source = Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
  // busboy reports a too-large field only at its end, and skips preambles unbounded: count the
  // bytes that are not file contents (headers, fields, boundaries) as they stream past.
  const maxOtherBytes = nonFileBytesBound(limits);
  let fileBytes = 0;
  let allBytes = 0;

  const done = new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (e: unknown) => {
      if (failed) return;
      failed = true;
      clearInterval(watch);
      source.destroy();
      bb.destroy();
      reject(e);
    };
    bb.on("file", (name, stream, info) => {
      if (failed) return void stream.resume();
      const index = files.length;
      files.push(undefined);
      const file = path.join(dir, `${index}-${randomUUID()}`);
      const filename = info.filename ?? "upload";
      const on = { bytes: (n: number) => void (fileBytes += n), tooLarge: fail };
      saving.push(saveFile(stream, file, filename, limits.maxFileBytes, on).then(
        ({ bytes, sha256 }) => void (files[index] = { field: name, filename: safeFilename(filename), mime: info.mimeType || null, path: file, bytes, sha256 }),
        (e) => fail(e),
      ));
    });
    bb.on("field", (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated || Buffer.byteLength(value) > limits.maxFieldBytes) {
        return fail(new MandaError("too_large:field", `A form field is larger than ${limits.maxFieldBytes / 1024} KB.`));
      }
      fields[name] = value;
    });
    const started = Date.now();
    const tooSlow = () => {
      const elapsed = Date.now() - started;
      return elapsed >= limits.graceMs && allBytes / (elapsed / 1000) < limits.minBytesPerSecond;
    };
    const slowError = () => new MandaError("bad_request:timeout", `The upload arrived too slowly (under ${Math.round(limits.minBytesPerSecond / 1024)} KB/s). Please try again on a faster connection.`);
    // a client that stops sending altogether never reaches the meter: check on a timer too
    const watch = setInterval(() => tooSlow() && fail(slowError()), Math.max(50, Math.min(5000, limits.graceMs / 4)));
    watch.unref();
    bb.on("close", () => clearInterval(watch));
    bb.on("error", () => clearInterval(watch));
    bb.on("filesLimit", () => fail(new MandaError("too_large:upload", `Upload at most ${limits.maxFiles} files at once.`)));
    bb.on("fieldsLimit", () => fail(new MandaError("too_large:fields", `An upload carries at most ${limits.maxFields} form fields.`)));
    bb.on("partsLimit", () => fail(new MandaError("too_large:upload", `An upload carries at most ${limits.maxFiles} files and ${limits.maxFields} form fields.`)));
    bb.on("error", (e) => fail(new MandaError("bad_request:upload", "The upload is malformed or was cut off before it finished. Please try again.", { cause: e })));
    bb.on("close", () => void Promise.all(saving).then(() => (failed ? undefined : resolve()), fail));
    source.on("error", (e) => fail(new MandaError("bad_request:upload", "The upload was cut off before it finished. Please try again.", { cause: e })));
    const meter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        allBytes += chunk.length;
        if (allBytes - fileBytes > maxOtherBytes) return cb(new MandaError("too_large:field", `A form field is larger than ${limits.maxFieldBytes / 1024} KB.`));
        if (tooSlow()) return cb(slowError());
        cb(null, chunk);
      },
    });
    meter.on("error", fail);
    const slicer = sliced(source);
    slicer.on("error", (e) => fail(new MandaError("bad_request:upload", "The upload was cut off before it finished. Please try again.", { cause: e })));
    slicer.pipe(meter).pipe(bb);
  });
  try {
    await done;
    return { files: files.filter((f): f is UploadedFile => !!f), fields, cleanup };
  } catch (e) {
    cleanup();
    throw e;
  }
}
