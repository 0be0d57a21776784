/**
 * The risks a filing lists, read from the layout of its Risk Factors section (lib/extraction/risk-headings.ts):
 * on real 10-K pages as ingest stores them (the PDF engine's text, lost ligatures put back), three layouts (a heading paragraph of its own under
 * category lines; title-case headings without a full stop; headings run into their paragraphs), and on made-up text.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { riskHeadings, type RiskPage } from "@/lib/extraction/risk-headings";
import { repairPages } from "@/lib/ingest/glyphs";
import { openPdf } from "@/lib/ingest/workers/pdf-engine.mjs";

const CORPUS = path.resolve(process.cwd(), "../shared/corpus");

async function pages(corpus: string, file: string, from: number, to: number): Promise<RiskPage[]> {
  const doc = await openPdf(path.join(CORPUS, corpus, "pdfs", file));
  const raw = [];
  let n = 0;
  for await (const p of doc.pages) {
    n++;
    if (n >= from) raw.push(p);
    if (n >= to) break;
  }
  await doc.destroy();
  return (await repairPages(raw)).map((p, i) => ({ page: from + i, text: p.text }));
}

describe("risk headings in real filings", () => {
  it("reads headings set as paragraphs of their own, in the filing's order, under its category lines", async () => {
    const hs = riskHeadings(await pages("financebench-dev", "NIKE_2023_10K.pdf", 14, 16));
    expect(hs.length).toBeGreaterThanOrEqual(5);
    expect(hs[0]).toMatchObject({ heading: expect.stringMatching(/^Global economic conditions could have a material adverse effect/), category: "Economic and Industry Risks", page: 14 });
    expect(hs.map((h) => h.heading)).toContain("We may be adversely affected by the financial health of our wholesale customers.");
    // explanations are not headings, and each heading carries the start of its own
    expect(hs.every((h) => h.heading.split(/\s+/).length <= 75)).toBe(true);
    expect(hs.find((h) => h.heading.startsWith("We may be adversely affected"))!.body).toMatch(/^We extend credit to our customers/);
  }, 60_000);

  it("reads title-case headings that end without a full stop, and skips the section's introduction", async () => {
    const hs = riskHeadings(await pages("financebench-dev", "AMAZON_2019_10K.pdf", 6, 7));
    expect(hs[0]!.heading).toBe("Our Expansion Places a Significant Strain on our Management, Operational, Financial, and Other Resources");
    expect(hs.map((h) => h.heading)).toContain("Our International Operations Expose Us to a Number of Risks");
    expect(hs.some((h) => /forward-looking|carefully consider/i.test(h.heading))).toBe(false);
  }, 60_000);

  it("reads a category line as the category of the risks under it, not as a risk", async () => {
    const hs = riskHeadings(await pages("filings-unlabelled", "ORACLE_2023_10K.pdf", 19, 28));
    expect(hs.length).toBeGreaterThanOrEqual(15);
    expect(hs.find((h) => h.heading === "We may not be able to protect our intellectual property rights.")?.category).toBe("Data Privacy, Cybersecurity and Intellectual Property Risks");
    expect(hs.some((h) => /Risks$/.test(h.heading))).toBe(false);
  }, 60_000);

  it("reads headings run into their paragraphs when too few stand alone, and no sentence a page break cut or one looking back", async () => {
    const hs = riskHeadings(await pages("filings-unlabelled", "ORACLE_2015_10K.pdf", 23, 37));
    const heads = hs.map((h) => h.heading);
    expect(hs.length).toBeGreaterThanOrEqual(25);
    expect(heads).toContain("We may need to change our pricing models to compete successfully.");
    expect(heads).toContain("We may fail to achieve our financial forecasts due to inaccurate sales forecasts or other factors.");
    expect(heads.some((h) => /^[a-z]/.test(h) || /listed above|any of these/i.test(h) || /^Union \(EU\)/.test(h))).toBe(false);
  }, 60_000);
});

describe("risk headings on made-up text", () => {
  const page = (text: string[]): RiskPage => ({ page: 1, text: text.join("\n\n") });

  it("takes neither page furniture, a one-sentence paragraph opening with a connective, nor a figure row as a heading", () => {
    const hs = riskHeadings([
      page([
        "Risks Related to Our Operations",
        "Our reliance on a single supplier could disrupt production.",
        "We buy every casing from one supplier. A fire at its plant would halt our lines for months. We hold six weeks of stock.",
        "Therefore, we remain subject to significant risks of supply shortages and price increases.",
        "Acme Corp. | 2023 Form 10-K | 12",
        "Net sales 1,204 1,100 980 could 2023",
      ]),
    ]);
    expect(hs).toEqual([{ heading: "Our reliance on a single supplier could disrupt production.", category: "Risks Related to Our Operations", page: 1, body: expect.stringMatching(/^We buy every casing/) }]);
  });

  it("reads a bulleted paragraph's first sentence as its heading", () => {
    const hs = riskHeadings([page(["* The Company's results are affected by competitive conditions and customer preferences. Demand for the Company's products is affected by pricing. It is also affected by technology."])]);
    expect(hs.map((h) => h.heading)).toEqual(["The Company's results are affected by competitive conditions and customer preferences."]);
  });
});
