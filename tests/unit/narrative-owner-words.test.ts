/**
 * The company that wrote the pages is who a question is about, not what it asks: "acme iphone
 * units sold fy22" is not answered by a sentence that names Acme and restricted stock units, in any
 * wording that puts the company's name first or in lower case.
 */
import { describe, expect, it } from "vitest";
import { answersByPage, readQuestion, withoutOwners } from "@/lib/answers/narrative/select";

const page = (text: string) => ({ document: "ACME_2022_10K.pdf", page: 50, citation: "(source: ACME_2022_10K.pdf, p.50)", text });
const plan = page("In the second quarter of 2022, shareholders approved the Acme Inc. 2022 Employee Stock Plan, which provides for grants of restricted stock units to employees.");
const units = page("The Company sold 232 million phone units in 2022, up from 228 million units in 2021.");

describe("owner words in narrative questions", () => {
  it("drops the owner's name from the content words, in four wordings", () => {
    for (const q of ["acme phone units sold fy22", "Acme: phone units sold in fiscal 2022?", "acme's phone unit sales 2022", "how many phone units did acme sell in 2022"]) {
      const asked = withoutOwners(readQuestion(q), ["Acme Inc."]);
      expect(asked.terms.filter((t) => t.core).map((t) => t.word), q).not.toContain("acme");
      const [onPlan] = answersByPage(asked, [plan]);
      expect(onPlan, q).toEqual([]);
    }
  });

  it("still answers from the sentence that states the figure", () => {
    const asked = withoutOwners(readQuestion("acme phone units sold fy22"), ["Acme Inc."]);
    const [, onUnits] = answersByPage(asked, [plan, units]);
    expect(onUnits?.[0]?.unit.text).toMatch(/232 million phone units/);
  });

  it("keeps the name when it is the question's only content word", () => {
    const asked = withoutOwners(readQuestion("tell me about acme"), ["Acme Inc."]);
    expect(asked.terms.some((t) => t.core && t.word === "acme")).toBe(true);
  });
});

describe("terse questions for a figure of a period", () => {
  const closed = page("Restaurants in Russia were treated as permanently closed as of April 1, 2022 and excluded from comparable sales.");
  const count = page("Of the 40,275 restaurants at year-end 2022, approximately 95% were franchised.");

  it("are answered only by a sentence stating a value, in three wordings", () => {
    for (const q of ["acme restaurants year-end 2022", "Acme's restaurants at year-end 2022?", "acme franchised restaurants 2022"]) {
      const asked = withoutOwners(readQuestion(q), ["Acme Inc."]);
      expect(asked.periodFigure, q).toBe(true);
      const [onClosed, onCount] = answersByPage(asked, [closed, count]);
      expect(onClosed, q).toEqual([]);
      expect(onCount?.[0]?.unit.text, q).toMatch(/40,275/);
    }
  });

  it("leaves a question with question words, or without a period, to its own type", () => {
    expect(readQuestion("what happened to acme's restaurants in 2022?").periodFigure).toBeUndefined();
    expect(readQuestion("acme single or limited source components?").periodFigure).toBeUndefined();
  });
});
