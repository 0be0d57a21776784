/**
 * Decides a document's format from its CONTENT (magic bytes, zip directory,
 * text heuristics); the filename only breaks ties between text and CSV and
 * words error messages. Also home of the text-encoding helpers shared by the
 * text and CSV parsers.
 */
import { open, stat } from "node:fs/promises";
import { createReadStream } from "node:fs";
import { MandaError } from "@/lib/errors";
import type { DocumentFormat } from "./types";
import { guardZip } from "./zip-guard";

const HEAD_BYTES = 64 * 1024;

export const SUPPORTED_FORMATS_SENTENCE = "Manda reads PDF, Word (.docx), Excel (.xlsx), CSV and plain-text/Markdown files.";

function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

function expectedFromExtension(filename: string): string {
  switch (extensionOf(filename)) {
    case "pdf":
      return "a PDF";
    case "xlsx":
    case "xlsm":
    case "xls":
      return "an Excel workbook";
    case "docx":
    case "docm":
    case "doc":
      return "a Word document";
    case "csv":
    case "tsv":
      return "a CSV file";
    case "txt":
    case "md":
    case "markdown":
      return "a text file";
    default:
      return "a supported document";
  }
}

function unsupported(filename: string, looksLike: string, hint = ""): MandaError {
  return new MandaError(
    "unsupported:format",
    `This looks like ${looksLike}, not ${expectedFromExtension(filename)}. ${hint ? hint + " " : ""}${SUPPORTED_FORMATS_SENTENCE}`,
  );
}

function startsWith(buf: Buffer, bytes: number[], at = 0): boolean {
  if (buf.length < at + bytes.length) return false;
  for (let i = 0; i < bytes.length; i++) if (buf[at + i] !== bytes[i]) return false;
  return true;
}

function ascii(buf: Buffer, at: number, len: number): string {
  return buf.subarray(at, at + len).toString("latin1");
}

/** Binary signatures we can name. Checked before any text heuristics. */
function describeBinary(head: Buffer): string | null {
  const h = head;
  if (startsWith(h, [0x7f, 0x45, 0x4c, 0x46])) return "a Linux/Unix executable (ELF)";
  if (startsWith(h, [0x4d, 0x5a]) && (h.length < 64 || h.includes(Buffer.from("This program")) || h.indexOf(0) >= 0)) {
    return "a Windows executable";
  }
  if (
    startsWith(h, [0xfe, 0xed, 0xfa, 0xce]) ||
    startsWith(h, [0xfe, 0xed, 0xfa, 0xcf]) ||
    startsWith(h, [0xce, 0xfa, 0xed, 0xfe]) ||
    startsWith(h, [0xcf, 0xfa, 0xed, 0xfe])
  ) {
    return "a macOS executable (Mach-O)";
  }
  if (startsWith(h, [0xca, 0xfe, 0xba, 0xbe])) return "a macOS executable or Java class file";
  if (startsWith(h, [0x00, 0x61, 0x73, 0x6d])) return "a WebAssembly binary";
  if (startsWith(h, [0x89, 0x50, 0x4e, 0x47])) return "a PNG image";
  if (startsWith(h, [0xff, 0xd8, 0xff])) return "a JPEG image";
  if (ascii(h, 0, 4) === "GIF8") return "a GIF image";
  if (startsWith(h, [0x49, 0x49, 0x2a, 0x00]) || startsWith(h, [0x4d, 0x4d, 0x00, 0x2a])) return "a TIFF image";
  if (ascii(h, 0, 4) === "RIFF" && ascii(h, 8, 4) === "WEBP") return "a WebP image";
  if (ascii(h, 0, 4) === "RIFF" && ascii(h, 8, 4) === "WAVE") return "a WAV audio file";
  if (ascii(h, 0, 4) === "RIFF" && ascii(h, 8, 4) === "AVI ") return "an AVI video";
  if (ascii(h, 4, 4) === "ftyp") {
    const brand = ascii(h, 8, 4);
    return /hei|mif1|avif/.test(brand) ? "a HEIC/AVIF image" : "an MP4/QuickTime video";
  }
  if (startsWith(h, [0x1f, 0x8b])) return "a gzip-compressed archive";
  if (startsWith(h, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return "a 7-Zip archive";
  if (ascii(h, 0, 4) === "Rar!") return "a RAR archive";
  if (startsWith(h, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])) return "an XZ-compressed archive";
  if (startsWith(h, [0x28, 0xb5, 0x2f, 0xfd])) return "a Zstandard-compressed archive";
  if (ascii(h, 0, 16) === "SQLite format 3\0") return "an SQLite database";
  if (ascii(h, 0, 4) === "OggS") return "an Ogg audio/video file";
  if (ascii(h, 0, 4) === "fLaC") return "a FLAC audio file";
  if (ascii(h, 0, 3) === "ID3") return "an MP3 audio file";
  if (startsWith(h, [0x1a, 0x45, 0xdf, 0xa3])) return "a Matroska/WebM video";
  if (ascii(h, 257, 5) === "ustar") return "a tar archive";
  return null;
}

/** Finds `%PDF-<digit>` within the first 1 KB (real PDFs may have leading junk). */
function isPdf(head: Buffer): boolean {
  const at = head.subarray(0, 1024 + 8).indexOf("%PDF-");
  return at >= 0 && at <= 1024 && head.length > at + 5 && head[at + 5]! >= 0x30 && head[at + 5]! <= 0x39;
}

// ---------------------------------------------------------------------------
// Text encodings

export type TextEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

export function bomOf(buf: Buffer): { encoding: TextEncoding; length: number } | null {
  if (startsWith(buf, [0xef, 0xbb, 0xbf])) return { encoding: "utf-8", length: 3 };
  if (startsWith(buf, [0xff, 0xfe])) return { encoding: "utf-16le", length: 2 };
  if (startsWith(buf, [0xfe, 0xff])) return { encoding: "utf-16be", length: 2 };
  return null;
}

/** True when `buf` is valid UTF-8 (a multi-byte sequence cut at the very end is allowed when `truncated`). */
export function isValidUtf8(buf: Buffer, truncated = false): boolean {
  try {
    const d = new TextDecoder("utf-8", { fatal: true });
    d.decode(buf, { stream: truncated });
    return true;
  } catch {
    return false;
  }
}

/** Undefined in windows-1252. */
const CP1252_HOLES = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/** Windows-1252/Latin-1 text: no NUL, hardly any control bytes, a minority of high bytes. */
export function looksLikeSingleByteText(buf: Buffer): boolean {
  if (buf.length === 0) return true;
  let bad = 0;
  let high = 0;
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i]!;
    if (b === 0) return false;
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) || b === 0x7f || CP1252_HOLES.has(b)) bad++;
    else if (b >= 0x80) high++;
  }
  return bad <= buf.length * 0.001 && high <= buf.length * 0.3;
}

/**
 * Detects the encoding of a text sample (`truncated` when it is only the head of
 * the file). Returns null when the bytes are not text.
 */
export function detectTextEncoding(sample: Buffer, truncated = false): TextEncoding | null {
  const bom = bomOf(sample);
  if (bom) {
    if (bom.encoding !== "utf-8") return bom.encoding;
    return isValidUtf8(sample.subarray(3), truncated) ? "utf-8" : null;
  }
  if (sample.indexOf(0) >= 0) return null;
  // UTF-8 text still has to be "text": few control characters.
  if (isValidUtf8(sample, truncated)) {
    let ctrl = 0;
    for (let i = 0; i < sample.length; i++) {
      const b = sample[i]!;
      if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) || b === 0x7f) ctrl++;
    }
    return ctrl <= Math.max(1, sample.length * 0.001) ? "utf-8" : null;
  }
  return looksLikeSingleByteText(sample) ? "windows-1252" : null;
}

/** windows-1252 bytes 0x80–0x9F (Node's TextDecoder treats "windows-1252" as ISO-8859-1 there). */
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

export function decodeWindows1252(buf: Buffer): string {
  return buf.toString("latin1").replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/** A streaming decoder for any of our text encodings (windows-1252 done right). */
export function makeTextDecoder(encoding: TextEncoding): { decode(chunk?: Buffer, opts?: { stream?: boolean }): string } {
  if (encoding === "windows-1252") return { decode: (chunk?: Buffer) => (chunk ? decodeWindows1252(chunk) : "") };
  const d = new TextDecoder(encoding);
  return { decode: (chunk?: Buffer, opts?: { stream?: boolean }) => (chunk ? d.decode(chunk, opts) : d.decode()) };
}

/** Decodes a whole buffer: BOM first, then strict UTF-8, else windows-1252. The BOM is dropped. */
export function decodeTextBuffer(buf: Buffer): { text: string; encoding: TextEncoding } {
  const bom = bomOf(buf);
  if (bom) return { text: new TextDecoder(bom.encoding).decode(buf.subarray(bom.length)), encoding: bom.encoding };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(buf), encoding: "utf-8" };
  } catch {
    return { text: decodeWindows1252(buf), encoding: "windows-1252" };
  }
}

/**
 * Streams a text file as decoded strings. The encoding must be known (see
 * `detectFileEncoding`); a UTF-8 BOM is skipped.
 */
export async function* streamDecodedText(path: string, encoding: TextEncoding, chunkBytes = 1024 * 1024): AsyncGenerator<string> {
  const dec = makeTextDecoder(encoding);
  let first = true;
  for await (const raw of createReadStream(path, { highWaterMark: chunkBytes })) {
    let chunk = raw as Buffer;
    if (first) {
      first = false;
      const bom = bomOf(chunk);
      if (bom) chunk = chunk.subarray(bom.length);
    }
    const s = dec.decode(chunk, { stream: true });
    if (s) yield s;
  }
  const tail = dec.decode();
  if (tail) yield tail;
}

/**
 * Full-file encoding check without holding the file: BOM, else strict UTF-8
 * over every byte, else windows-1252. Also reports whether a form feed occurs.
 */
export async function detectFileEncoding(path: string): Promise<{ encoding: TextEncoding; hasFormFeed: boolean }> {
  let encoding: TextEncoding | null = null;
  let utf8: TextDecoder | null = new TextDecoder("utf-8", { fatal: true });
  let hasFormFeed = false;
  let first = true;
  for await (const raw of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    const chunk = raw as Buffer;
    if (first) {
      first = false;
      const bom = bomOf(chunk);
      if (bom) {
        encoding = bom.encoding;
        if (encoding !== "utf-8") utf8 = null;
      }
    }
    if (encoding === "utf-16le" || encoding === "utf-16be") {
      // 0x0C 0x00 / 0x00 0x0C; an odd split across chunks only risks a false "true".
      if (!hasFormFeed && chunk.indexOf(0x0c) >= 0) hasFormFeed = true;
      continue;
    }
    if (!hasFormFeed && chunk.indexOf(0x0c) >= 0) hasFormFeed = true;
    if (utf8) {
      try {
        utf8.decode(chunk, { stream: true });
      } catch {
        utf8 = null;
      }
    }
  }
  if (utf8) {
    try {
      utf8.decode();
    } catch {
      utf8 = null;
    }
  }
  if (encoding === null) encoding = utf8 ? "utf-8" : "windows-1252";
  return { encoding, hasFormFeed };
}

// ---------------------------------------------------------------------------
// Delimited text

export type Delimiter = "," | ";" | "\t" | "|";
const DELIMITERS: Delimiter[] = [",", ";", "\t", "|"];

/** Counts delimiters per record (quote-aware) for the first `maxRecords` non-empty records. */
function delimiterCounts(sample: string, delim: string, maxRecords: number, dropLast: boolean): number[] {
  const counts: number[] = [];
  let inQuotes = false;
  let count = 0;
  let nonEmpty = false;
  for (let i = 0; i < sample.length && counts.length < maxRecords; i++) {
    const c = sample[i];
    if (c === '"') {
      inQuotes = !inQuotes;
      nonEmpty = true;
    } else if (inQuotes) continue;
    else if (c === delim) {
      count++;
      nonEmpty = true;
    } else if (c === "\n" || c === "\r") {
      if (nonEmpty) counts.push(count);
      count = 0;
      nonEmpty = false;
    } else if (c !== " ") nonEmpty = true;
  }
  if (nonEmpty && !dropLast && counts.length < maxRecords) counts.push(count);
  return counts;
}

export interface DelimiterGuess {
  delimiter: Delimiter;
  /** Records sampled. */
  records: number;
  /** Delimiters per record in the most common case. */
  perRecord: number;
  /** Share of sampled records with exactly `perRecord` delimiters. */
  consistency: number;
}

/**
 * Guesses the delimiter of a CSV-like sample. `truncated`: the sample is only the
 * head of the file, so its last record may be partial. An Excel `sep=;` first
 * line wins outright.
 */
export function detectDelimiter(sample: string, truncated = false): DelimiterGuess | null {
  const sep = /^sep=(.)\r?\n/.exec(sample);
  if (sep && (DELIMITERS as string[]).includes(sep[1]!)) {
    return { delimiter: sep[1] as Delimiter, records: 1, perRecord: 1, consistency: 1 };
  }
  let best: DelimiterGuess | null = null;
  for (const d of DELIMITERS) {
    const counts = delimiterCounts(sample, d, 50, truncated);
    if (counts.length === 0) continue;
    const freq = new Map<number, number>();
    for (const c of counts) if (c > 0) freq.set(c, (freq.get(c) ?? 0) + 1);
    let perRecord = 0;
    let hits = 0;
    for (const [c, f] of freq) if (f > hits || (f === hits && c > perRecord)) [perRecord, hits] = [c, f];
    if (perRecord === 0) continue;
    const guess: DelimiterGuess = { delimiter: d, records: counts.length, perRecord, consistency: hits / counts.length };
    const score = guess.consistency * 10 + Math.min(perRecord, 10) / 10;
    const bestScore = best ? best.consistency * 10 + Math.min(best.perRecord, 10) / 10 : -1;
    if (score > bestScore) best = guess;
  }
  return best;
}

const TEXT_EXTENSIONS = new Set(["txt", "text", "md", "markdown", "mdown", "mkd", "log"]);

/** "Clearly delimited": the same non-zero delimiter count on every sampled record. */
function clearlyDelimited(sample: string, truncated: boolean, ext: string): boolean {
  const g = detectDelimiter(sample, truncated);
  if (!g || g.delimiter === "|") return false; // pipes are Markdown tables, not CSV
  if (/^sep=.\r?\n/.test(sample)) return true;
  if (g.consistency < 1) return false;
  if (ext === "md" || ext === "markdown" || ext === "mdown" || ext === "mkd") return false;
  if (TEXT_EXTENSIONS.has(ext)) return g.records >= 5 && (g.delimiter === "\t" || g.perRecord >= 2);
  return g.records >= 3;
}

// ---------------------------------------------------------------------------
// Old Office (OLE compound files)

const utf16 = (s: string) => Buffer.from(s, "utf16le");
const OLE_MARKERS: Array<[Buffer, string]> = [
  [utf16("EncryptedPackage"), "encrypted"],
  [utf16("WordDocument"), "a legacy Word 97-2003 document (.doc)"],
  [utf16("Workbook"), "a legacy Excel 97-2003 workbook (.xls)"],
  [utf16("PowerPoint Document"), "a legacy PowerPoint presentation (.ppt)"],
  [utf16("__substg1.0_"), "an Outlook message (.msg)"],
];

async function classifyOle(path: string): Promise<string> {
  const found = new Set<string>();
  let carry: Buffer = Buffer.alloc(0);
  for await (const raw of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    const buf = carry.length ? Buffer.concat([carry, raw as Buffer]) : (raw as Buffer);
    for (const [marker, what] of OLE_MARKERS) if (!found.has(what) && buf.indexOf(marker) >= 0) found.add(what);
    if (found.has("encrypted")) return "encrypted";
    carry = buf.subarray(Math.max(0, buf.length - 64));
  }
  for (const [, what] of OLE_MARKERS) if (found.has(what)) return what;
  return "an old-style Office (OLE) file";
}

// ---------------------------------------------------------------------------

async function readHead(path: string, n: number): Promise<Buffer> {
  const fh = await open(path, "r");
  try {
    const buf: Buffer = Buffer.alloc(n);
    let done = 0;
    while (done < n) {
      const { bytesRead } = await fh.read(buf, done, n - done, done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return buf.subarray(0, done);
  } finally {
    await fh.close();
  }
}

/**
 * Sniffs a stored file's format by content. Throws `bad_request:empty_file`,
 * `bad_request:encrypted`, `bad_request:corrupt_file` / `bad_request:zip_bomb`
 * (Office zips are guarded here already), or `unsupported:format` with a
 * message that says what the file looks like.
 */
export async function sniffFormat(path: string, filename: string): Promise<DocumentFormat> {
  const size = (await stat(path)).size;
  if (size === 0) throw new MandaError("bad_request:empty_file", "This file is empty (0 bytes).");
  const head = await readHead(path, Math.min(size, HEAD_BYTES));
  const truncated = head.length < size;

  if (isPdf(head)) return "pdf";

  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) {
    const dir = await guardZip(path);
    const names = new Set(dir.entries.map((e) => e.name.toLowerCase()));
    if (names.has("xl/workbook.xml")) return "xlsx";
    if (names.has("word/document.xml")) return "docx";
    if (names.has("ppt/presentation.xml")) {
      throw unsupported(filename, "a PowerPoint presentation", "Export it as PDF and upload that instead.");
    }
    if (names.has("mimetype") && names.has("content.xml")) {
      throw unsupported(filename, "an OpenDocument file (LibreOffice/OpenOffice)", "Save it as .docx, .xlsx or PDF and upload that instead.");
    }
    if (names.has("xl/workbook.bin")) {
      throw unsupported(filename, "an Excel binary workbook (.xlsb)", "Save it as .xlsx and upload that instead.");
    }
    throw unsupported(filename, "a ZIP archive", "Unpack it and upload the documents inside.");
  }

  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    const what = await classifyOle(path);
    if (what === "encrypted") {
      throw new MandaError(
        "bad_request:encrypted",
        "This is a password-protected Office file. Remove the password (or save an unprotected copy) and upload it again.",
      );
    }
    throw unsupported(filename, what, "Save it in the current format (.docx/.xlsx) or as PDF and upload that instead.");
  }

  const binary = describeBinary(head);
  if (binary) throw unsupported(filename, binary);

  const encoding = detectTextEncoding(head, truncated);
  if (!encoding) {
    throw unsupported(filename, "binary data in no recognised document format");
  }
  const sample =
    encoding === "utf-8" || encoding === "windows-1252"
      ? makeTextDecoder(encoding).decode(head.subarray(bomOf(head)?.length ?? 0))
      : makeTextDecoder(encoding).decode(head.subarray(2));
  if (sample.startsWith("#!")) throw unsupported(filename, "an executable script");
  if (sample.startsWith("{\\rtf")) {
    throw unsupported(filename, "an RTF document", "Save it as .docx or PDF and upload that instead.");
  }

  const ext = extensionOf(filename);
  if (ext === "csv" || ext === "tsv") return "csv";
  return clearlyDelimited(sample, truncated, ext) ? "csv" : "text";
}
