/**
 * Table rows whose label wraps over two or three lines, in a real PDF read by the product's own PDF
 * parser: each row keeps its own values under its whole label, and no row takes the label (or the
 * values) of the row above or below. The layouts are those annual reports print (made-up figures):
 * a long first line whose row goes on in lower case, a first line starting with a year, a label on
 * two lines with its figures on a third, a word broken at a hyphen.
 */
import { describe, expect, it } from "vitest";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { extractPartFindings, type PartFindingPayload } from "@/lib/extraction/findings/parts";
import { parsePdf } from "@/lib/ingest/parsers/pdf";
import type { ParsedPage } from "@/lib/ingest/types";
import { readRows, tokenise } from "@/lib/statements/rows";
import { pageLines } from "@/lib/statements/text";
import { tempDir, writeFixture } from "../helpers/fixtures";

/** One page: each row's label at the left margin and its figures right-aligned in two columns, as a table prints them. */
async function tablePdf(rows: Array<[string, ...string[]]>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  let y = 760;
  for (const [label, ...values] of rows) {
    if (label) page.drawText(label, { x: 40, y, size: 8, font });
    values.forEach((v, i) => page.drawText(v, { x: 470 + i * 70 - font.widthOfTextAtSize(v, 8), y, size: 8, font }));
    y -= 11;
  }
  return doc.save({ useObjectStreams: false });
}

async function readPage(rows: Array<[string, ...string[]]>): Promise<ParsedPage> {
  const file = writeFixture(tempDir("manda-wrapped-"), "table.pdf", await tablePdf(rows));
  const parsed = await parsePdf({ path: file, bytes: 0, filename: "table.pdf" }, { inThread: true });
  for await (const p of parsed.pages) return p;
  throw new Error("no page");
}

const partRows = (page: ParsedPage) => {
  const seen = new Map<number, { label: string; values: string[] }>();
  for (const c of extractPartFindings({ pageNumber: 1, text: page.text, spans: page.spans })) {
    const part = (c.payload as PartFindingPayload).part;
    seen.set(part.rowIndex, { label: part.label, values: part.columns.map((x) => x.value) });
  }
  return [...seen.values()];
};

describe("row labels wrapped over lines", () => {
  it("a part table's rows keep their whole labels and their own values", async () => {
    const page = await readPage([
      ["Changes in diluted earnings per share"],
      ["", "Year ended December 31,"],
      ["(Earnings per diluted share)", "2023", "2022"],
      ["Same period last year", "$ 1.20", "$ 1.05"],
      ["Organic growth and productivity", "0.18", "0.92"],
      ["Income tax rate, excluding the effect of the statutory rate change and its measurement"],
      ["period adjustment", "0.05", "0.61"],
      ["Shares of common stock outstanding", "0.08", "0.18"],
      ["2023 divestiture of the Harbor Coatings division, net of related"],
      ["restructuring actions", "0.02", "0.50"],
      ["Reclassification of realized gains and losses on available-"],
      ["for-sale securities", "(1.89)", "(2.95)"],
      ["Current period, excluding the litigation settlement"],
      ["and the measurement period adjustment"],
      ["", "$ 2.31", "$ 1.46"],
    ]);
    expect(partRows(page)).toEqual([
      { label: "Same period last year", values: ["1.20", "1.05"] },
      { label: "Organic growth and productivity", values: ["0.18", "0.92"] },
      { label: "Income tax rate, excluding the effect of the statutory rate change and its measurement period adjustment", values: ["0.05", "0.61"] },
      { label: "Shares of common stock outstanding", values: ["0.08", "0.18"] },
      { label: "2023 divestiture of the Harbor Coatings division, net of related restructuring actions", values: ["0.02", "0.50"] },
      { label: "Reclassification of realized gains and losses on available-for-sale securities", values: ["(1.89)", "(2.95)"] },
      { label: "Current period, excluding the litigation settlement and the measurement period adjustment", values: ["2.31", "1.46"] },
    ]);
  });

  it("a statement's wrapped row keeps its label whole, a word broken at a hyphen joined back", async () => {
    const page = await readPage([
      ["Net income", "1,168", "629"],
      ["Reclassification adjustment for recognized gains / losses on available-"],
      ["for-sale securities", "(1,895)", "(2,955)"],
      ["Net cash provided by operating activities from continuing"],
      ["operations", "2,199", "1,469"],
    ]);
    const rows = readRows(page.text, tokenise(pageLines(page.text), null), 2, undefined);
    expect(rows.map((r) => [r.label, r.values])).toEqual([
      ["Net income", [1168, 629]],
      ["Reclassification adjustment for recognized gains / losses on available-for-sale securities", [-1895, -2955]],
      ["Net cash provided by operating activities from continuing operations", [2199, 1469]],
    ]);
  });
});
