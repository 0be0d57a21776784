/**
 * "Sales" and "revenues" in a question are revenue, but an expense or cost named after them is not
 * (the knowledge readers would otherwise answer "marketing and sales expense" with the revenue line).
 */
import { describe, expect, it } from "vitest";
import { detectMetrics } from "@/lib/agent/knowledge/metrics";

const keys = (q: string) => detectMetrics(q).map((m) => m.key);

describe("detectMetrics: revenue", () => {
  it("reads revenue, sales and turnover asked as such", () => {
    for (const q of ["What were net sales in FY2023?", "What were total revenues in 2022?", "Revenue growth in 2022?", "What was turnover in 2023?", "What were Q3 sales?", "What is the revenue of the Cloud segment?"]) {
      expect(keys(q), q).toContain("revenue");
    }
  });

  it("does not read an expense, a cost or a tax named after sales or revenues as revenue", () => {
    for (const q of [
      "What was marketing and sales expense in FY2022?",
      "What were sales and marketing expenses in 2023?",
      "What is the cost of sales in 2023?",
      "What was cost of revenues in FY2021?",
      "How much sales tax payable was there?",
      "How large is the sales force?",
      "What was employee turnover?",
    ]) {
      expect(keys(q), q).not.toContain("revenue");
    }
  });
});
