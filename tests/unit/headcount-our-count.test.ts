/**
 * A headcount a filing states with "our" and no verb of stating ("Each of our 50,110 full- and
 * part-time employees in 45 countries make an important contribution") is the company's stated
 * count (held-out batch s12: it was "not stated").
 */
import { describe, expect, it } from "vitest";
import { conceptById } from "@/lib/agent/concepts/catalog";
import type { Passage } from "@/lib/agent/evidence/passages";
import { writeStated } from "@/lib/agent/offline/answers-from/stated";
import { readQuestion } from "@/lib/agent/reader/read";

const ROOM = ["ACME INC."];
const passage = (text: string, page = 9): Passage => ({ document: "ACME_2022_10K.pdf", page, period: "FY2022", charStart: 0, charEnd: text.length, text, citation: `(source: ACME_2022_10K.pdf, p.${page})` });
const employees = conceptById("employees")!;

describe("a count stated after 'our'", () => {
  it("answers the headcount, on several wordings", () => {
    for (const [text, figure] of [
      ["Each of our 50,110 full- and part-time employees in 45 countries make an important contribution to our success.", "50,110"],
      ["Our approximately 12,400 employees share a commitment to safety in every plant.", "12,400"],
      ["Across the world, our 8,900 employees serve customers in 30 countries.", "8,900"],
    ] as const) {
      const said = writeStated({ company: "ACME INC.", passages: [passage(text)] } as never, employees, readQuestion("How many employees does Acme have?", ROOM));
      expect(said, text).toContain(figure);
    }
  });

  it("does not read a count of something else after 'our' as the headcount", () => {
    const said = writeStated({ company: "ACME INC.", passages: [passage("Our 20 largest suppliers account for half of purchases; employees are trained each year.")] } as never, employees, readQuestion("How many employees does Acme have?", ROOM));
    expect(said).toBeNull();
  });
});

describe("a count the sentence calls a share of the whole", () => {
  it("is a part's count, not the headcount, in three wordings", () => {
    for (const text of [
      "Approximately 50,000 employees, which constitute 32% of our total workforce, were union represented as of December 31, 2022.",
      "About 12,000 of our employees, or 15 percent of our workforce, work outside the United States.",
      "Approximately 8,100 employees, representing 20% of the Company's employees, are covered by collective bargaining agreements.",
    ]) {
      const said = writeStated({ company: "ACME INC.", passages: [passage(text)] } as never, employees, readQuestion("acme headcount at end of 2022?", ROOM));
      expect(said, text).toBeNull();
    }
    const whole = writeStated({ company: "ACME INC.", passages: [passage("As of December 31, 2022, we had approximately 156,000 employees, 40% of whom work outside the United States.")] } as never, employees, readQuestion("acme headcount at end of 2022?", ROOM));
    expect(whole).toContain("156,000");
  });
});

describe("a headcount's move across a span", () => {
  const yearPassage = (year: number, count: string) => ({ document: `ACME_${year}_10K.pdf`, page: 4, period: `FY${year}`, charStart: 0, charEnd: 80, text: `We employed approximately ${count} full-time and part-time employees as of December 31, ${year}.`, citation: `(source: ACME_${year}_10K.pdf, p.4)` });
  it("reads its two ends when no filing states a year between them, in three wordings", () => {
    for (const q of ["how much did acme headcount grow from end of 17 to end of 19", "acme headcount growth 2017 to 2019", "how many more employees did acme have at the end of 2019 than at the end of 2017"]) {
      const r = readQuestion(q, ROOM);
      const said = writeStated({ company: "ACME INC.", passages: [yearPassage(2017, "566,000"), yearPassage(2019, "798,000")] } as never, employees, r);
      expect(said, q).toMatch(/fiscal 2017: \*\*566,000\*\*[\s\S]*fiscal 2019: \*\*798,000\*\*/);
    }
    expect(writeStated({ company: "ACME INC.", passages: [yearPassage(2017, "566,000"), yearPassage(2019, "798,000")] } as never, employees, readQuestion("acme headcount growth 2017 to 2019", ROOM))).toMatch(/Change: \*\*\+232,000\*\* \(\+41\.0%\)/);
  });
  it("still needs both ends", () => {
    expect(writeStated({ company: "ACME INC.", passages: [yearPassage(2019, "798,000")] } as never, employees, readQuestion("acme headcount growth 2017 to 2019", ROOM)) ?? "").not.toMatch(/Change:/);
  });
});
