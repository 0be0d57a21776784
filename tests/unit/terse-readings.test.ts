/**
 * Questions typed as keywords: a figure and a side of zero with no verb ("working capital positive
 * fy22?") ask yes or no; a bracket setting a condition aside ("(if not disclosed, say so)") names no
 * part of the figure; a sign answered from a computed figure shows its formula and inputs.
 */
import { describe, expect, it } from "vitest";
import type { ComputeOutput } from "@/lib/agent/evidence/compute";
import { writeSign } from "@/lib/agent/offline/answers-from/compute";
import { readQuestion } from "@/lib/agent/reader/read";

const ROOM = ["ACME INC."];

describe("a figure and a side of zero, typed with no verb", () => {
  it("asks yes or no, with the side asked", () => {
    for (const [q, sign] of [["acme working capital positive fy2022?", "profit"], ["acme working capital positive in fy2022", "profit"], ["acme fcf negative fy22?", "loss"], ["acme in the red 2017", "loss"]] as const) {
      const r = readQuestion(q, ROOM);
      expect(r.polar, q).toBe(true);
      expect(r.sign, q).toBe(sign);
    }
  });

  it("a sign word before the figure names the figure, and a wh-question asks no yes or no", () => {
    expect(readQuestion("positive operating cash flow 2022 for acme", ROOM).polar).toBe(false);
    // a figure whose own name is a side's word ("profit") is asked, not whether there was one
    expect(readQuestion("acme profit fy22", ROOM).polar).toBe(false);
    expect(readQuestion("what was acme's net income in 2017, positive?", ROOM).polar).toBe(false);
  });
});

describe("a bracket setting a condition aside", () => {
  it("names no part and no scope of the figure", () => {
    for (const q of ["acme revenue 2022 (if not disclosed, say so)", "acme operating margin improving as of fy22? (if metric not useful, why)"]) {
      const r = readQuestion(q, ROOM);
      expect(r.scope, q).toBeUndefined();
    }
    // a bracket that names a part stays
    expect(readQuestion("acme revenue 2022 (cloud segment)", ROOM).scope).toBeDefined();
  });
});

describe("a sign answered from a computed figure", () => {
  const input = (label: string, value: number) => ({ item: label.toLowerCase().replace(/ /g, "_"), label, period: "FY2022", value, scale: 1e6, currency: "USD", document: "ACME_2022_10K.pdf", page: 60, row: `${label} ${value}`, citation: "(source: ACME_2022_10K.pdf, p.60)" });
  const out = (inputs: ReturnType<typeof input>[], value: number) => ({ status: "answered", company: "ACME INC.", metric: { id: "working_capital", name: "Working capital", unit: "amount" }, formula: "Working capital = Total current assets − Total current liabilities", value, formatted: `USD ${value / 1e6} million`, periods: ["FY2022"], series: [], inputs, missing: [], notes: [] }) as unknown as ComputeOutput;

  it("shows the formula and each input when several lines make it, and the one line otherwise", () => {
    const several = writeSign(out([input("Total current assets", 7453e6), input("Total current liabilities", 5175e6)], 2278e6), "profit", false)!;
    expect(several).toMatch(/^Yes — /);
    expect(several).toContain("Formula: Working capital = Total current assets − Total current liabilities");
    expect(several).toContain("- Total current liabilities, fiscal 2022");
    expect(several).not.toContain('(line "Total current assets")');
    expect(writeSign(out([input("Working capital", -5e6)], -5e6), "profit", false)).toMatch(/^No — .*negative \(line "Working capital"\)/);
  });
});

describe("a topic naming a date of an act", () => {
  it("asks a date when an act is named ('announcement date', 'year founded', 'implementation timing'), and a date is no figure's value", async () => {
    const { classifyQuestion } = await import("@/lib/answers/narrative/answer-type");
    for (const q of ["acme restructuring plan announcement date", "acme year founded", "acme consolidation plan full implementation timing", "acme ipo completion date"]) {
      expect(classifyQuestion(q).kind, q).toBe("date");
    }
    expect(readQuestion("acme restructuring plan announcement date", ROOM).narrative).toBe(true);
  });

  it("a timing of no act named ('pfas exit timing', 'network 2.0 timing') asks no date a sentence could be checked for", async () => {
    const { classifyQuestion } = await import("@/lib/answers/narrative/answer-type");
    for (const q of ["acme pfas exit timing", "acme network 2.0 timing"]) expect(classifyQuestion(q).kind, q).not.toBe("date");
  });
});

describe("what was spent on something", () => {
  it("reads 'spend on shipping' as the figure the filings name 'shipping costs', unless the catalog names it", () => {
    for (const q of ["what did acme spend on shipping in 2019", "how much did acme spend on shipping in 2019?", "acme spent on shipping 2019"]) {
      expect(readQuestion(q, ROOM).label, q).toBe("shipping costs");
    }
    expect(readQuestion("how much did acme spend on new plants and equipment in 2019", ROOM).concepts.map((c) => c.id)).toEqual(["capital_expenditure"]);
    // the question's own words stay as typed for every other reader
    expect(readQuestion("what did acme spend on shipping in 2019", ROOM).text).toContain("spend on shipping");
  });
});

describe("everyday verbs of a cause", () => {
  it("'what's eating into', 'weighing on', 'driving' ask the reason, and name no part", () => {
    for (const q of ["whats eating into acme's gross margin in fy23", "what's weighing on acme's gross margin in 2023", "what's driving acme's revenue growth in fy23", "what is hurting acme's margins"]) {
      const r = readQuestion(q, ROOM);
      expect(r.reason, q).toBe(true);
      expect(r.scope, q).toBeUndefined();
    }
  });
});
