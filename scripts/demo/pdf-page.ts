/** One page of a demo PDF: header, blocks laid out top to bottom, footer (see pdf.ts). */
import { rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { Block, PdfSpec, TableColumn, TableRow } from "./pdf";

/** Greedy word wrap; never hyphenates. */
export function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}


export interface Theme {
  size: [number, number];
  margin: { left: number; right: number; top: number; bottom: number };
  font: { title: number; subtitle: number; heading: number; subheading: number; body: number; table: number; chrome: number };
}

const A4: [number, number] = [595.28, 841.89];
export const THEMES: Record<PdfSpec["style"], Theme> = {
  report: {
    size: A4,
    margin: { left: 60, right: 60, top: 78, bottom: 70 },
    font: { title: 22, subtitle: 12, heading: 14, subheading: 11, body: 10, table: 9, chrome: 8 },
  },
  slides: {
    size: [A4[1], A4[0]],
    margin: { left: 56, right: 56, top: 70, bottom: 62 },
    font: { title: 30, subtitle: 16, heading: 22, subheading: 15, body: 14, table: 13, chrome: 9 },
  },
};

export const INK = rgb(0.1, 0.1, 0.12);
export const ACCENT = rgb(0.05, 0.25, 0.45);
export const MUTED = rgb(0.42, 0.42, 0.45);

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

export class PageWriter {
  private y: number;
  private readonly left: number;
  private readonly right: number;

  constructor(
    private readonly page: PDFPage,
    private readonly fonts: Fonts,
    private readonly theme: Theme,
    private readonly where: string,
  ) {
    this.y = theme.size[1] - theme.margin.top;
    this.left = theme.margin.left;
    this.right = theme.size[0] - theme.margin.right;
  }

  private get width(): number {
    return this.right - this.left;
  }

  private text(s: string, x: number, y: number, font: PDFFont, size: number, color = INK): void {
    if (s) this.page.drawText(s, { x, y, size, font, color });
  }

  private rule(y: number, thickness = 0.5, color = MUTED): void {
    this.page.drawLine({ start: { x: this.left, y }, end: { x: this.right, y }, thickness, color });
  }

  /** Move down by `height` for a line, throwing if the page would overflow. */
  private take(height: number): number {
    if (this.y - height < this.theme.margin.bottom) {
      throw new Error(`PDF layout overflow on ${this.where}: content does not fit, move a block to another page`);
    }
    this.y -= height;
    return this.y;
  }

  header(left: string, right: string): void {
    const size = this.theme.font.chrome;
    const y = this.theme.size[1] - this.theme.margin.top + 30;
    this.text(left, this.left, y, this.fonts.bold, size, MUTED);
    this.text(right, this.right - this.fonts.regular.widthOfTextAtSize(right, size), y, this.fonts.regular, size, MUTED);
    this.rule(y - 6);
  }

  footer(left: string, label: string): void {
    const size = this.theme.font.chrome;
    const y = this.theme.margin.bottom - 30;
    this.rule(y + 12);
    this.text(left, this.left, y, this.fonts.regular, size, MUTED);
    this.text(label, this.right - this.fonts.regular.widthOfTextAtSize(label, size), y, this.fonts.regular, size, MUTED);
  }

  private lines(text: string, font: PDFFont, size: number, color = INK, indent = 0, gapAfter = 0.6): void {
    for (const line of wrap(text, font, size, this.width - indent)) {
      this.text(line, this.left + indent, this.take(size * 1.4), font, size, color);
    }
    this.y -= size * gapAfter;
  }

  block(b: Block): void {
    const f = this.theme.font;
    switch (b.kind) {
      case "title":
        return this.lines(b.text, this.fonts.bold, f.title, ACCENT, 0, 0.4);
      case "subtitle":
        return this.lines(b.text, this.fonts.regular, f.subtitle, MUTED, 0, 0.5);
      case "heading":
        this.y -= f.heading * 0.5;
        this.lines(b.text, this.fonts.bold, f.heading, ACCENT, 0, 0.2);
        this.rule(this.y, 0.8, ACCENT);
        this.y -= f.heading * 0.6;
        return;
      case "subheading":
        this.y -= f.subheading * 0.3;
        return this.lines(b.text, this.fonts.bold, f.subheading, INK, 0, 0.3);
      case "paragraph":
        return this.lines(b.text, b.italic ? this.fonts.italic : this.fonts.regular, f.body);
      case "bullets":
        for (const item of b.items) {
          // The bullet is drawn first, on the first line's baseline, so it precedes the item in reading order.
          this.text("•", this.left + 2, this.y - f.body * 1.4, this.fonts.regular, f.body, ACCENT);
          this.lines(item, this.fonts.regular, f.body, INK, f.body * 1.3, 0.35);
        }
        this.y -= f.body * 0.4;
        return;
      case "notice":
        return this.notice(b.title, b.paragraphs);
      case "table":
        return this.table(b.columns, b.rows);
      case "spacer":
        this.y -= b.height;
        return;
    }
  }

  private notice(title: string, paragraphs: readonly string[]): void {
    const size = this.theme.font.body;
    const pad = 10;
    const inner = this.width - 2 * pad;
    const wrapped = paragraphs.map((p) => wrap(p, this.fonts.regular, size, inner));
    const lineCount = 1 + wrapped.reduce((n, p) => n + p.length, 0);
    const height = lineCount * size * 1.4 + (paragraphs.length - 1) * size * 0.5 + 2 * pad;
    const top = this.y;
    if (top - height < this.theme.margin.bottom) throw new Error(`PDF layout overflow on ${this.where}: notice does not fit`);
    this.page.drawRectangle({ x: this.left, y: top - height, width: this.width, height, borderColor: ACCENT, borderWidth: 1.2, color: rgb(0.94, 0.96, 0.99) });
    this.y -= pad;
    this.text(title, this.left + pad, this.take(size * 1.4), this.fonts.bold, size, ACCENT);
    wrapped.forEach((lines, i) => {
      if (i > 0) this.y -= size * 0.5;
      for (const line of lines) this.text(line, this.left + pad, this.take(size * 1.4), this.fonts.regular, size);
    });
    this.y = top - height - size;
  }

  private table(columns: readonly TableColumn[], rows: readonly TableRow[]): void {
    const size = this.theme.font.table;
    const total = columns.reduce((w, c) => w + c.width, 0);
    if (total > this.width + 0.01) throw new Error(`Table wider than the page on ${this.where}`);
    const xs = columns.map((_, i) => this.left + columns.slice(0, i).reduce((w, c) => w + c.width, 0));
    const rowHeight = size * 1.55;
    const drawRow = (cells: readonly string[], font: PDFFont, color = INK) => {
      const y = this.take(rowHeight);
      cells.forEach((cell, i) => {
        const col = columns[i];
        if (!col) throw new Error(`Row has more cells than columns on ${this.where}: ${cells.join(" | ")}`);
        const w = font.widthOfTextAtSize(cell, size);
        if (w > col.width - 4) throw new Error(`Cell "${cell}" too wide for its column on ${this.where}`);
        const x = col.align === "right" ? xs[i] + col.width - w : xs[i];
        this.text(cell, x, y, font, size, color);
      });
    };
    drawRow(columns.map((c) => c.header), this.fonts.bold, ACCENT);
    this.rule(this.y - size * 0.45, 0.8, ACCENT);
    this.y -= size * 0.3;
    for (const row of rows) {
      if (row.rule) this.rule(this.y - size * 0.25);
      drawRow(row.cells, row.bold ? this.fonts.bold : this.fonts.regular);
    }
    this.y -= size;
  }
}
