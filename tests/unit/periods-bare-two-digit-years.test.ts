import { describe, expect, it } from "vitest";
import { periodMentions } from "@/lib/metrics/periods";
import { readQuestion } from "@/lib/agent/reader/read";
import { requestText } from "@/lib/agent/mode/request-text";

const labels = (text: string) => periodMentions(text).map((m) => m.label);

describe("two-digit years typed beside another year", () => {
  it("reads a compared or spanned pair as two years, in every joining word", () => {
    expect(labels("rev 18 vs 17")).toEqual(["FY2018", "FY2017"]);
    expect(labels("op margin 17 v 16")).toEqual(["FY2017", "FY2016"]);
    expect(labels("growth 16 to 17")).toEqual(["FY2016", "FY2017"]);
    expect(labels("capex 19-21")).toEqual(["FY2019", "FY2021"]);
    expect(labels("sg&a 20 compared with 19")).toEqual(["FY2020", "FY2019"]);
  });
  it("reads one two-digit year joined to a year already written", () => {
    expect(labels("fy18 vs 17 capex")).toEqual(["FY2018", "FY2017"]);
    expect(labels("fy17 and 18 op inc")).toEqual(["FY2017", "FY2018"]);
    expect(labels("2018 vs 17 sg&a")).toEqual(["FY2018", "FY2017"]);
    expect(labels("17 vs fy18 eps")).toEqual(["FY2017", "FY2018"]);
  });
  it("reads two-digit years listed after a preposition of time", () => {
    expect(labels("how much of that comes due in 23 and 24")).toEqual(["FY2023", "FY2024"]);
    expect(labels("capex for 21 or 22?")).toEqual(["FY2021", "FY2022"]);
    expect(labels("in 10 and 12 stores")).toEqual([]);
  });
  it("never reads counts, percentages, amounts, decimals or far-apart numbers as years", () => {
    for (const text of ["store count 18 vs 17 stores", "margin 18 vs 17 percent", "gross margin 45 vs 43", "top 10 and 12", "eps 2.15 vs 2.10", "revenue $18 vs $17", "18 vs 17 bps", "margin 12% vs 10%", "rev 08 vs 30"]) {
      expect(labels(text), text).toEqual([]);
    }
    expect(labels("fy18 vs 45")).toEqual(["FY2018"]);
  });
  it("gives the chat the span's years and keeps them out of a figure's name", () => {
    const r = readQuestion("quillfeather subs 16 to 17?", ["Quillfeather Software Corporation"]);
    expect(r.periods).toEqual(["FY2016", "FY2017"]);
    expect(r.label).toBe("subs");
    expect(readQuestion("rev 18 vs 17", []).periods).toEqual(["FY2018", "FY2017"]);
  });
  it("writes Agent Mode's two-digit years out by the same reading", () => {
    expect(requestText("capex fy18 vs 17; fcf")).toBe("capex fy18 vs 2017; fcf");
    expect(requestText("capex 19-21")).toBe("capex 2019, 2020 and 2021");
  });
});
