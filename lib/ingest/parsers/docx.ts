/**
 * DOCX, read straight from word/document.xml (streamed through zip-guard's XML
 * tokenizer) rather than through mammoth, because pagination needs what mammoth
 * drops: page breaks, Word's `lastRenderedPageBreak` markers, section breaks,
 * and heading levels resolved through localized style names / outline levels.
 * Kept hand-written for that reason (issue 13 §4); fuzzed by
 * tests/unit/fuzz-ingest-parsers.test.ts (byte and XML mutations of a document).
 *
 * Text: one line per paragraph; a table row is one line with cells joined by
 * " | "; text boxes become their own lines; tabs and line breaks are kept.
 * Deleted (tracked) text, field codes and `mc:Fallback` duplicates are skipped.
 * Footnotes, comments, headers and footers are not included.
 *
 * Pages, in order of preference:
 * 1. "form-feed": the document has page boundaries — explicit page breaks,
 *    page-breaking section breaks, page-break-before, or the markers Word
 *    writes where it last rendered a new page. Consecutive boundaries with no
 *    text between them count once (except two explicit breaks: a blank page).
 *    Used only when every resulting page is plausible (≤ 15,000 characters,
 *    30,000 when Word's rendered markers are present), otherwise the breaks
 *    don't describe real pages and we fall through.
 * 2. "headings": split at the two highest heading levels present; label = heading.
 * 3. "size": ~3,000 characters at paragraph boundaries.
 */
import { MandaError } from "@/lib/errors";
import type { PageLabelling, ParsedPage, ParseInput, ParseResult, Parser } from "../types";
import { sniffFormat } from "../sniff";
import { readCoreTitle, readRelationships, scanZipXml } from "../ooxml";
import { findEntry, guardZip, type ZipDirectory } from "../zip-guard";
import { type Heading, lineStarts, sliceText, splitByHeadings, splitBySize, type PageSlice } from "./paginate";

/** A "page" longer than this means the page breaks don't describe real pages… */
export const MAX_BROKEN_PAGE_CHARS = 15_000;
/** …unless Word's own rendered-page markers are present (dense small-print pages exist). */
export const MAX_RENDERED_PAGE_CHARS = 30_000;

interface StyleInfo {
  name?: string;
  basedOn?: string;
  outlineLvl?: number;
  pageBreakBefore?: boolean;
}

export interface DocxText {
  text: string;
  headings: Heading[];
  /** Offsets where a new page starts (already de-duplicated). */
  breaks: number[];
  /** Word wrote `lastRenderedPageBreak` markers (its own layout), not just explicit breaks. */
  rendered: boolean;
}

async function readStyles(path: string, dir: ZipDirectory, docPart: string): Promise<Map<string, StyleInfo>> {
  const styles = new Map<string, StyleInfo>();
  const rels = await readRelationships(path, dir, docPart);
  const rel = rels.find((r) => /\/styles$/.test(r.type) && !r.external);
  const entry = findEntry(dir, rel?.target ?? "word/styles.xml");
  if (!entry) return styles;
  let cur: StyleInfo | null = null;
  let depth = 0; // inside w:style
  await scanZipXml(path, entry, {
    open(name, a, selfClosing) {
      if (name === "style") {
        if (a.type && a.type !== "paragraph") {
          cur = null;
        } else {
          cur = {};
          styles.set(a.styleId ?? "", cur);
        }
        if (!selfClosing) depth = 1;
        return;
      }
      if (!cur || depth === 0) return;
      if (name === "name") cur.name = a.val;
      else if (name === "basedOn") cur.basedOn = a.val;
      else if (name === "outlineLvl" && a.val !== undefined) cur.outlineLvl = Number(a.val);
      else if (name === "pageBreakBefore") cur.pageBreakBefore = a.val !== "0" && a.val !== "false";
    },
    close(name) {
      if (name === "style") {
        depth = 0;
        cur = null;
      }
    },
  });
  return styles;
}

function styleHeadingLevel(styles: Map<string, StyleInfo>, id: string | undefined): number | undefined {
  for (let i = 0; id !== undefined && i < 12; i++) {
    const s = styles.get(id);
    const name = (s?.name ?? id).trim();
    const m = /^heading\s*([1-9])$/i.exec(name);
    if (m) return Number(m[1]);
    if (/^title$/i.test(name)) return 1;
    if (s?.outlineLvl !== undefined) return s.outlineLvl >= 0 && s.outlineLvl <= 8 ? s.outlineLvl + 1 : undefined;
    id = s?.basedOn;
  }
  return undefined;
}

function stylePageBreakBefore(styles: Map<string, StyleInfo>, id: string | undefined): boolean {
  for (let i = 0; id !== undefined && i < 12; i++) {
    const s = styles.get(id);
    if (s?.pageBreakBefore !== undefined) return s.pageBreakBefore;
    id = s?.basedOn;
  }
  return false;
}

interface Para {
  text: string;
  styleId?: string;
  outline?: number;
  pageBreakBefore?: boolean;
  /** Offsets inside `text` where a page starts. */
  breaks: Array<{ at: number; hard: boolean }>;
  sectionBreak: boolean;
  inTextBox: boolean;
}

interface Table {
  row: string[] | null;
  cell: string[] | null;
  rowBreak: { hard: boolean } | null;
}

/** Reads the main document part into plain text + headings + page-break offsets. */
export async function readDocxText(path: string, dir: ZipDirectory): Promise<DocxText> {
  const rootRels = await readRelationships(path, dir, "");
  const docPart =
    rootRels.find((r) => /\/officeDocument$/.test(r.type) && !r.external && findEntry(dir, r.target))?.target ?? "word/document.xml";
  const entry = findEntry(dir, docPart);
  if (!entry) throw new MandaError("bad_request:corrupt_file", "This Word file is damaged: it has no document part.");
  const styles = await readStyles(path, dir, docPart);

  const parts: string[] = [];
  let len = 0;
  const headings: Heading[] = [];
  const breaks: number[] = [];
  let lastBreak = 0; // offset of the last boundary (or document start)
  const addBreak = (offset: number, hard: boolean) => {
    const between = parts.length ? docTail(lastBreak, offset) : "";
    if (!hard && between.trim() === "") return; // nothing since the last boundary
    if (breaks.length && breaks[breaks.length - 1] === offset && !hard) return;
    breaks.push(offset);
    lastBreak = offset;
  };
  // Text since the last boundary, from the parts written so far.
  let joined = "";
  let joinedUpTo = 0;
  const docTail = (from: number, to: number): string => {
    if (joinedUpTo < parts.length) {
      joined += parts.slice(joinedUpTo).join("");
      joinedUpTo = parts.length;
    }
    return joined.slice(from, to);
  };
  const emitLine = (line: string) => {
    parts.push(line, "\n");
    len += line.length + 1;
  };

  const paras: Para[] = [];
  const tables: Table[] = [];
  let skip = 0; // inside deleted/moved/fallback/tracked-change content
  let inRun = 0;
  let capture = false;
  let inPPr = 0;
  let inSectPr = false;
  let textBox = 0;
  let rendered = false;

  const cur = () => paras[paras.length - 1];

  const closePara = () => {
    const p = paras.pop();
    if (!p) return;
    const table = tables[tables.length - 1];
    if (table && table.cell && !p.inTextBox) {
      table.cell.push(p.text);
      if (p.breaks.length && !table.rowBreak) table.rowBreak = { hard: p.breaks.some((b) => b.hard) };
      return;
    }
    const start = len;
    emitLine(p.text);
    if (!p.inTextBox && (p.pageBreakBefore ?? stylePageBreakBefore(styles, p.styleId))) addBreak(start, false);
    if (!p.inTextBox) for (const b of p.breaks) addBreak(start + b.at, b.hard);
    if (!table && !p.inTextBox) {
      const level = p.outline !== undefined ? (p.outline <= 8 ? p.outline + 1 : undefined) : styleHeadingLevel(styles, p.styleId);
      const title = p.text.replace(/\s+/g, " ").trim();
      if (level !== undefined && title) headings.push({ offset: start, bodyStart: len, level, title });
    }
    if (p.sectionBreak && !p.inTextBox) addBreak(len, false);
  };

  const SKIP = /^(del|moveFrom|Fallback|instrText|delText|fldData)$|Change$/;

  await scanZipXml(path, entry, {
    open(name, a, selfClosing) {
      // close() is called for self-closing elements too, so every counter counts them.
      if (skip) {
        skip++;
        return;
      }
      if (SKIP.test(name)) {
        if (!selfClosing) skip = 1;
        return;
      }
      const p = cur();
      switch (name) {
        case "p":
          paras.push({ text: "", breaks: [], sectionBreak: false, inTextBox: textBox > 0 });
          break;
        case "pPr":
          inPPr++;
          break;
        case "pStyle":
          if (p && inPPr) p.styleId = a.val;
          break;
        case "outlineLvl":
          if (p && inPPr && a.val !== undefined) p.outline = Number(a.val);
          break;
        case "pageBreakBefore":
          if (p && inPPr) p.pageBreakBefore = a.val !== "0" && a.val !== "false";
          break;
        case "sectPr":
          if (p && inPPr) {
            p.sectionBreak = true;
            if (!selfClosing) inSectPr = true;
          }
          break;
        case "type":
          if (p && inSectPr && (a.val === "continuous" || a.val === "nextColumn")) p.sectionBreak = false;
          break;
        case "r":
          inRun++;
          break;
        case "t":
          if (p && inRun && !selfClosing) capture = true;
          break;
        case "tab":
        case "ptab":
          if (p && inRun && !inPPr) p.text += "\t";
          break;
        case "br":
          if (p && inRun) {
            if (a.type === "page") p.breaks.push({ at: p.text.length, hard: true });
            else p.text += "\n";
          }
          break;
        case "cr":
          if (p && inRun) p.text += "\n";
          break;
        case "noBreakHyphen":
          if (p && inRun) p.text += "-";
          break;
        case "lastRenderedPageBreak":
          if (p && !p.inTextBox) {
            p.breaks.push({ at: p.text.length, hard: false });
            rendered = true;
          }
          break;
        case "txbxContent":
          textBox++;
          break;
        case "tbl":
          tables.push({ row: null, cell: null, rowBreak: null });
          break;
        case "tr": {
          const t = tables[tables.length - 1];
          if (t) {
            t.row = [];
            t.rowBreak = null;
          }
          break;
        }
        case "tc": {
          const t = tables[tables.length - 1];
          if (t && t.row) t.cell = [];
          break;
        }
      }
    },
    close(name) {
      if (skip) {
        skip--;
        return;
      }
      switch (name) {
        case "p":
          closePara();
          break;
        case "pPr":
          inPPr = Math.max(0, inPPr - 1);
          break;
        case "sectPr":
          inSectPr = false;
          break;
        case "r":
          inRun = Math.max(0, inRun - 1);
          break;
        case "t":
          capture = false;
          break;
        case "txbxContent":
          textBox = Math.max(0, textBox - 1);
          break;
        case "tc": {
          const t = tables[tables.length - 1];
          if (t && t.row && t.cell) t.row.push(t.cell.join(" ").replace(/\n/g, " ").trim());
          if (t) t.cell = null;
          break;
        }
        case "tr": {
          const t = tables[tables.length - 1];
          if (!t || !t.row) break;
          const cells = t.row;
          while (cells.length && cells[cells.length - 1] === "") cells.pop();
          const line = cells.join(" | ");
          const rowBreak = t.rowBreak;
          t.row = null;
          t.rowBreak = null;
          const parent = tables[tables.length - 2];
          if (parent && parent.cell) {
            if (line) parent.cell.push(line);
            if (rowBreak && !parent.rowBreak) parent.rowBreak = rowBreak;
          } else if (textBox > 0 && cur()) {
            // a table inside a text box: keep its text with the box
            emitLine(line);
          } else {
            if (rowBreak) addBreak(len, rowBreak.hard);
            emitLine(line);
          }
          break;
        }
        case "tbl":
          tables.pop();
          break;
      }
    },
    text(t) {
      if (capture && !skip) {
        const p = cur();
        if (p) p.text += t;
      }
    },
  });
  while (paras.length) closePara();

  let text = parts.join("");
  if (text.endsWith("\n")) text = text.slice(0, -1);
  return { text, headings, breaks: breaks.filter((b) => b > 0 && b <= text.length), rendered };
}

/** Splits the document text into pages (see the file comment for the rules). */
export function paginateDocx(doc: DocxText): { labelling: PageLabelling; slices: PageSlice[] } {
  const { text } = doc;
  if (doc.breaks.length > 0) {
    const cuts = [0, ...doc.breaks, text.length];
    const slices: PageSlice[] = [];
    for (let i = 0; i + 1 < cuts.length; i++) slices.push({ start: cuts[i]!, end: cuts[i + 1]! });
    const limit = doc.rendered ? MAX_RENDERED_PAGE_CHARS : MAX_BROKEN_PAGE_CHARS;
    if (slices.every((s) => s.end - s.start <= limit)) return { labelling: "form-feed", slices };
  }
  if (doc.headings.length > 0) {
    const top = Math.min(...doc.headings.map((h) => h.level));
    const hs = doc.headings.filter((h) => h.level <= top + 1);
    return { labelling: "headings", slices: splitByHeadings(text, hs, lineStarts(text)) };
  }
  return { labelling: "size", slices: splitBySize(text, 0, text.length, lineStarts(text)).map(([start, end]) => ({ start, end })) };
}

export const parseDocx: Parser = async (input: ParseInput): Promise<ParseResult> => {
  const format = await sniffFormat(input.path, input.filename);
  if (format !== "docx") {
    throw new MandaError("unsupported:format", `This file is not a Word document (it looks like ${format.toUpperCase()}).`);
  }
  const dir = await guardZip(input.path);
  const doc = await readDocxText(input.path, dir);
  const { labelling, slices } = paginateDocx(doc);
  const pages: Array<{ text: string; label?: string }> = [];
  for (const s of slices) {
    const t = sliceText(doc.text, s.start, s.end);
    // Real page boundaries keep empty pages (numbering); other modes drop them.
    if (labelling !== "form-feed" && t.trim() === "") continue;
    pages.push(s.label === undefined ? { text: t } : { text: t, label: s.label });
  }
  if (pages.length === 0) pages.push({ text: "" });
  const title = await readCoreTitle(input.path, dir);
  return {
    format: "docx",
    labelling,
    pageCount: pages.length,
    pages: (async function* (): AsyncGenerator<ParsedPage> {
      let n = 0;
      for (const p of pages) yield { pageNumber: ++n, text: p.text, ...(p.label !== undefined ? { label: p.label } : {}) };
    })(),
    ...(title ? { title } : {}),
  };
};
