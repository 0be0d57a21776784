/**
 * A small streaming multipart/form-data reader for uploads: file parts are written to temp
 * files as they arrive (never buffered whole), with a byte limit per file and overall. Text
 * fields are kept (bounded). Used by POST /api/deals/[deal]/documents.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
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

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const MAX_HEADER = 16 * 1024;
const MAX_FIELD = 64 * 1024;

export function boundaryOf(contentType: string | null): string {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? "");
  const b = m?.[1] ?? m?.[2];
  if (!contentType?.toLowerCase().startsWith("multipart/form-data") || !b) {
    throw new MandaError("bad_request:upload", "Upload files as multipart/form-data.");
  }
  return b.trim();
}

function parseDisposition(headers: string): { name: string; filename: string | null; mime: string | null } {
  const lines = headers.split("\r\n");
  let name = "";
  let filename: string | null = null;
  let mime: string | null = null;
  for (const line of lines) {
    const [k, ...rest] = line.split(":");
    const v = rest.join(":").trim();
    if (/^content-disposition$/i.test(k!.trim())) {
      name = /\bname="([^"]*)"/i.exec(v)?.[1] ?? "";
      const star = /\bfilename\*=(?:UTF-8'')?([^;]+)/i.exec(v)?.[1];
      const plain = /\bfilename="((?:[^"\\]|\\.)*)"/i.exec(v)?.[1];
      if (star) filename = decodeURIComponent(star.replace(/^"|"$/g, ""));
      else if (plain !== undefined) filename = plain.replace(/\\(.)/g, "$1");
    } else if (/^content-type$/i.test(k!.trim())) mime = v || null;
  }
  return { name, filename, mime };
}

/** A safe display filename: the last path segment, no control characters, at most 255 chars. */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 255);
  return clean || "upload";
}

export async function readMultipart(body: ReadableStream<Uint8Array> | null, contentType: string | null, opts: { maxFileBytes: number; maxFiles?: number }): Promise<MultipartResult> {
  if (!body) throw new MandaError("bad_request:upload", "The upload is empty.");
  const boundary = Buffer.from(`\r\n--${boundaryOf(contentType)}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "manda-upload-"));
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  const maxFiles = opts.maxFiles ?? 100;

  // State machine over a rolling buffer. We prepend CRLF so the first boundary looks like the others.
  let buf: Buffer = Buffer.from(CRLF);
  let state: "preamble" | "headers" | "body" | "done" = "preamble";
  let part: { name: string; filename: string | null; mime: string | null; out?: fs.WriteStream; hash?: ReturnType<typeof createHash>; bytes: number; chunks: Buffer[]; file?: string } | null = null;

  const write = async (data: Buffer) => {
    if (!part || data.length === 0) return;
    part.bytes += data.length;
    if (part.out) {
      if (part.bytes > opts.maxFileBytes) {
        throw new MandaError("too_large:file", `"${part.filename}" is larger than the upload limit of ${(opts.maxFileBytes / 1e6).toFixed(0)} MB (MANDA_MAX_UPLOAD_BYTES).`);
      }
      part.hash!.update(data);
      if (!part.out.write(data)) await new Promise<void>((r) => part!.out!.once("drain", () => r()));
    } else {
      if (part.bytes > MAX_FIELD) throw new MandaError("too_large:field", "A form field is too large.");
      part.chunks.push(data);
    }
  };
  const endPart = async () => {
    if (!part) return;
    const p = part;
    part = null;
    if (p.out) {
      await new Promise<void>((resolve, reject) => p.out!.end((err?: Error | null) => (err ? reject(err) : resolve())));
      files.push({ field: p.name, filename: safeFilename(p.filename ?? "upload"), mime: p.mime, path: p.file!, bytes: p.bytes, sha256: p.hash!.digest("hex") });
    } else fields[p.name] = Buffer.concat(p.chunks).toString("utf8");
  };

  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (value) buf = buf.length ? Buffer.concat([buf, Buffer.from(value)]) : Buffer.from(value);
      // Process as much of the buffer as possible.
      for (;;) {
        if (state === "preamble") {
          const i = buf.indexOf(boundary);
          if (i < 0) {
            buf = buf.subarray(Math.max(0, buf.length - boundary.length));
            break;
          }
          buf = buf.subarray(i + boundary.length);
          state = "headers";
        } else if (state === "headers") {
          if (buf.length < 2) break;
          if (buf[0] === 0x2d && buf[1] === 0x2d) {
            state = "done"; // "--": closing boundary
            break;
          }
          const i = buf.indexOf(HEADER_END);
          if (i < 0) {
            if (buf.length > MAX_HEADER) throw new MandaError("bad_request:upload", "Malformed upload (part headers too large).");
            break;
          }
          const headers = buf.subarray(0, i).toString("utf8").replace(/^\r\n/, "");
          buf = buf.subarray(i + HEADER_END.length);
          const d = parseDisposition(headers);
          part = { ...d, bytes: 0, chunks: [] };
          if (d.filename !== null) {
            if (files.length >= maxFiles) throw new MandaError("bad_request:upload", `Upload at most ${maxFiles} files at once.`);
            part.file = path.join(dir, `${files.length}-${crypto.randomUUID()}`);
            part.out = fs.createWriteStream(part.file);
            part.hash = createHash("sha256");
          }
          state = "body";
        } else if (state === "body") {
          const i = buf.indexOf(boundary);
          if (i < 0) {
            // Keep a tail that could be the start of a boundary.
            const keep = boundary.length - 1;
            if (buf.length > keep) {
              await write(buf.subarray(0, buf.length - keep));
              buf = buf.subarray(buf.length - keep);
            }
            break;
          }
          await write(buf.subarray(0, i));
          buf = buf.subarray(i + boundary.length);
          await endPart();
          state = "headers";
        } else break;
      }
      if (done || state === "done") break;
    }
    if (state !== "done") throw new MandaError("bad_request:upload", "The upload was cut off before it finished. Please try again.");
    return { files, fields, cleanup };
  } catch (e) {
    reader.cancel().catch(() => {});
    const p = part as { out?: fs.WriteStream } | null;
    p?.out?.destroy();
    cleanup();
    throw e;
  }
}
