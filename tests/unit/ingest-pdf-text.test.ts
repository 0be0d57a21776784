/** Page text assembly from pdf.js text items: span offsets must point at their run in the final text. */
import { describe, expect, it } from "vitest";
import { assemblePageText } from "@/lib/ingest/parsers/pdf";

const item = (str: string, x: number, y: number, hasEOL = false) => ({ str, transform: [10, 0, 0, 10, x, y], width: str.length * 5, height: 10, hasEOL });

describe("assemblePageText", () => {
  it("drops trailing blanks before each newline without shifting the spans that follow", () => {
    const items = [
      item("Net sales ", 50, 700), item("1,000 ", 300, 700, true), // trailing blanks on the line
      item("Cost of sales   ", 50, 680), item("(600)", 300, 680, true),
      item("Gross profit", 50, 660), item("400  ", 300, 660),
    ];
    const { text, spans } = assemblePageText(items, 800);
    expect(text).toBe("Net sales 1,000\nCost of sales   (600)\nGross profit 400");
    for (const sp of spans) {
      const run = text.slice(sp.start, sp.start + sp.length);
      expect(run.trim().length).toBeGreaterThan(0);
      expect(items.some((it) => it.str.trim() === run.trim())).toBe(true);
    }
    expect(spans.find((sp) => text.slice(sp.start, sp.start + sp.length) === "(600)")).toBeDefined();
    expect(spans.find((sp) => text.slice(sp.start, sp.start + sp.length) === "400")).toBeDefined();
  });

  it("drops a run of blanks alone at a line end", () => {
    const { text, spans } = assemblePageText([item("Total", 50, 700), item("   ", 200, 700, true), item("Next", 50, 680)], 800);
    expect(text).toBe("Total\nNext");
    expect(spans.map((sp) => text.slice(sp.start, sp.start + sp.length))).toEqual(["Total", "Next"]);
  });
});

/** The assembly as written before its end-of-text checks stopped using regexps anchored at the end (issue 23): the reference. */
function assembleByRegexps(items: Parameters<typeof assemblePageText>[0], pageHeight: number) {
  const round = (n: number) => Math.round(n * 100) / 100;
  const trimTrailing = (keep: number, text: string, spans: { start: number; length: number }[]) => {
    for (let i = spans.length - 1; i >= 0 && spans[i]!.start + spans[i]!.length > keep; i--) spans[i]!.length = Math.max(0, keep - spans[i]!.start);
    return text.slice(0, keep);
  };
  const endLine = (text: string, spans: { start: number; length: number }[]) => `${trimTrailing(text.replace(/[ \t]+$/, "").length, text, spans)}\n`;
  let text = "";
  const spans: { start: number; length: number; x: number; y: number; width: number; height: number }[] = [];
  let prev: { y: number; endX: number; eol: boolean } | undefined;
  for (const it of items) {
    const [, , , d, x, y] = it.transform as [number, number, number, number, number, number];
    const size = Math.abs(d) || it.height || 10;
    if (prev && !prev.eol) {
      if (Math.abs(y - prev.y) > size * 0.6) text = endLine(text, spans);
      else if (x - prev.endX > size * 0.15 && !/\s$/.test(text) && !/^\s/.test(it.str)) text += " ";
    }
    if (it.str.length > 0) {
      spans.push({ start: text.length, length: it.str.length, x: round(x), y: round(pageHeight - y - size), width: round(it.width), height: round(size) });
      text += it.str;
    }
    if (it.hasEOL) text = endLine(text, spans);
    prev = { y, endX: x + it.width, eol: it.hasEOL };
  }
  const end = trimTrailing(text.trimEnd().length, text, spans);
  return { text: end, spans: spans.filter((sp) => sp.length > 0) };
}

describe("assemblePageText against the regexp reference", () => {
  it("gives the same text and spans on random runs of words, blanks, tabs and other spaces", () => {
    let seed = 7;
    const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const pieces = ["Net", "sales", "1,000", " ", "  ", "\t", " \t ", "\u00a0", "\u2003", "(600)", "", "x\n", "\ud83d"];
    for (let n = 0; n < 400; n++) {
      const items = Array.from({ length: 1 + Math.floor(rand() * 30) }, (_, i) => {
        const str = Array.from({ length: Math.floor(rand() * 4) }, () => pieces[Math.floor(rand() * pieces.length)]).join("");
        return item(str, 50 + Math.floor(rand() * 8) * 40, 700 - Math.floor(i / (1 + Math.floor(rand() * 4))) * 20, rand() < 0.2);
      });
      expect(assemblePageText(items, 800)).toEqual(assembleByRegexps(items, 800));
    }
  });
});
