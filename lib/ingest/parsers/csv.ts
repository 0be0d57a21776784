/**
 * CSV/TSV: RFC 4180 (quoted fields, doubled quotes, line breaks inside quotes),
 * delimiter detected among `,` `;` tab `|` (an Excel `sep=x` first line wins;
 * `.tsv` means tab). One page (label = filename) in the same text form as a
 * worksheet; refs use the file's base name as the sheet name, the way Excel
 * names the sheet when it opens a CSV: `sales_2023!B4`.
 *
 * Records are read by csv-parse (quoted fields, doubled quotes, line breaks in
 * quotes, CRLF/LF/CR, chunks split anywhere), lenient where real exports are
 * sloppy: a quote inside a field and text after a closing quote are kept
 * literally; rows may differ in length; an empty line still counts as a row (so
 * cell refs match the row numbers a spreadsheet shows); a quote never closed
 * makes the whole file read again with quotes as plain characters, so nothing
 * after it is lost.
 */
import { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { MandaError } from "@/lib/errors";
import type { ParsedPage, ParseInput, ParseResult, Parser } from "../types";
import { type Delimiter, detectDelimiter, detectFileEncoding, sniffFormat, streamDecodedText } from "../sniff";
import { SheetPageBuilder } from "./sheet-text";
import { parsePrintedNumber } from "@/lib/metrics/printed-number";

/** A quote opened and never closed: the file is read again with quotes as plain characters. */
const UNCLOSED_QUOTE = "CSV_QUOTE_NOT_CLOSED";

/**
 * The records of decoded CSV text, by csv-parse. `quoting: false` reads quotes as ordinary
 * characters (the fallback for a file whose quotes do not balance, so its tail is not lost).
 */
export async function* readCsvRecords(
  chunks: AsyncIterable<string> | Iterable<string>,
  delimiter: string,
  quoting = true,
): AsyncGenerator<string[]> {
  const parser = parse({
    delimiter,
    quote: quoting ? '"' : false,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: false,
    record_delimiter: ["\r\n", "\n", "\r"],
  });
  const source = Readable.from(chunks, { objectMode: false });
  source.on("error", (err) => parser.destroy(err));
  source.pipe(parser);
  for await (const rec of parser) yield rec as string[];
}

function isUnclosedQuote(err: unknown): boolean {
  return err instanceof CsvError && err.code === UNCLOSED_QUOTE;
}

/**
 * A number when the text is clearly one: `1200`, `-3.5`, `1,234.50`, `12%`,
 * and with `decimalComma` (semicolon files) `1234,56` / `1.234,56` / `1 234,56`.
 * Identifiers with leading zeros (`00123`) are not numbers.
 */
export function parseLooseNumber(raw: string, decimalComma: boolean): number | undefined {
  const s = raw.trim();
  if (s.length > 40 || /^[-+]?0\d/.test(s.replace(/%$/, "").trim())) return undefined;
  // in a decimal-comma file a point may still be a decimal, unless it reads as a thousands group ("1.234")
  const n = decimalComma
    ? (parsePrintedNumber(s, { decimalComma: "always" }) ?? (/^[-+]?\d{1,3}\.\d{3}%?$/.test(s) ? null : parsePrintedNumber(s)))
    : parsePrintedNumber(s);
  // a cell is a number only as plain as a spreadsheet writes one: no currency, no scale word, no dash for nil
  if (!n || n.value === null || n.currency || n.scale !== 1) return undefined;
  return n.percent ? n.value / 100 : n.value;
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
  const fill = async (quoting: boolean): Promise<SheetPageBuilder> => {
    const builder = new SheetPageBuilder(sheetName);
    let row = 0;
    let skippedSep = !hasSepLine;
    for await (const fields of readCsvRecords(streamDecodedText(input.path, encoding), delimiter, quoting)) {
      if (!skippedSep) {
        skippedSep = true;
        continue;
      }
      row++;
      for (let c = 0; c < fields.length; c++) {
        const v = fields[c]!;
        if (v.trim() === "") continue;
        const num = parseLooseNumber(v, decimalComma);
        builder.add(num === undefined ? { row, col: c + 1, value: v } : { row, col: c + 1, value: v, num });
      }
    }
    return builder;
  };
  let builder: SheetPageBuilder;
  try {
    builder = await fill(true);
  } catch (err) {
    if (!isUnclosedQuote(err)) throw err;
    builder = await fill(false);
  }
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
