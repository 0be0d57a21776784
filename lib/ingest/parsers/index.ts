import { sniffFormat } from "../sniff";
import type { DocumentFormat, ParseInput, ParseResult, Parser } from "../types";

/** Parsers load on demand: ingesting PDFs never loads the spreadsheet or Word libraries. */
const PARSERS: Record<DocumentFormat, () => Promise<Parser>> = {
  pdf: async () => (await import("./pdf")).parsePdf,
  xlsx: async () => (await import("./xlsx")).parseXlsx,
  csv: async () => (await import("./csv")).parseCsv,
  docx: async () => (await import("./docx")).parseDocx,
  text: async () => (await import("./text")).parseText,
};

/** Detects the format from the bytes (never the extension) and parses with the right parser. */
export async function parseDocument(input: ParseInput): Promise<ParseResult> {
  const format = await sniffFormat(input.path, input.filename);
  const parser = await PARSERS[format]();
  return parser(input);
}
