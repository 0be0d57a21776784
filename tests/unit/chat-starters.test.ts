import { describe, expect, it } from "vitest";
import { starterQuestions } from "@/lib/ui/starters";

describe("chat starter questions (drawn from the deal's documents)", () => {
  it("asks about the data room's own latest period and documents, never a fixed quarter", () => {
    const qs = starterQuestions([
      { filename: "annual-report-2022.pdf", status: "indexed", kind: "annual report", fiscalYear: 2022, fiscalPeriod: "FY" },
      { filename: "annual-report-2023.pdf", status: "indexed", kind: "annual report", fiscalYear: 2023, fiscalPeriod: "FY" },
      { filename: "draft.pdf", status: "failed" },
    ]);
    expect(qs).toEqual(["What was revenue in FY2023?", "How did revenue change from FY2022 to FY2023?", "Summarise annual-report-2023.pdf (annual report)", "Which risks do these documents mention?"]);
    expect(starterQuestions([{ filename: "q3.pdf", status: "indexed", fiscalYear: 2024, fiscalPeriod: "Q3" }])[0]).toBe("What was revenue in Q3 2024?");
  });

  it("offers nothing to ask before a document is indexed, and no period when none is known", () => {
    expect(starterQuestions([])).toEqual([]);
    expect(starterQuestions([{ filename: "x.pdf", status: "parsing" }])).toEqual([]);
    const qs = starterQuestions([{ filename: "lease.docx", status: "indexed", kind: null }]);
    expect(qs).toEqual(["Summarise lease.docx", "Which risks does it mention?", "What's missing for the IRL?"]);
    expect(qs.join(" ")).not.toMatch(/Q3|revenue/);
  });
});
