/** The Agent Mode bench's scorer: an item is correct only when the answer states it, never because its label echoes the request. */
import { describe, expect, it } from "vitest";
import { scoreItem } from "../../bench/lib/agent-mode-scoring";
import type { GoldItem } from "../../bench/lib/agent-mode-requests";

const fact: GoldItem = { id: "x.1", asks: { concept: "larger revenue line", scope: "segments", period: "FY2015" }, kind: "fact", gold: { name: "electric" }, pages: [69], tolerance: {}, terms: ["more", "larger"] };

describe("agent mode bench scoring", () => {
  it("does not credit a fact whose name appears only in the item's label", () => {
    const unranked = "- **Which brings in more revenue (electric or gas), FY2015**: not answered in this run — the parts were not ranked.";
    expect(scoreItem(unranked, fact).verdict).toBe("missed");
    const ranked = "- **Which brings in more revenue (electric or gas), FY2015**: the larger part by revenue in fiscal 2015 was **Electric**, with USD 13,657 million [1].";
    expect(scoreItem(ranked, fact).verdict).toBe("correct");
  });
});
