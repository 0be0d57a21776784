import { describe, expect, it } from "vitest";
import { analyzeConstraints } from "@/lib/agent/mode/constraints";
import { figureIsAbout } from "@/lib/agent/mode/figure-items";
import { figuresIn } from "@/lib/agent/mode/figures";
import { requestTopics } from "@/lib/agent/mode/request-topics";
import { checkTopics } from "@/lib/agent/mode/topic-gate";
import type { OpenedCitation } from "@/lib/agent/mode/types";
import { hasFigure } from "@/lib/agent/offline/agent-mode/sources";

describe("Agent Mode offline model: what counts as a figure to quote", () => {
  it("counts amounts and table values, not bare years (even before a full stop)", () => {
    expect(hasFigure("Revenue for the third quarter of 2024 was EUR 5.2 million.")).toBe(true);
    expect(hasFigure("Revenue 2 18,400 Cost of revenue (10,120)")).toBe(true);
    expect(hasFigure("the management accounts for July and August 2024. Revenue and EBITDA were in line")).toBe(false);
    expect(hasFigure("compared with 2023, 2022 and 1999")).toBe(false);
    expect(hasFigure("2024.5 is a number, not a year")).toBe(true);
  });
});

describe("Agent Mode: a named margin is answered only by that margin", () => {
  const GROSS = "Gross margin was 42%, down from 45% for the full year 2023, mainly due to higher hosting costs.";
  const EBITDA = "EBITDA margin was 23.1% in the quarter.";
  const margin = (text: string) => figuresIn(text).find((f) => f.raw.startsWith("42") || f.raw.startsWith("23.1"))!;

  it("an EBITDA margin is not a gross margin; a margin asked generically is either", () => {
    expect(figureIsAbout(margin(GROSS), "ebitda margin", true)).toBe(false);
    expect(figureIsAbout(margin(EBITDA), "ebitda margin", true)).toBe(true);
    expect(figureIsAbout(margin(GROSS), "gross margin", true)).toBe(true);
    expect(figureIsAbout(margin(GROSS), "margin", true)).toBe(true);
    expect(figureIsAbout(margin(EBITDA), "margin", true)).toBe(true);
  });

  it("the gate does not take a gross margin for the EBITDA margin asked", () => {
    const q = "Q3 2024 EBITDA margin";
    const src: OpenedCitation = { n: 1, ref: "R1", documentId: "11111111-1111-4111-8111-111111111111", document: "Q3_Report.pdf", page: 1, pageEnd: 1, chunkId: null, kind: "page", text: `Third quarter 2024\n${GROSS}`, contextText: "", truncated: false, snippet: "", documentDate: null, documentKind: null, versionGroup: null, role: "evidence" };
    const [v] = checkTopics({ answer: `- **EBITDA margin, Q3 2024:** 42% — Q3_Report.pdf, p.1: "${GROSS}" [1]`, topics: requestTopics(q, analyzeConstraints(q)), opened: [src], searches: [{ index: 1, query: q, results: [] }], phrase: "Insufficient documentation" });
    expect(v!.status).toBe("unanswered");
  });
});

describe("Agent Mode: a margin's kind in other words", () => {
  it("an operating margin may be printed as an operating income margin", () => {
    const f = figuresIn("Operating income margin was 22.3% in 2018.").find((x) => x.raw.startsWith("22.3"))!;
    expect(figureIsAbout(f, "operating margin", true)).toBe(true);
    expect(figureIsAbout(f, "gross margin", true)).toBe(false);
  });
});

describe("Agent Mode: statement columns headed by the day the years end", () => {
  it("'Years Ended December 31, 2023 2022' columns are the fiscal years, the first one too", () => {
    const text = "Consolidated Statements of Income\nYears Ended December 31, 2023 2022 2021\nNet sales $ 1,250 $ 1,000 $ 900";
    expect(figuresIn(text).map((f) => [f.raw, f.period])).toEqual([["1,250", "FY2023"], ["1,000", "FY2022"], ["900", "FY2021"]]);
    const june = "Year ended 30 June 2023 2022\nRevenue 812 790";
    expect(figuresIn(june).map((f) => f.period)).toEqual(["FY2023", "FY2022"]);
  });
});
