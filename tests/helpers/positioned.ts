import type { TextSpan } from "@/lib/ingest/types";

/**
 * A page's text and text runs built from lines of cells at given x positions (one run per cell, a
 * blank run between cells), as pdfjs gives them. `blankWidth` is the width of those blank runs
 * (some PDFs report a blank as wide as the gap it spans).
 */
export function positionedText(lines: Array<Array<[string, number]>>, o: { blankWidth?: number } = {}): { text: string; spans: TextSpan[] } {
  let text = "";
  const spans: TextSpan[] = [];
  lines.forEach((cells, r) => {
    const y = 50 + r * 14;
    cells.forEach(([cell, x], c) => {
      if (c > 0) {
        spans.push({ start: text.length, length: 1, x: cells[c - 1]![1] + cells[c - 1]![0].length * 5, y, width: o.blankWidth ?? 1, height: 9 });
        text += " ";
      }
      spans.push({ start: text.length, length: cell.length, x, y, width: cell.length * 5, height: 9 });
      text += cell;
    });
    text += "\n";
  });
  return { text, spans };
}
