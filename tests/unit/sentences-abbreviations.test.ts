import { describe, expect, it } from "vitest";
import { splitSentences } from "@/lib/extraction/sentences";

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
