/**
 * CSV/TSV: RFC 4180 (quoted fields, doubled quotes, line breaks inside quotes),
 * delimiter detected among `,` `;` tab `|` (an Excel `sep=x` first line wins;
 * `.tsv` means tab). One page (label = filename) in the same text form as a
 * worksheet; refs use the file's base name as the sheet name, the way Excel
 * names the sheet when it opens a CSV: `sales_2023!B4`.
 *
 * Lenient where real exports are sloppy: a quote inside an unquoted field is
 * kept literally; text after a closing quote is appended to the field.
 */
import { MandaError } from "@/lib/errors";
import type { ParsedPage, ParseInput, ParseResult, Parser } from "../types";
import { type Delimiter, detectDelimiter, detectFileEncoding, sniffFormat, streamDecodedText } from "../sniff";
import { SheetPageBuilder } from "./sheet-text";

/** RFC 4180 state machine fed with decoded chunks. */
export class CsvReader {
  private field = "";
  private fields: string[] = [];
  private inQuotes = false;
  private quotedField = false;
  private pendingQuote = false; // saw `"` inside quotes at a chunk end
  private skipLf = false;
  private atFieldStart = true;

  constructor(
    private readonly delimiter: string,
    private readonly onRecord: (fields: string[]) => void,
  ) {}

  write(s: string): void {
    const d = this.delimiter;
    let i = 0;
    if (this.pendingQuote) {
      this.pendingQuote = false;
      if (s.length > 0 && s[0] === '"') {
        this.field += '"';
        i = 1;
      } else this.inQuotes = false;
    }
    for (; i < s.length; i++) {
      const c = s[i]!;
      if (this.skipLf) {
        this.skipLf = false;
        if (c === "\n") continue;
      }
      if (this.inQuotes) {
        if (c === '"') {
          if (i + 1 === s.length) {
            this.pendingQuote = true;
          } else if (s[i + 1] === '"') {
            this.field += '"';
            i++;
          } else this.inQuotes = false;
        } else {
          // Copy a run of ordinary quoted characters at once.
          const q = s.indexOf('"', i);
          const stop = q < 0 ? s.length : q;
          this.field += s.slice(i, stop);
          i = stop - 1;
        }
        continue;
      }
      if (c === '"' && this.atFieldStart) {
        this.inQuotes = true;
        this.quotedField = true;
        this.atFieldStart = false;
      } else if (c === d) {
        this.endField();
      } else if (c === "\r") {
        this.endRecord();
        this.skipLf = true;
      } else if (c === "\n") {
        this.endRecord();
      } else {
        this.field += c;
        this.atFieldStart = false;
      }
    }
  }

  end(): void {
    if (this.pendingQuote) {
      this.pendingQuote = false;
      this.inQuotes = false;
    }
    if (this.fields.length > 0 || this.field !== "" || this.quotedField) this.endRecord();
  }

  private endField(): void {
    this.fields.push(this.field);
    this.field = "";
    this.quotedField = false;
    this.atFieldStart = true;
  }

  private endRecord(): void {
    this.endField();
    const rec = this.fields;
    this.fields = [];
    this.onRecord(rec);
  }
}

/**
 * A number when the text is clearly one: `1200`, `-3.5`, `1,234.50`, `12%`,
 * and with `decimalComma` (semicolon files) `1234,56` / `1.234,56` / `1 234,56`.
 * Identifiers with leading zeros (`00123`) are not numbers.
 */
export function parseLooseNumber(raw: string, decimalComma: boolean): number | undefined {
  let s = raw.trim();
  if (s === "" || s.length > 40) return undefined;
  let scale = 1;
  if (s.endsWith("%")) {
    scale = 0.01;
    s = s.slice(0, -1).trim();
  }
  if (/^[-+]?0\d/.test(s)) return undefined;
  let norm: string | null = null;
  if (/^[-+]?(\d+(\.\d+)?|\.\d+)([eE][-+]?\d+)?$/.test(s) && !(decimalComma && /^[-+]?\d{1,3}\.\d{3}$/.test(s))) norm = s;
  else if (!decimalComma && /^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) norm = s.replace(/,/g, "");
  else if (decimalComma && /^[-+]?\d+,\d+$/.test(s)) norm = s.replace(",", ".");
  else if (decimalComma && /^[-+]?\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) norm = s.replace(/\./g, "").replace(",", ".");
  else if (/^[-+]?\d{1,3}([ \u00a0\u202f]\d{3})+([.,]\d+)?$/.test(s)) norm = s.replace(/[ \u00a0\u202f]/g, "").replace(",", ".");
  if (norm === null) return undefined;
  const n = Number(norm) * scale;
  return Number.isFinite(n) ? n : undefined;
}

function baseName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? filename;
  const dot = base.lastIndexOf(".");
  return (dot > 0 ? base.slice(0, dot) : base) || "Sheet1";
}

async function* csvPages(input: ParseInput): AsyncGenerator<ParsedPage> {
  const { encoding } = await detectFileEncoding(input.path);
  let delimiter: Delimiter = ",";
  let head = "";
  for await (const s of streamDecodedText(input.path, encoding)) {
    head += s;
    if (head.length >= 64 * 1024) break;
  }
  const hasSepLine = /^sep=.\r?\n/.test(head);
  if (/\.tsv$/i.test(input.filename)) delimiter = "\t";
  else delimiter = detectDelimiter(head, true)?.delimiter ?? ",";
  const decimalComma = delimiter === ";";

  const sheetName = baseName(input.filename);
  const builder = new SheetPageBuilder(sheetName);
  let row = 0;
  let skippedSep = !hasSepLine;
  const reader = new CsvReader(delimiter, (fields) => {
    if (!skippedSep) {
      skippedSep = true;
      return;
    }
    row++;
    for (let c = 0; c < fields.length; c++) {
      const v = fields[c]!;
      if (v.trim() === "") continue;
      const num = parseLooseNumber(v, decimalComma);
      builder.add(num === undefined ? { row, col: c + 1, value: v } : { row, col: c + 1, value: v, num });
    }
  });
  for await (const s of streamDecodedText(input.path, encoding)) reader.write(s);
  reader.end();
  const { text, cells } = builder.build();
  yield { pageNumber: 1, text, label: input.filename, cells };
}

export const parseCsv: Parser = async (input: ParseInput): Promise<ParseResult> => {
  const format = await sniffFormat(input.path, input.filename);
  if (format !== "csv" && format !== "text") {
    throw new MandaError("unsupported:format", `This file is ${format === "pdf" ? "a PDF" : `a ${format.toUpperCase()} file`}, not CSV.`);
  }
  return { format: "csv", labelling: "sheet", pageCount: 1, pages: csvPages(input) };
};
