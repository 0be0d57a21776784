// Plain JavaScript (no TypeScript, no path aliases) so the PDF worker thread can load it
// without a TypeScript loader; lib/ingest/parsers/pdf.ts imports the same code.

/** @param {number} n */
export const round = (n) => Math.round(n * 100) / 100;

/**
 * Builds page text in reading order and keeps a span per text run for highlighting.
 * @param {Array<{ str: string; transform: number[]; width: number; height: number; hasEOL: boolean }>} items
 * @param {number} pageHeight
 */
export function assemblePageText(items, pageHeight) {
  let text = "";
  /** @type {Array<{ start: number; length: number; x: number; y: number; width: number; height: number }>} */
  const spans = [];
  /** @type {{ x: number; y: number; endX: number; size: number; eol: boolean } | undefined} */
  let prev;
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
