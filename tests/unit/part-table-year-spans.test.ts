/**
 * Spans of years printed in a debt table: a maturity span after a row's label ("Fixed-rate notes
 * 2031 – 2058 6,000 …") is the label's, never a figure of the row, and a heading naming a span of
 * issuance years ("2014 – 2020 debt issuances:") is no period header, so the rows below keep the
 * table's own periods. Invented table in the shape notes print it.
 */
import { describe, expect, it } from "vitest";
import { extractPartFindings, type PartFindingPayload } from "@/lib/extraction/findings/parts";
import { splitRow } from "@/lib/extraction/findings/tables";

const TERM_DEBT = [
  "Term Debt",
  "The following table provides a summary of the Company's term debt as of September 27, 2024 and September 29, 2023:",
  "Maturities",
  "(calendar year)",
  "2024 2023",
  "Amount",
  "(in millions)",
  "Effective",
  "Interest Rate",
  "Amount",
  "(in millions)",
  "Effective",
  "Interest Rate",
  "",
  "2014 – 2020 debt issuances:",
  "Floating-rate notes 2025 – 2026 $ 1,500 4.10% – 4.60% $ 3,000 5.20% – 5.70%",
  "Fixed-rate 0.500% – 3.850% notes 2025 – 2058 61,200 0.31% – 3.91% 70,400 0.31% – 3.91%",
  "Fourth quarter 2024 debt issuance of $6.0 billion:",
  "Fixed-rate 3.250% – 4.100% notes 2031 – 2058 6,000 3.27% – 4.11% — — %",
  "Total term debt 68,700 73,400",
  "Less: Current portion of term debt (9,800) (9,100)",
  "Total non-current portion of term debt $ 58,900 $ 64,300",
].join("\n");

describe("spans of years in a debt table", () => {
  it("keeps a maturity span in the row's label, not among its figures", () => {
    const row = splitRow("Fixed-rate 3.250% – 4.100% notes 2031 – 2058 6,000 3.27% – 4.11% — —%");
    expect(row?.label).toBe("Fixed-rate 3.250% – 4.100% notes 2031 – 2058");
    expect(row?.values[0]?.raw).toBe("6,000");
    expect(splitRow("Floating-rate notes 2025 – 2026 $ 1,500 4.10% – 4.60% $ 3,000 5.20% – 5.70%")?.label).toBe("Floating-rate notes 2025 – 2026");
  });

  it("reads the table's totals under its own periods, and no year as a figure", () => {
    const parts = extractPartFindings({ pageNumber: 40, text: TERM_DEBT }, { fiscalYear: 2024, fiscalYearEndMonth: 9 }).map((c) => c.payload as PartFindingPayload);
    const total = parts.filter((p) => p.part.label === "Total term debt");
    expect(total.map((p) => p.period)).not.toContain("FY2014");
    expect(total.find((p) => p.valueText === "68,700")?.period).toMatch(/2024/);
    for (const p of parts) expect(Number(p.valueText.replace(/,/g, "")), `${p.part.label} ${p.period}`).not.toSatisfy((v: number) => v >= 2014 && v <= 2058 && !/,/.test(p.valueText));
  });
});
