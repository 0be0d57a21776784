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
      if (Math.abs(y - prev.y) > size * 0.6) text = endLine(text, spans);
      else if (x - prev.endX > size * 0.15 && !endsInSpace(text) && !/^\s/.test(it.str)) text += " ";
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
    if (it.hasEOL) text = endLine(text, spans);
    prev = { x, y, endX: x + it.width, size, eol: it.hasEOL };
  }
  const end = trimTrailing(text.trimEnd().length, text, spans);
  return { text: end, spans: spans.filter((sp) => sp.length > 0) };
}

/**
 * Ends the current line. Trailing blanks are dropped before the newline (not afterwards), so
 * every span's offset stays where its run is in the final text: the viewer's highlight and the
 * statement reader's columns depend on it.
 * @param {string} text
 * @param {Array<{ start: number; length: number }>} spans
 */
function endLine(text, spans) {
  let keep = text.length;
  while (keep > 0 && (text.charCodeAt(keep - 1) === 32 || text.charCodeAt(keep - 1) === 9)) keep--;
  return `${trimTrailing(keep, text, spans)}\n`;
}

/**
 * /\s$/.test(text) by its last character only: a pattern anchored at the end is tried from every
 * position of the page text so far, once per text run and per line (issue 23's profile: ~1 % of
 * a parse thread's time).
 * @param {string} text
 */
function endsInSpace(text) {
  return text.length > 0 && /\s/.test(text[text.length - 1]);
}

/**
 * Cuts the text to `keep` characters and shortens the spans that ran into the cut blanks.
 * @param {number} keep
 * @param {string} text
 * @param {Array<{ start: number; length: number }>} spans
 */
function trimTrailing(keep, text, spans) {
  for (let i = spans.length - 1; i >= 0 && spans[i].start + spans[i].length > keep; i--) spans[i].length = Math.max(0, keep - spans[i].start);
  return text.slice(0, keep);
}
