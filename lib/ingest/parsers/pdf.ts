import fs from "node:fs/promises";
import { getDocument, type PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { MandaError } from "@/lib/errors";
import type { ParseInput, ParseResult, ParsedPage, TextSpan } from "../types";

interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

/** Builds page text in reading order and keeps a span per text run for highlighting. */
export function assemblePageText(items: PdfTextItem[], pageHeight: number): { text: string; spans: TextSpan[] } {
  let text = "";
  const spans: TextSpan[] = [];
  let prev: { x: number; y: number; endX: number; size: number; eol: boolean } | undefined;
  for (const it of items) {
    const [, , , d, x, y] = it.transform;
    const size = Math.abs(d) || it.height || 10;
    if (prev && !prev.eol) {
      if (Math.abs(y - prev.y) > size * 0.6) text += "\n";
      else if (x - prev.endX > size * 0.15 && !/\s$/.test(text) && !/^\s/.test(it.str)) text += " ";
    }
    if (it.str.length > 0) {
      spans.push({
        start: text.length,
        length: it.str.length,
        x: round(x),
        y: round(pageHeight - y - size),
        width: round(it.width),
        height: round(size),
      });
      text += it.str;
    }
    if (it.hasEOL) text += "\n";
    prev = { x, y, endX: x + it.width, size, eol: it.hasEOL };
  }
  return { text: text.replace(/[ \t]+\n/g, "\n").trimEnd(), spans };
}

const round = (n: number) => Math.round(n * 100) / 100;

function classify(e: unknown): MandaError {
  const name = (e as { name?: string })?.name ?? "";
  if (name === "PasswordException") {
    return new MandaError("bad_request:encrypted", "This PDF is password-protected; upload an unencrypted copy.", { cause: e });
  }
  if (name === "InvalidPDFException" || name === "FormatError" || name === "UnknownErrorException") {
    return new MandaError("bad_request:corrupt_file", "This PDF is damaged or incomplete and cannot be read.", { cause: e });
  }
  return new MandaError("bad_request:corrupt_file", "This PDF could not be read.", { cause: e });
}

/**
 * PDF → one page per PDF page, yielded lazily. Each page is released after its text is
 * taken, so memory stays bounded by the file bytes plus one page, whatever the page count.
 */
export async function parsePdf(input: ParseInput): Promise<ParseResult> {
  const data = new Uint8Array(await fs.readFile(input.path));
  let doc: PDFDocumentProxy;
  try {
    doc = await getDocument({
      data,
      useSystemFonts: false,
      disableFontFace: true,
      isEvalSupported: false,
      stopAtErrors: false,
      verbosity: 0,
    }).promise;
  } catch (e) {
    throw classify(e);
  }
  let title: string | undefined;
  try {
    const meta = await doc.getMetadata();
    const t = (meta.info as { Title?: unknown } | undefined)?.Title;
    if (typeof t === "string" && t.trim()) title = t.trim();
  } catch {
    /* metadata is optional */
  }
  const pageCount = doc.numPages;
  async function* pages(): AsyncGenerator<ParsedPage> {
    try {
      for (let n = 1; n <= pageCount; n++) {
        let page;
        try {
          page = await doc.getPage(n);
        } catch (e) {
          throw classify(e);
        }
        const viewport = page.getViewport({ scale: 1 });
        const content = await page.getTextContent();
        const items = content.items.filter((i): i is PdfTextItem => "str" in i);
        const { text, spans } = assemblePageText(items, viewport.height);
        page.cleanup();
        yield { pageNumber: n, text, spans, width: round(viewport.width), height: round(viewport.height) };
      }
    } finally {
      await doc.destroy();
    }
  }
  return { format: "pdf", labelling: "native", pageCount, title, pages: pages() };
}
