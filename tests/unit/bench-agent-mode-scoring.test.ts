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

describe("agent mode bench scoring of figures", () => {
  const staff: GoldItem = { id: "x.2", asks: { concept: "employees", scope: "company", period: "FY2018" }, kind: "figure", gold: { value: 24000, unit: "count" }, pages: [8], tolerance: { rel: 0.01 }, terms: ["employ"] };

  it("does not credit a figure quoted in the reason an item was not answered", () => {
    expect(scoreItem("- **Number of employees, FY2018**: not answered in this run — 24,000 is a part's figure, not the company's.", staff).verdict).toBe("missed");
    expect(scoreItem("- **Number of employees, FY2018**: 24,000 [1]", staff).verdict).toBe("correct");
  });
});

describe("agent mode bench scoring of narratives", () => {
  const drivers: GoldItem = { id: "x.3", asks: { concept: "drivers of the gross margin change", scope: "company", period: "FY2021" }, kind: "narrative", gold: { section: "Management's Discussion and Analysis", pages: [36] }, pages: [36], tolerance: {}, terms: ["gross margin", "drove"] };
  const risks: GoldItem = { id: "x.4", asks: { concept: "risk factors", scope: "company", period: "FY2021" }, kind: "narrative", gold: { section: "Risk Factors", pages: [12, 13] }, pages: [12, 13], tolerance: {}, terms: ["risk"] };
  const cited = [{ n: 1, page: 36 }, { n: 2, page: 12 }, { n: 3, page: 50 }];

  it("scores a narrative of another section by the lines naming the item, not by risk lines", () => {
    const answer = "- **Risk factors**: competition [2]\n- **What drove the gross margin, FY2021**: higher full-price ASP [1]";
    expect(scoreItem(answer, drivers, cited).verdict).toBe("correct");
    expect(scoreItem(answer, risks, cited).verdict).toBe("correct");
    expect(scoreItem("- **What drove the gross margin, FY2021**: see the notes [3]\n- **Risk factors**: competition [2]", drivers, cited).verdict).toBe("wrong");
    expect(scoreItem("- **What drove the gross margin, FY2021**: not found in the data room", drivers, cited).verdict).toBe("disclosed");
  });
});
