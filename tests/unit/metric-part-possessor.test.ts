/**
 * A possessive naming a part of the company ("Mobileye's revenue" in a deal of Intel's filings) is
 * not the company's statement line; the company's own possessive, periods and contractions
 * ("Here's the question") are.
 */
import { describe, expect, it } from "vitest";
import { possessorOtherThan } from "@/lib/agent/knowledge/metric-answer";
import { statementCandidates } from "@/lib/extraction/findings/statements";
import { readStatements } from "@/lib/statements";

const company = { name: "Acme Corporation", key: "acme" };

describe("possessorOtherThan", () => {
  it("names a subsidiary or brand the possessive owns the figure of", () => {
    expect(possessorOtherThan("What was Rovercam's revenue in the first quarter of 2023?", company)).toBe("Rovercam");
    expect(possessorOtherThan("What was the Utility's net income in 2022?", company)).toBe("Utility");
  });

  it("does not take the company, a period or a contraction for a part", () => {
    expect(possessorOtherThan("What was Acme's revenue in FY2023?", company)).toBeUndefined();
    expect(possessorOtherThan("What was ACME's FY2023 capex?", company)).toBeUndefined();
    expect(possessorOtherThan("What was Q3's revenue?", company)).toBeUndefined();
    expect(possessorOtherThan("Here's the question: what is the FY2015 EBITDA margin?", company)).toBeUndefined();
  });
});

describe("a count printed under a statement", () => {
  it("is a count in its own scale ('Employees (in thousands)'), not money in the statement's millions", () => {
    const text = [
      "Consolidated Condensed Statements of Income", "(In millions, except per share amounts) Three Months Ended Apr 1, 2023 Apr 2, 2022",
      "Net revenue $ 11,715 $ 18,353", "Cost of sales 7,707 9,101", "Gross margin 4,008 9,252", "Operating income (loss) (1,468) 4,339",
      "Income (loss) before taxes (1,150) 9,631", "Provision for (benefit from) taxes 1,601 1,536", "Net income (loss) $ (2,751) $ 8,095",
      "Other information:", "Employees (in thousands) 125.5 122.9",
    ].join("\n");
    const pages = [{ page: 6, text }];
    const cands = statementCandidates(readStatements({ pages }), pages.map((p) => ({ pageNumber: p.page, text: p.text })) as never);
    const emp = cands.find((c) => /employees/i.test(c.payload.metric) && c.payload.valueText === "125.5");
    expect(emp?.payload.unit).toBe("count");
    expect(emp?.payload.valueNum).toBe(125500);
    expect(emp?.payload.currency).toBeUndefined();
    const revenue = cands.find((c) => c.payload.metricKey === "revenue" && c.payload.valueText === "11,715");
    expect(revenue?.payload.valueNum).toBe(11715e6);
  });
});
