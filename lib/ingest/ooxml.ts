/**
 * A small streaming XML tokenizer for OOXML parts (predefined entities and character
 * references only, no DTDs), so a 300 MB worksheet is never held as one string; plus the
 * package relationships and core-properties readers the XLSX and DOCX parsers share.
 *
 * Kept hand-written (issue 13 §4, decided by risk and effort): it is ~100 lines over
 * well-formed machine-written XML with no DTD or external entities to resolve (so none of
 * the XXE/billion-laughs surface a general parser must guard), it feeds the parsers local
 * names they already switch on, and swapping in saxes would re-test every XLSX/DOCX path for
 * no fewer lines. Its risk is malformed input, which tests/unit/fuzz-ingest-parsers.test.ts
 * covers: XML edits of every part inside a well-formed zip (no crash, no hang, heap capped).
 */
import { corrupt, findEntry, openZipEntry, type ZipDirectory, type ZipEntry } from "./zip-guard";

export type XmlAttrs = Record<string, string>;

export interface XmlHandler {
  /** `name` and attribute keys are local names (namespace prefix stripped). */
  open?(name: string, attrs: XmlAttrs, selfClosing: boolean, qname: string): void;
  close?(name: string, qname: string): void;
  /** May be called several times for one text node. Entities are decoded. */
  text?(text: string): void;
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

export function decodeXmlEntities(s: string): string {
  if (s.indexOf("&") < 0) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (m, body: string) => {
    if (body[0] === "#") {
      const cp = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(cp) && cp >= 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
    }
    return ENTITIES[body] ?? m;
  });
}

function localName(q: string): string {
  const c = q.indexOf(":");
  return c < 0 ? q : q.slice(c + 1);
}

const ATTR_RE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export class XmlScanner {
  private buf = "";
  constructor(private readonly h: XmlHandler) {}

  write(chunk: string): void {
    this.buf = this.buf.length ? this.buf + chunk : chunk;
    this.process(false);
  }

  end(): void {
    this.process(true);
    if (this.buf.length) {
      if (this.buf.indexOf("<") >= 0) throw corrupt("an XML part ends in the middle of a tag");
      this.h.text?.(decodeXmlEntities(this.buf));
      this.buf = "";
    }
  }

  private process(final: boolean): void {
    const buf = this.buf;
    const n = buf.length;
    const h = this.h;
    let i = 0;
    while (i < n) {
      const lt = buf.indexOf("<", i);
      if (lt < 0) {
        // Keep trailing text until we see where it ends (an entity may be split).
        if (final && h.text) h.text(decodeXmlEntities(buf.slice(i)));
        if (final) i = n;
        break;
      }
      if (lt > i && h.text) h.text(decodeXmlEntities(buf.slice(i, lt)));
      i = lt;
      const c1 = buf.charCodeAt(i + 1);
      if (c1 === 33 /* ! */) {
        if (n - i < 9 && !final) break;
        if (buf.startsWith("<!--", i)) {
          const e = buf.indexOf("-->", i + 4);
          if (e < 0) break;
          i = e + 3;
        } else if (buf.startsWith("<![CDATA[", i)) {
          const e = buf.indexOf("]]>", i + 9);
          if (e < 0) break;
          if (h.text) h.text(buf.slice(i + 9, e));
          i = e + 3;
        } else {
          const e = buf.indexOf(">", i + 2);
          if (e < 0) break;
          i = e + 1;
        }
        continue;
      }
      if (c1 === 63 /* ? */) {
        const e = buf.indexOf("?>", i + 2);
        if (e < 0) break;
        i = e + 2;
        continue;
      }
      // Find the end of the tag, skipping quoted attribute values.
      let j = i + 1;
      let quote = 0;
      for (; j < n; j++) {
        const c = buf.charCodeAt(j);
        if (quote) {
          if (c === quote) quote = 0;
        } else if (c === 34 || c === 39) quote = c;
        else if (c === 62 /* > */) break;
      }
      if (j >= n) break;
      const body = buf.slice(i + 1, j);
      i = j + 1;
      if (body.charCodeAt(0) === 47 /* / */) {
        const q = body.slice(1).trim();
        h.close?.(localName(q), q);
        continue;
      }
      const selfClosing = body.charCodeAt(body.length - 1) === 47;
      const inner = selfClosing ? body.slice(0, -1) : body;
      let k = 0;
      while (k < inner.length && !/\s/.test(inner[k]!)) k++;
      const q = inner.slice(0, k);
      const name = localName(q);
      const attrs: XmlAttrs = {};
      if (k < inner.length && h.open) {
        ATTR_RE.lastIndex = k;
        let m: RegExpExecArray | null;
        while ((m = ATTR_RE.exec(inner))) {
          const an = m[1]!;
          if (an === "xmlns" || an.startsWith("xmlns:")) continue;
          attrs[localName(an)] = decodeXmlEntities(m[2] ?? m[3] ?? "");
        }
      }
      h.open?.(name, attrs, selfClosing, q);
      if (selfClosing) h.close?.(name, q);
    }
    this.buf = i >= n ? "" : buf.slice(i);
  }
}

function decoderFor(first: Buffer): { decoder: TextDecoder; skip: number } {
  if (first.length >= 2 && first[0] === 0xff && first[1] === 0xfe) return { decoder: new TextDecoder("utf-16le"), skip: 2 };
  if (first.length >= 2 && first[0] === 0xfe && first[1] === 0xff) return { decoder: new TextDecoder("utf-16be"), skip: 2 };
  const bom = first.length >= 3 && first[0] === 0xef && first[1] === 0xbb && first[2] === 0xbf;
  return { decoder: new TextDecoder("utf-8"), skip: bom ? 3 : 0 };
}

/** Streams an XML entry of the zip through `handler`. */
export async function scanZipXml(path: string, entry: ZipEntry, handler: XmlHandler): Promise<void> {
  const scanner = new XmlScanner(handler);
  let dec: TextDecoder | null = null;
  for await (let chunk of openZipEntry(path, entry)) {
    if (!dec) {
      const d = decoderFor(chunk);
      dec = d.decoder;
      chunk = chunk.subarray(d.skip);
    }
    scanner.write(dec.decode(chunk, { stream: true }));
  }
  if (dec) scanner.write(dec.decode());
  scanner.end();
}

/** Resolves a relationship target against the part that owns the .rels file. */
export function resolvePartTarget(sourcePart: string, target: string): string {
  if (target.startsWith("/")) return target.replace(/^\/+/, "");
  const base = sourcePart.includes("/") ? sourcePart.slice(0, sourcePart.lastIndexOf("/") + 1) : "";
  const out: string[] = [];
  for (const seg of (base + target).split("/")) {
    if (seg === "..") out.pop();
    else if (seg !== "." && seg !== "") out.push(seg);
  }
  return out.join("/");
}

export interface Relationship {
  id: string;
  type: string;
  /** Resolved part name (for internal targets). */
  target: string;
  external: boolean;
}

/** Reads `dir/_rels/name.rels` for `part` ("" for the package root). Missing rels → []. */
export async function readRelationships(path: string, dir: ZipDirectory, part: string): Promise<Relationship[]> {
  const slash = part.lastIndexOf("/");
  const relsName = part === "" ? "_rels/.rels" : `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
  const entry = findEntry(dir, relsName);
  if (!entry) return [];
  const rels: Relationship[] = [];
  await scanZipXml(path, entry, {
    open(name, a) {
      if (name !== "Relationship" || !a.Id || a.Target === undefined) return;
      const external = a.TargetMode === "External";
      rels.push({ id: a.Id, type: a.Type ?? "", target: external ? a.Target : resolvePartTarget(part, a.Target), external });
    },
  });
  return rels;
}

/** `dc:title` from docProps/core.xml, if any. */
export async function readCoreTitle(path: string, dir: ZipDirectory): Promise<string | undefined> {
  const entry = findEntry(dir, "docProps/core.xml");
  if (!entry || entry.uncompressedSize > 1024 * 1024) return undefined;
  let inTitle = false;
  let title = "";
  await scanZipXml(path, entry, {
    open(name) {
      if (name === "title") inTitle = true;
    },
    close(name) {
      if (name === "title") inTitle = false;
    },
    text(t) {
      if (inTitle) title += t;
    },
  });
  title = title.trim();
  return title || undefined;
}
