import { describe, expect, it } from "vitest";
import { firstSentenceEnd, splitSentences } from "@/lib/extraction/sentences";

describe("one sentence splitter: a full stop after an abbreviation ends no sentence", () => {
  it("Swedish date ranges and amounts: fr.o.m., t.o.m., ca., bet.", () => {
    expect(splitSentences("Han var anställd fr.o.m. 1 januari 2030 t.o.m. 30 juni 2030. Sedan slutade han.")).toEqual([
      "Han var anställd fr.o.m. 1 januari 2030 t.o.m. 30 juni 2030.",
      "Sedan slutade han.",
    ]);
    expect(splitSentences("Kostnaden var ca. 5 miljoner kronor. Se bet. 2029/30:FiU1. Klart.")).toEqual(["Kostnaden var ca. 5 miljoner kronor.", "Se bet. 2029/30:FiU1.", "Klart."]);
  });

  it("English references: Fig., pp.; a month's abbreviation but not May", () => {
    expect(splitSentences("See Fig. 3 and pp. 12–14. Sales rose in Sept. 2023. We sold it in May. Then we left.")).toEqual([
      "See Fig. 3 and pp. 12–14.",
      "Sales rose in Sept. 2023.",
      "We sold it in May.",
      "Then we left.",
    ]);
  });
});

describe("the first sentence's end, for an officer's printed title", () => {
  it("is the first full stop before a capital or the end that follows no abbreviation or initial", () => {
    const t = "Chief Executive Officer of Acme Inc. since Sept. 2019, Director of R. Lee Co. Since 2001. Mr. Lee joined in 2001.";
    expect(t.slice(0, firstSentenceEnd(t))).toBe("Chief Executive Officer of Acme Inc. since Sept. 2019, Director of R. Lee Co. Since 2001");
    expect(firstSentenceEnd("Senior Vice President, Sales vs. Marketing")).toBe(-1);
    expect(firstSentenceEnd("Treasurer.")).toBe(9);
  });
});
