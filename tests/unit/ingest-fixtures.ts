/**
 * Test-time fixture builders for the ingest parser tests: temp dirs, a tiny ZIP
 * writer (so tests control the central directory byte for byte), a zip bomb
 * built by streaming deflate, minimal OOXML documents, seeded random bytes.
 * Nothing binary is committed; everything is generated here.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDeflateRaw, crc32, deflateRawSync } from "node:zlib";
import type { ParsedPage, ParseResult } from "@/lib/ingest/types";
import { seededBytes as sharedSeededBytes } from "../helpers/fixtures";

export function makeTempDir(prefix = "manda-ingest-"): { dir: string; file(name: string): string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, file: (name) => join(dir, name), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Deterministic bytes for "random file" tests (the shared mulberry32 generator). */
export function seededBytes(seed: number, n: number): Buffer {
  return Buffer.from(sharedSeededBytes(n, seed));
}

export interface ZipInput {
  name: string;
  /** Uncompressed content (ignored when `raw` is given). */
  data?: Buffer | string;
  /** Pre-compressed deflate data with its real sizes/crc (for bombs). */
  raw?: { compressed: Buffer; size: number; crc: number };
  method?: 0 | 8;
  /** Lie in the central directory about the uncompressed size. */
  declaredSize?: number;
}

/** Writes a zip archive: local headers + central directory + EOCD (all ZIP64 fields with `zip64`). */
export function buildZip(entries: ZipInput[], opts: { zip64?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    let compressed: Buffer;
    let size: number;
    let crc: number;
    let method: number;
    if (e.raw) {
      ({ compressed, size, crc } = e.raw);
      method = 8;
    } else {
      const data = typeof e.data === "string" ? Buffer.from(e.data, "utf8") : (e.data ?? Buffer.alloc(0));
      size = data.length;
      crc = crc32(data);
      method = e.method ?? 8;
      compressed = method === 8 ? deflateRawSync(data) : data;
    }
    const declared = e.declaredSize ?? size;
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt16LE(0x800, 6);
    lh.writeUInt16LE(method, 8);
    lh.writeUInt32LE(crc >>> 0, 14);
    lh.writeUInt32LE(compressed.length, 18);
    lh.writeUInt32LE(declared, 22);
    lh.writeUInt16LE(name.length, 26);
    locals.push(lh, name, compressed);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(45, 4);
    ch.writeUInt16LE(45, 6);
    ch.writeUInt16LE(0x800, 8);
    ch.writeUInt16LE(method, 10);
    ch.writeUInt32LE(crc >>> 0, 16);
    ch.writeUInt16LE(name.length, 28);
    if (opts.zip64) {
      ch.writeUInt32LE(0xffffffff, 20);
      ch.writeUInt32LE(0xffffffff, 24);
      ch.writeUInt32LE(0xffffffff, 42);
      const extra = Buffer.alloc(28);
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(24, 2);
      extra.writeBigUInt64LE(BigInt(declared), 4);
      extra.writeBigUInt64LE(BigInt(compressed.length), 12);
      extra.writeBigUInt64LE(BigInt(offset), 20);
      ch.writeUInt16LE(extra.length, 30);
      centrals.push(ch, name, extra);
    } else {
      ch.writeUInt32LE(compressed.length, 20);
      ch.writeUInt32LE(declared, 24);
      ch.writeUInt32LE(offset, 42);
      centrals.push(ch, name);
    }
    offset += 30 + name.length + compressed.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  if (!opts.zip64) {
    eocd.writeUInt16LE(entries.length, 8);
    eocd.writeUInt16LE(entries.length, 10);
    eocd.writeUInt32LE(cd.length, 12);
    eocd.writeUInt32LE(offset, 16);
    return Buffer.concat([...locals, cd, eocd]);
  }
  eocd.writeUInt16LE(0xffff, 8);
  eocd.writeUInt16LE(0xffff, 10);
  eocd.writeUInt32LE(0xffffffff, 12);
  eocd.writeUInt32LE(0xffffffff, 16);
  const rec = Buffer.alloc(56);
  rec.writeUInt32LE(0x06064b50, 0);
  rec.writeBigUInt64LE(44n, 4);
  rec.writeUInt16LE(45, 12);
  rec.writeUInt16LE(45, 14);
  rec.writeBigUInt64LE(BigInt(entries.length), 24);
  rec.writeBigUInt64LE(BigInt(entries.length), 32);
  rec.writeBigUInt64LE(BigInt(cd.length), 40);
  rec.writeBigUInt64LE(BigInt(offset), 48);
  const loc = Buffer.alloc(20);
  loc.writeUInt32LE(0x07064b50, 0);
  loc.writeBigUInt64LE(BigInt(offset + cd.length), 8);
  loc.writeUInt32LE(1, 16);
  return Buffer.concat([...locals, cd, rec, loc, eocd]);
}

/** Deflates `megabytes` MB of zeros without ever holding them: ~1000:1. */
export async function deflatedZeros(megabytes: number): Promise<{ compressed: Buffer; size: number; crc: number }> {
  const chunk = Buffer.alloc(1024 * 1024);
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (d: Buffer) => out.push(d));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on("end", () => resolve());
    deflate.on("error", reject);
  });
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((r) => deflate.once("drain", r));
  }
  deflate.end();
  await done;
  return { compressed: Buffer.concat(out), size: megabytes * 1024 * 1024, crc };
}

const CONTENT_TYPES_DOCX = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`;
const ROOT_RELS_DOCX = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const DOC_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
const W_NS = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"`;

/** Swedish-localized heading styles, as a Swedish Word writes them (ids "Rubrik1", names "heading 1"). */
export const STYLES_SV = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles ${W_NS}><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style><w:style w:type="paragraph" w:styleId="Rubrik1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style><w:style w:type="paragraph" w:styleId="Rubrik2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/></w:style><w:style w:type="paragraph" w:styleId="Min"><w:name w:val="My Chapter"/><w:basedOn w:val="Rubrik1"/></w:style></w:styles>`;

/** A minimal DOCX (zip bytes) from a `<w:body>` inner XML. */
export function minimalDocx(bodyXml: string, stylesXml = STYLES_SV): Buffer {
  const doc = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W_NS}><w:body>${bodyXml}<w:sectPr/></w:body></w:document>`;
  return buildZip([
    { name: "[Content_Types].xml", data: CONTENT_TYPES_DOCX },
    { name: "_rels/.rels", data: ROOT_RELS_DOCX },
    { name: "word/_rels/document.xml.rels", data: DOC_RELS },
    { name: "word/document.xml", data: doc },
    { name: "word/styles.xml", data: stylesXml },
  ]);
}

/** `<w:p>` with an optional style and runs (strings, or raw XML when starting with "<"). */
export function para(runs: string[], style?: string): string {
  const ppr = style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : "";
  const body = runs.map((r) => (r.startsWith("<") ? r : `<w:r><w:t xml:space="preserve">${escapeXml(r)}</w:t></w:r>`)).join("");
  return `<w:p>${ppr}${body}</w:p>`;
}

export function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function writeFile(path: string, data: Buffer | string): string {
  writeFileSync(path, data);
  return path;
}

export async function collectPages(result: ParseResult): Promise<ParsedPage[]> {
  const pages: ParsedPage[] = [];
  for await (const p of result.pages) pages.push(p);
  return pages;
}

/** Runs `fn` and returns the thrown error's code (fails the test if nothing is thrown). */
export async function errorCode(fn: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await fn();
  } catch (e) {
    const err = e as { code?: string; message: string };
    return { code: err.code ?? "(no code)", message: err.message };
  }
  throw new Error("expected an error, got none");
}
