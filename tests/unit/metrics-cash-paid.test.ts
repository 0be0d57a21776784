/** "Cash paid for income taxes" is the cash-flow statement's supplemental line, not the income-statement provision. */
import { describe, expect, it } from "vitest";
import { parseMetricQuestion } from "@/lib/metrics";

describe("cash paid for a figure", () => {
  it("is not the expense line of the same name", () => {
    expect(parseMetricQuestion("How much cash did Acme pay for income taxes, net of tax refunds, in FY2022?")).toBeNull();
    expect(parseMetricQuestion("What were Acme's payments of income taxes in FY2022?")).toBeNull();
    expect((parseMetricQuestion("What was Acme's provision for income taxes in FY2022?") as { metric: { id: string } } | null)?.metric.id).toBe("income_tax_expense");
  });

  it("reads a quarter named by its end date as that quarter, not the date's fiscal year", () => {
    const r = parseMetricQuestion("What was Acme's net income for the three months ended October 31, 2022, in USD millions?") as { periods: string[] } | null;
    expect(r?.periods).toEqual(["quarter ended 2022-10-31"]);
  });
});
