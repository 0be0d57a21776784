import { MandaError } from "@/lib/errors";
import { getPdfPool, PdfPoolUnavailableError } from "../pdf-pool";
import type { ParseInput, ParseResult, ParsedPage } from "../types";
import { openPdf } from "../workers/pdf-engine.mjs";

export { assemblePageText } from "../workers/pdf-text.mjs";

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
 * The page stream handed to ingestion: parser errors become MandaErrors, and `return()`
 * releases the parser even before the first page is read (a generator that never started
 * skips its `finally`, which would leave the document open and a pool thread busy).
 */
function classified(pages: AsyncGenerator<ParsedPage>, release: () => unknown): AsyncIterableIterator<ParsedPage> {
  let started = false;
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      started = true;
      try {
        return await pages.next();
      } catch (e) {
        throw classify(e);
      }
    },
    async return(value?: unknown) {
      if (started) await pages.return(undefined);
      else await release();
      return { done: true, value } as IteratorReturnResult<unknown> as IteratorResult<ParsedPage>;
    },
  };
}

/**
 * PDF → one page per PDF page, yielded lazily. Parsing runs on the PDF worker pool
 * (lib/ingest/pdf-pool.ts) when available, else in this thread (`inThread: true` forces
 * that). Either way pages stream in small batches and each pdfjs page is released after its
 * text is taken, so memory stays bounded by the file bytes plus a few pages, whatever the
 * page count. Parsing starts at once: pages are prefetched while the caller is busy.
 */
export async function parsePdf(input: ParseInput, { inThread = false }: { inThread?: boolean } = {}): Promise<ParseResult> {
  const pool = inThread ? null : getPdfPool();
  if (pool) {
    try {
      const doc = await pool.parse(input.path);
      return { format: "pdf", labelling: "native", pageCount: doc.pageCount, title: doc.title, pages: classified(doc.pages, doc.cancel) };
    } catch (e) {
      if (!(e instanceof PdfPoolUnavailableError)) throw classify(e);
      // The pool could not run (no worker threads here): parse in this thread instead.
    }
  }
  let doc;
  try {
    doc = await openPdf(input.path);
  } catch (e) {
    throw classify(e);
  }
  const opened = doc;
  return { format: "pdf", labelling: "native", pageCount: doc.pageCount, title: doc.title, pages: classified(doc.pages, () => opened.destroy()) };
}
