import { describe, expect, it } from "vitest";
import { canonicalize, cleanExcerpt, locateExcerpt, pickCellExcerpt, pickExcerpt, verifyExcerpt } from "@/lib/extraction/citation";

const page = (text: string, n = 3) => ({ pageNumber: n, text });
const SOU = "Med stöd av detta bemyndigande tillkallades\nden 9 maj 1969 som sakkunniga verkstäl-\nlande direktören Rune Hermansson, tillika\nordförande, riksdagsledamoten Erik Adams-\nson.";

describe("citation verification", () => {
  it("accepts an excerpt across line breaks and end-of-line hyphenation", () => {
    expect(verifyExcerpt(page(SOU), "som sakkunniga verkställande direktören Rune Hermansson, tillika ordförande").ok).toBe(true);
    expect(verifyExcerpt(page(SOU), "som sakkunniga verkstäl-\nlande direktören Rune Hermansson").ok).toBe(true);
    expect(verifyExcerpt(page(SOU), "riksdagsledamoten   Erik\tAdamsson.").ok).toBe(true);
  });
  it("accepts a hyphen kept before a space when the page breaks the line there", () => {
    expect(verifyExcerpt(page("tillsyns-\noch granskningsverksamheten vid Inspektionen"), "tillsyns- och granskningsverksamheten vid Inspektionen").ok).toBe(true);
    expect(verifyExcerpt(page("tillsyns- och granskningsverksamheten"), "tillsyns- och granskningsverksamheten").ok).toBe(true);
  });
  it("rejects paraphrase, case changes and other pages", () => {
    expect(verifyExcerpt(page(SOU), "som sakkunnig verkställande direktör Rune Hermansson").ok).toBe(false);
    expect(verifyExcerpt(page(SOU), "SOM SAKKUNNIGA verkställande direktören").ok).toBe(false);
    expect(verifyExcerpt(page(SOU), "Rune Hermansson was appointed chairman").ok).toBe(false);
    expect(verifyExcerpt(undefined, "anything").reason).toMatch(/page not found/);
  });
  it("maps matches back to original offsets", () => {
    const hit = locateExcerpt(SOU, "verkställande direktören")!;
    expect(SOU.slice(hit.start, hit.end)).toBe("verkstäl-\nlande direktören");
    expect(canonicalize("a  b\n c").text).toBe("a b c");
  });
  it("checks that a cell excerpt covers the cell", () => {
    const text = "A5: Subscription revenue | B5: 14640 | C5: 16450\nA6: Total revenue | B6: 18400 | C6: 20500 | D6: 24000";
    const p = { pageNumber: 2, text, cells: [{ ref: "P!B6", value: "18400", num: 18400, start: text.indexOf("18400") }, { ref: "P!B5", value: "14640", num: 14640, start: text.indexOf("14640") }] };
    const ex = pickCellExcerpt(p, "P!B6")!;
    expect(ex.length).toBeGreaterThanOrEqual(50);
    expect(ex).toContain("18400");
    expect(verifyExcerpt(p, ex, "P!B6").ok).toBe(true);
    expect(verifyExcerpt(p, "A6: Total revenue | B6: 18400 | C6: 20500 | D6: 24000", "P!B5").ok).toBe(false);
    expect(verifyExcerpt(p, ex, "P!Z9").reason).toMatch(/cell/);
  });
  it("picks excerpts of 50–200 characters around the fact, always verifiable", () => {
    const text = `Intro line.\nRevenue for the third quarter of 2024 was EUR 5.2 million, an increase of 12% compared with EUR 4.64 million in the third quarter of 2023. ${"More words follow here. ".repeat(20)}`;
    const i = text.indexOf("EUR 5.2");
    const ex = pickExcerpt(text, i, i + 15, "sentence")!;
    expect(ex).toContain("EUR 5.2 million");
    expect(ex.length).toBeGreaterThanOrEqual(50);
    expect(ex.length).toBeLessThanOrEqual(200);
    expect(locateExcerpt(text, ex)).not.toBeNull();
    const row = "(Millions) 2018 2017 2016\nPurchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)\nOther";
    const j = row.indexOf("Purchases");
    expect(pickExcerpt(row, j, row.indexOf("\nOther"), "line")).toBe("Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)");
    expect(cleanExcerpt(" verkstäl-\nlande ")).toBe("verkställande");
  });
});
