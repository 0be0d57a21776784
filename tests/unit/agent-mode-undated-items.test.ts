/** A ranking a request asks without a period is ranked for the latest period the request's other items ask. */
import { describe, expect, it } from "vitest";
import { readItems } from "@/lib/agent/reader/items";
import { dateRankings } from "@/lib/agent/mode/undated-items";

describe("an undated ranking in a dated request", () => {
  it("takes the request's latest period, in its question and label, on several wordings", () => {
    for (const request of [
      "Revenues for 2015, 2016 and 2017, and operating income in 2017 vs 2016. Which segment brings in the most revenue?",
      "Net sales and net income for 2016 and 2017. What is the largest segment by sales?",
      "Operating margin in 2017 versus 2016. Which division brings in the most revenue?",
    ]) {
      const ranking = dateRankings(readItems(request, []).items).find((i) => i.kind === "ranking")!;
      expect(ranking.periods, request).toEqual(["FY2017"]);
      expect(ranking.questions[0], request).toMatch(/ in FY2017\?$/);
      expect(ranking.label, request).toMatch(/FY2017/);
    }
  });

  it("leaves a ranking undated when the request names no period, and a dated one as read", () => {
    const undated = dateRankings(readItems("Revenue and headcount. Which segment is largest?", []).items).find((i) => i.kind === "ranking")!;
    expect(undated.periods).toEqual([]);
    const dated = dateRankings(readItems("Revenue for 2017 and 2018, and the largest segment by revenue in 2017", []).items).find((i) => i.kind === "ranking")!;
    expect(dated.periods).toEqual(["FY2017"]);
  });
});
