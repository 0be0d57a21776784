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
import { readCoreTitle, readRelationships, scanZipXml, type XmlAttrs } from "../ooxml";
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

/**
 * The text as it is written out: one line per paragraph or table row, the headings found, and the
 * page boundaries (a boundary with no text since the previous one counts once, unless both are
 * explicit breaks: a blank page).
 */
class DocxOutput {
  private parts: string[] = [];
  /** Characters written so far. */
  len = 0;
  readonly headings: Heading[] = [];
  private breaks: number[] = [];
  private lastBreak = 0; // offset of the last boundary (or document start)
  private joined = "";
  private joinedUpTo = 0;

  emitLine(line: string) {
    this.parts.push(line, "\n");
    this.len += line.length + 1;
  }

  addBreak(offset: number, hard: boolean) {
    const between = this.parts.length ? this.tail(this.lastBreak, offset) : "";
    if (!hard && between.trim() === "") return; // nothing since the last boundary
    if (this.breaks.length && this.breaks[this.breaks.length - 1] === offset && !hard) return;
    this.breaks.push(offset);
    this.lastBreak = offset;
  }

  /** Text since the last boundary, from the parts written so far. */
  private tail(from: number, to: number): string {
    if (this.joinedUpTo < this.parts.length) {
      this.joined += this.parts.slice(this.joinedUpTo).join("");
      this.joinedUpTo = this.parts.length;
    }
    return this.joined.slice(from, to);
  }

  finish(rendered: boolean): DocxText {
    let text = this.parts.join("");
    if (text.endsWith("\n")) text = text.slice(0, -1);
    return { text, headings: this.headings, breaks: this.breaks.filter((b) => b > 0 && b <= text.length), rendered };
  }
}

/** Deleted or moved (tracked) text, field codes, `mc:Fallback` duplicates and tracked property changes. */
const SKIP = /^(del|moveFrom|Fallback|instrText|delText|fldData)$|Change$/;

/**
 * Walks word/document.xml's elements: paragraphs and their properties, runs and what they hold,
 * text boxes and (nested) tables; writes finished paragraphs and rows to a DocxOutput.
 */
class DocxBodyReader {
  readonly out = new DocxOutput();
  private paras: Para[] = [];
  private tables: Table[] = [];
  private skip = 0; // inside deleted/moved/fallback/tracked-change content
  private inRun = 0;
  private capture = false;
  private inPPr = 0;
  private inSectPr = false;
  private textBox = 0;
  /** Word wrote its own rendered-page markers. */
  rendered = false;

  constructor(private readonly styles: Map<string, StyleInfo>) {}

  private cur(): Para | undefined {
    return this.paras[this.paras.length - 1];
  }

  private table(): Table | undefined {
    return this.tables[this.tables.length - 1];
  }

  // close() is called for self-closing elements too, so every counter counts them.
  open(name: string, a: XmlAttrs, selfClosing: boolean) {
    if (this.skip) {
      this.skip++;
      return;
    }
    if (SKIP.test(name)) {
      if (!selfClosing) this.skip = 1;
      return;
    }
    if (!this.openParagraphPart(name, a, selfClosing) && !this.openRunPart(name, a, selfClosing)) this.openContainer(name);
  }

  /** A paragraph and its properties: style, outline level, page break before, section break. */
  private openParagraphPart(name: string, a: XmlAttrs, selfClosing: boolean): boolean {
    const p = this.cur();
    switch (name) {
      case "p":
        this.paras.push({ text: "", breaks: [], sectionBreak: false, inTextBox: this.textBox > 0 });
        return true;
      case "pPr":
        this.inPPr++;
        return true;
      case "pStyle":
        if (p && this.inPPr) p.styleId = a.val;
        return true;
      case "outlineLvl":
        if (p && this.inPPr && a.val !== undefined) p.outline = Number(a.val);
        return true;
      case "pageBreakBefore":
        if (p && this.inPPr) p.pageBreakBefore = a.val !== "0" && a.val !== "false";
        return true;
      case "sectPr":
        if (p && this.inPPr) {
          p.sectionBreak = true;
          if (!selfClosing) this.inSectPr = true;
        }
        return true;
      case "type":
        if (p && this.inSectPr && (a.val === "continuous" || a.val === "nextColumn")) p.sectionBreak = false;
        return true;
    }
    return false;
  }

  /** A run and what it holds: text, tabs, line and page breaks, Word's rendered page markers. */
  private openRunPart(name: string, a: XmlAttrs, selfClosing: boolean): boolean {
    const p = this.cur();
    switch (name) {
      case "r":
        this.inRun++;
        return true;
      case "t":
        if (p && this.inRun && !selfClosing) this.capture = true;
        return true;
      case "tab":
      case "ptab":
        if (p && this.inRun && !this.inPPr) p.text += "\t";
        return true;
      case "br":
        if (p && this.inRun) {
          if (a.type === "page") p.breaks.push({ at: p.text.length, hard: true });
          else p.text += "\n";
        }
        return true;
      case "cr":
        if (p && this.inRun) p.text += "\n";
        return true;
      case "noBreakHyphen":
        if (p && this.inRun) p.text += "-";
        return true;
      case "lastRenderedPageBreak":
        if (p && !p.inTextBox) {
          p.breaks.push({ at: p.text.length, hard: false });
          this.rendered = true;
        }
        return true;
    }
    return false;
  }

  /** Text boxes and tables (rows and cells). */
  private openContainer(name: string): boolean {
    const t = this.table();
    switch (name) {
      case "txbxContent":
        this.textBox++;
        return true;
      case "tbl":
        this.tables.push({ row: null, cell: null, rowBreak: null });
        return true;
      case "tr":
        if (t) {
          t.row = [];
          t.rowBreak = null;
        }
        return true;
      case "tc":
        if (t && t.row) t.cell = [];
        return true;
    }
    return false;
  }

  close(name: string) {
    if (this.skip) {
      this.skip--;
      return;
    }
    switch (name) {
      case "p":
        this.closePara();
        break;
      case "pPr":
        this.inPPr = Math.max(0, this.inPPr - 1);
        break;
      case "sectPr":
        this.inSectPr = false;
        break;
      case "r":
        this.inRun = Math.max(0, this.inRun - 1);
        break;
      case "t":
        this.capture = false;
        break;
      case "txbxContent":
        this.textBox = Math.max(0, this.textBox - 1);
        break;
      case "tc": {
        const t = this.table();
        if (t && t.row && t.cell) t.row.push(t.cell.join(" ").replace(/\n/g, " ").trim());
        if (t) t.cell = null;
        break;
      }
      case "tr":
        this.closeRow();
        break;
      case "tbl":
        this.tables.pop();
        break;
    }
  }

  text(t: string) {
    if (this.capture && !this.skip) {
      const p = this.cur();
      if (p) p.text += t;
    }
  }

  /** A finished paragraph: into its table cell, or written out with its breaks and heading. */
  closePara() {
    const p = this.paras.pop();
    if (!p) return;
    const table = this.table();
    if (table && table.cell && !p.inTextBox) {
      table.cell.push(p.text);
      if (p.breaks.length && !table.rowBreak) table.rowBreak = { hard: p.breaks.some((b) => b.hard) };
      return;
    }
    const { out, styles } = this;
    const start = out.len;
    out.emitLine(p.text);
    if (!p.inTextBox && (p.pageBreakBefore ?? stylePageBreakBefore(styles, p.styleId))) out.addBreak(start, false);
    if (!p.inTextBox) for (const b of p.breaks) out.addBreak(start + b.at, b.hard);
    if (!table && !p.inTextBox) {
      const level = p.outline !== undefined ? (p.outline <= 8 ? p.outline + 1 : undefined) : styleHeadingLevel(styles, p.styleId);
      const title = p.text.replace(/\s+/g, " ").trim();
      if (level !== undefined && title) out.headings.push({ offset: start, bodyStart: out.len, level, title });
    }
    if (p.sectionBreak && !p.inTextBox) out.addBreak(out.len, false);
  }

  /** A finished table row: one line, cells joined by " | "; a nested table's row goes into the outer cell. */
  private closeRow() {
    const t = this.table();
    if (!t || !t.row) return;
    const cells = t.row;
    while (cells.length && cells[cells.length - 1] === "") cells.pop();
    const line = cells.join(" | ");
    const rowBreak = t.rowBreak;
    t.row = null;
    t.rowBreak = null;
    const parent = this.tables[this.tables.length - 2];
    if (parent && parent.cell) {
      if (line) parent.cell.push(line);
      if (rowBreak && !parent.rowBreak) parent.rowBreak = rowBreak;
    } else if (this.textBox > 0 && this.cur()) {
      // a table inside a text box: keep its text with the box
      this.out.emitLine(line);
    } else {
      if (rowBreak) this.out.addBreak(this.out.len, rowBreak.hard);
      this.out.emitLine(line);
    }
  }

  finish(): DocxText {
    while (this.paras.length) this.closePara();
    return this.out.finish(this.rendered);
  }
}

/** Reads the main document part into plain text + headings + page-break offsets. */
export async function readDocxText(path: string, dir: ZipDirectory): Promise<DocxText> {
  const rootRels = await readRelationships(path, dir, "");
  const docPart =
    rootRels.find((r) => /\/officeDocument$/.test(r.type) && !r.external && findEntry(dir, r.target))?.target ?? "word/document.xml";
  const entry = findEntry(dir, docPart);
  if (!entry) throw new MandaError("bad_request:corrupt_file", "This Word file is damaged: it has no document part.");
  const reader = new DocxBodyReader(await readStyles(path, dir, docPart));
  await scanZipXml(path, entry, {
    open: (name, a, selfClosing) => reader.open(name, a, selfClosing),
    close: (name) => reader.close(name),
    text: (t) => reader.text(t),
  });
  return reader.finish();
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
