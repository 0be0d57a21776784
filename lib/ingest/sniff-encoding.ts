/**
 * Text encodings for the sniffer and the text and CSV parsers: BOMs, strict UTF-8 vs windows-1252
 * detection (on a head sample or a whole file, streamed), and decoders for each.
 */
import { createReadStream } from "node:fs";
import { startsWith } from "./sniff-signatures";

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
