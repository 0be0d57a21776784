/**
 * Lost glyphs put back at ingest (lib/ingest/glyphs.ts): the ligatures a PDF's text layer drops
 * (U+0000 from pdf.js), on real filings read by the project's own PDF engine and on made-up text,
 * with the spans of the page moved with the text; and a seeded fuzz of the text plumbing.
 */
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { dictionary, englishWords, newDocumentGlyphs, repairPage, repairPages, repairText, type Dictionary } from "@/lib/ingest/glyphs";
import type { ParsedPage } from "@/lib/ingest/types";
import { openPdf } from "@/lib/ingest/workers/pdf-engine.mjs";

const CORPUS = path.resolve(process.cwd(), "../shared/corpus");
const SEED = Number(process.env.MANDA_FUZZ_SEED ?? 20261129);

/** The first pages of a corpus filing as the PDF engine yields them (NULs and all). */
async function firstPages(corpus: string, file: string, n: number): Promise<ParsedPage[]> {
  const doc = await openPdf(path.join(CORPUS, corpus, "pdfs", file));
  const out: ParsedPage[] = [];
  for await (const p of doc.pages) {
    out.push(p);
    if (out.length >= n) break;
  }
  await doc.destroy();
  return out;
}

let english: Dictionary;
beforeAll(async () => {
  english = await englishWords();
});

describe("lost ligatures in real filings, put back at ingest", () => {
  it("fills a 10-K cover whose font lost every 'ti' ligature, a name no word list holds by the ligature the document loses", async () => {
    const [raw] = await firstPages("filings-unlabelled", "ORACLE_2022_10K.pdf", 1);
    expect(raw!.text).toContain("Corpora\u0000on");
    const [page] = await repairPages([raw!]);
    expect(page!.text).not.toContain("\u0000");
    expect(page!.text).toContain("For the transition period");
    expect(page!.text).toContain("Oracle Corporation");
    expect(page!.text).toContain("jurisdiction of\nincorporation or organization");
    expect(page!.text).toContain("Austin, Texas");
    expect(page!.text).toContain("Securities registered pursuant to Section 12(b)");
  }, 60_000);

  it("fills an earnings release that lost 'fi', 'fl', 'ff' and 'ffi' alike", async () => {
    const pages = await repairPages(await firstPages("filings-unlabelled", "EBAY_2023Q1_EARNINGS.pdf", 2));
    const text = pages.map((p) => p.text).join("\n");
    expect(text).not.toContain("\u0000");
    expect(text).toContain("today reported financial results for its first quarter");
    expect(text).toMatch(/free cash flow/i);
  }, 60_000);

  it("turns a lost glyph that is no letter (a check box) into a blank, offsets unchanged", async () => {
    for (const [corpus, file] of [["financebench-dev", "3M_2022_10K.pdf"], ["financebench-dev", "BESTBUY_2023_10K.pdf"]] as const) {
      const [raw] = await firstPages(corpus, file, 1);
      expect(raw!.text).toContain("\u0000");
      const [page] = await repairPages([raw!]);
      expect(page!.text).toBe(raw!.text.replace(/\u0000/g, " "));
      expect(page!.spans).toEqual(raw!.spans);
    }
  }, 60_000);

  it("moves each span with the text, so a highlight still covers its run", async () => {
    const [raw] = await firstPages("filings-unlabelled", "ORACLE_2022_10K.pdf", 1);
    const [page] = await repairPages([raw!]);
    const runs = (p: ParsedPage) => p.spans!.map((s) => p.text.slice(s.start, s.start + s.length));
    const before = runs(raw!);
    const after = runs(page!);
    expect(after).toHaveLength(before.length);
    // the lost glyph is a run of its own: it now holds the ligature
    const named = before.indexOf("Oracle Corpora");
    expect(before.slice(named, named + 3)).toEqual(["Oracle Corpora", "\u0000", "on"]);
    expect(after.slice(named, named + 3)).toEqual(["Oracle Corpora", "ti", "on"]);
    // a run without a gap reads as it did
    for (let i = 0; i < before.length; i++) if (!before[i]!.includes("\u0000")) expect(after[i]).toBe(before[i]);
  }, 60_000);
});

describe("which ligature fills a gap", () => {
  const fix = (text: string, doc = newDocumentGlyphs()) => repairText(text, english, doc)?.text;

  it("takes the fill that makes an English word, in the case of the letters around it", () => {
    expect(fix("Harbour Corpora\u0000on")).toBe("Harbour Corporation");
    expect(fix("HARBOUR CORPORA\u0000ON")).toBe("HARBOUR CORPORATION");
    expect(fix("Chief Financial O\u0000cer")).toBe("Chief Financial Officer");
    expect(fix("cash \u0000ows from opera\u0000ng ac\u0000vi\u0000es")).toBe("cash flows from operating activities");
  });

  it("prefers the word the document prints whole to another English word", () => {
    const doc = newDocumentGlyphs();
    fix("The tiles were laid.", doc); // no gap: nothing to repair, nothing learnt
    expect(fix("Every \u0000le is read. A filer files a file.", doc)).toBe("Every file is read. A filer files a file.");
    expect(fix("Every \u0000le is laid. The tiles and a tile.", newDocumentGlyphs())).toBe("Every tile is laid. The tiles and a tile.");
  });

  it("prefers a ligature the document is seen to lose, then the word used clearly more", () => {
    // this document loses "tt" and "ti": "ma\u0000er" is "matter", not "mafier" or another rare word
    const doc = newDocumentGlyphs();
    expect(fix("Commi\u0000ee ma\u0000ers and a\u0000ributable informa\u0000on", doc)).toBe("Committee matters and attributable information");
  });

  it("fills a word no list knows only inside a word, by the ligature the document nearly always loses", () => {
    const doc = newDocumentGlyphs();
    const text = "Corpora\u0000on, informa\u0000on, jurisdic\u0000on, transi\u0000on. Offices in Aus\u0000n, Texas. Zyx\u0000 Ltd";
    expect(fix(text, doc)).toBe("Corporation, information, jurisdiction, transition. Offices in Austin, Texas. Zyx  Ltd");
    // a document that has shown no such pattern leaves the gap a blank
    expect(fix("Offices in Aus\u0000n, Texas.")).toBe("Offices in Aus n, Texas.");
  });

  it("blanks a gap with no letters beside it, and words of more gaps than a word holds", () => {
    expect(fix("Yes \u0000 No \u0000")).toBe("Yes   No  ");
    expect(fix("S\u0000\u0000\u0000\u0000 signed")).toBe("S     signed");
  });

  it("turns ligature code points into their letters", () => {
    expect(fix("pro\ufb01t and cash \ufb02ows, e\ufb00ect, o\ufb03ce, ba\ufb04e")).toBe("profit and cash flows, effect, office, baffle");
    expect(fix("no gaps here")).toBeUndefined();
  });

  it("uses a word list given to it: a word it lacks is no word", () => {
    const tiny = dictionary(["office"], [{ word: "office", count: 1 }]);
    expect(repairText("o\u0000ce and pro\u0000t", tiny, newDocumentGlyphs())!.text).toBe("office and pro t");
  });
});

describe("a page as ingestion stores it", () => {
  it("moves spans and cells past a filled gap and leaves a page without gaps as it is", async () => {
    const text = "Opera\u0000ng income | Corpora\u0000on";
    const page: ParsedPage = {
      pageNumber: 1,
      text,
      spans: [{ start: 0, length: text.indexOf(" |"), x: 0, y: 0, width: 1, height: 1 }, { start: text.indexOf("C"), length: "Corpora\u0000on".length, x: 2, y: 0, width: 1, height: 1 }],
      cells: [{ ref: "A1", value: "Corporation", start: text.indexOf("C") }],
    };
    const out = await repairPage(page, newDocumentGlyphs());
    expect(out.text).toBe("Operating income | Corporation");
    expect(out.spans!.map((s) => out.text.slice(s.start, s.start + s.length))).toEqual(["Operating income", "Corporation"]);
    expect(out.text.slice(out.cells![0]!.start)).toBe("Corporation");
    const plain: ParsedPage = { pageNumber: 2, text: "nothing lost" };
    expect(await repairPage(plain, newDocumentGlyphs())).toBe(plain);
  });
});

describe("fuzz: the repair keeps every other character where the offset map says", () => {
  const piece = fc.oneof(
    fc.constantFrom("\u0000", "\ufb01", "\ufb02", "\ufb03", " ", "\n", "-", ".", "Corpora", "on", "opera", "ng", "O", "cer", "Aus", "n", "ß", "é", "1,2"),
    fc.string({ maxLength: 6 }),
  );
  it("holds for random text with gaps and ligature code points", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const text = parts.join("");
        const r = repairText(text, english, newDocumentGlyphs());
        if (!/[\u0000\ufb00-\ufb06]/.test(text)) return r === null;
        const out = r!.text;
        expect(out).not.toMatch(/[\u0000\ufb00-\ufb06]/);
        expect(r!.moved(text.length)).toBe(out.length);
        let last = -1;
        for (let i = 0; i < text.length; i++) {
          const at = r!.moved(i);
          expect(at).toBeGreaterThan(last);
          last = at;
          if (!/[\u0000\ufb00-\ufb06]/.test(text[i]!)) expect(out[at]).toBe(text[i]);
        }
        // stored text needs no second repair
        expect(repairText(out, english, newDocumentGlyphs())).toBeNull();
        return true;
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });
});
