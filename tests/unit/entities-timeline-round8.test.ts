/**
 * Round 8 of the entities and timeline bench (bench/entities.ts): the shared sentence reader, and
 * the classes of wrong names the round and the earlier rounds' leftovers showed, each on a small
 * made-up page.
 */
import { describe, expect, it } from "vitest";
import { splitSentences } from "@/lib/answers/narrative/segment";
import { sentencesWithOffsets } from "@/lib/extraction/sentences";

describe("the shared sentence reader", () => {
  it("reads across the Swedish abbreviations in the splitter's own list, in any document", () => {
    expect(splitSentences("Se betänkandet s. 12 och nr. 5. Därefter beslöt Kungl. Maj:t att tillkalla en utredare.")).toEqual([
      "Se betänkandet s. 12 och nr. 5.",
      "Därefter beslöt Kungl. Maj:t att tillkalla en utredare.",
    ]);
  });

  it("still ends a sentence at a possessive's s", () => {
    expect(splitSentences("The brand is the company's. Sales rose.")).toEqual(["The brand is the company's.", "Sales rose."]);
  });

  it("gives each sentence its offset, bullets starting one", () => {
    const text = "Approved in 2021. • In May 2022, the board met. Done.";
    expect(sentencesWithOffsets(text)).toEqual([
      { text: "Approved in 2021.", start: 0 },
      { text: "• In May 2022, the board met.", start: 18 },
      { text: "Done.", start: 48 },
    ]);
  });
});
