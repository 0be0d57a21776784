/**
 * A small layout helper over pdf-lib (StandardFonts Helvetica, WinAnsi text only).
 *
 * Pages are laid out explicitly by the caller (one array of blocks per page); a block
 * that does not fit throws instead of flowing to the next page, so planted facts stay on
 * the page facts.ts says. Every line is its own text object drawn top to bottom, and each
 * table row is drawn on one baseline, so pdf.js extracts text in reading order with one
 * table row per line. No random IDs and fixed metadata dates: the bytes are reproducible.
 */
import { PDFDocument, StandardFonts } from "pdf-lib";
import { PageWriter, THEMES, type Fonts } from "./pdf-page";

export { wrap } from "./pdf-page";

export type Align = "left" | "right";
export interface TableColumn {
  header: string;
  /** Points. */
  width: number;
  align?: Align;
}
export interface TableRow {
  cells: readonly string[];
  bold?: boolean;
  /** Draw a rule above the row (totals). */
  rule?: boolean;
}

export type Block =
  | { kind: "title"; text: string }
  | { kind: "subtitle"; text: string }
  | { kind: "heading"; text: string }
  | { kind: "subheading"; text: string }
  | { kind: "paragraph"; text: string; italic?: boolean }
  | { kind: "bullets"; items: readonly string[] }
  | { kind: "notice"; title: string; paragraphs: readonly string[] }
  | { kind: "table"; columns: readonly TableColumn[]; rows: readonly TableRow[] }
  | { kind: "spacer"; height: number };

export interface PdfSpec {
  title: string;
  subject: string;
  author: string;
  keywords: readonly string[];
  /** Used for CreationDate and ModDate. */
  date: Date;
  style: "report" | "slides";
  header?: { left: string; right: string };
  footer: { left: string; pageLabel: (page: number, total: number) => string };
  pages: readonly (readonly Block[])[];
}

const PRODUCER = "Manda demo data room generator (pdf-lib)";

/** Plain text of a block, as the self-check and tests see it (table cells joined by spaces). */
export function blockText(block: Block): string {
  switch (block.kind) {
    case "bullets":
      return block.items.join(" ");
    case "notice":
      return [block.title, ...block.paragraphs].join(" ");
    case "table":
      return [block.columns.map((c) => c.header).join(" "), ...block.rows.map((r) => r.cells.join(" "))].join(" ");
    case "spacer":
      return "";
    default:
      return block.text;
  }
}

export async function renderPdf(spec: PdfSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(spec.title);
  doc.setSubject(spec.subject);
  doc.setAuthor(spec.author);
  doc.setKeywords([...spec.keywords]);
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setLanguage("en-GB");
  doc.setCreationDate(spec.date);
  doc.setModificationDate(spec.date);
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  const theme = THEMES[spec.style];
  spec.pages.forEach((blocks, i) => {
    const page = doc.addPage(theme.size);
    const ctx = new PageWriter(page, fonts, theme, `${spec.title}, page ${i + 1}`);
    if (spec.header) ctx.header(spec.header.left, spec.header.right);
    for (const block of blocks) ctx.block(block);
    ctx.footer(spec.footer.left, spec.footer.pageLabel(i + 1, spec.pages.length));
  });
  return doc.save({ useObjectStreams: false });
}

