// PDF text extraction with pdfjs (legacy build), shared by the parser thread pool
// (pdf-worker.mjs) and the in-thread fallback (lib/ingest/parsers/pdf.ts). Plain
// JavaScript so a worker thread can run it without a TypeScript loader.
import fs from "node:fs/promises";
import { assemblePageText, round } from "./pdf-text.mjs";

/** @type {Promise<typeof import("pdfjs-dist/legacy/build/pdf.mjs")> | undefined} */
let loading;

/**
 * Loads pdfjs once per thread. The worker half is imported up front so every document
 * reuses one in-thread "fake worker" instead of importing it per document.
 *
 * Both bundles ship core-js, which on Node 20 (V8 11) replaces process-wide builtins with
 * much slower polyfills: `Array.prototype.push`, because V8 < 12.2 does not throw on `push`
 * to a frozen-length array (https://crbug.com/v8/12681), and `JSON.stringify`/`JSON.parse`,
 * for the JSON.rawJSON / source-text proposal (5-7× slower on page spans). Neither pdfjs
 * nor Manda pushes onto frozen-length arrays or array-likes longer than 2^32, or uses
 * JSON.rawJSON or reviver source text, so the native functions are put back once both
 * bundles have loaded (tests/unit/ingest-pdf-pool.test.ts checks pdfjs output is unchanged).
 */
export function loadPdfjs() {
  loading ??= (async () => {
    const natives = [
      [Array.prototype, "push", Array.prototype.push],
      [JSON, "stringify", JSON.stringify],
      [JSON, "parse", JSON.parse],
    ];
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    // Sets globalThis.pdfjsWorker, which pdfjs then uses as its in-thread worker.
    await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    for (const [owner, key, fn] of natives) {
      const d = Object.getOwnPropertyDescriptor(owner, key);
      if (d && d.value !== fn) Object.defineProperty(owner, key, { ...d, value: fn });
    }
    return pdfjs;
  })();
  return loading;
}

/**
 * Opens a PDF file and returns its page count, title and a lazy page iterator. Each page
 * is released after its text is taken; the document is destroyed when iteration ends
 * (or is abandoned through `return()`). Errors keep pdfjs's exception names
 * (PasswordException, InvalidPDFException …) for the caller to classify.
 * @param {string} path
 */
export async function openPdf(path) {
  const pdfjs = await loadPdfjs();
  const data = new Uint8Array(await fs.readFile(path));
  const doc = await pdfjs.getDocument({
    data,
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    stopAtErrors: false,
    verbosity: 0,
  }).promise;
  /** @type {string | undefined} */
  let title;
  try {
    const meta = await doc.getMetadata();
    const t = /** @type {{ Title?: unknown } | undefined} */ (meta.info)?.Title;
    if (typeof t === "string" && t.trim()) title = t.trim();
  } catch {
    /* metadata is optional */
  }
  const pageCount = doc.numPages;
  async function* pages() {
    try {
      for (let n = 1; n <= pageCount; n++) {
        const page = await doc.getPage(n);
        const viewport = page.getViewport({ scale: 1 });
        const content = await page.getTextContent();
        const items = /** @type {any[]} */ (content.items).filter((i) => "str" in i);
        const { text, spans } = assemblePageText(items, viewport.height);
        page.cleanup();
        yield { pageNumber: n, text, spans, width: round(viewport.width), height: round(viewport.height) };
      }
    } finally {
      await doc.destroy();
    }
  }
  return { pageCount, title, pages: pages(), destroy: () => doc.destroy() };
}
