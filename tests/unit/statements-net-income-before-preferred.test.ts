/**
 * Net income is the statement's "Net income (loss)" line. A line "attributable to common shareholders"
 * printed under a preferred dividend is another figure (net income less the preferred dividend), not
 * net income; under a noncontrolling-interest line, the line attributable to the parent's shareholders
 * is the parent's net income, as before. Invented statements in the shapes filings print.
 */
import { describe, expect, it } from "vitest";
import { readStatements, type Statement } from "@/lib/statements";

const page = (n: number, lines: string[]) => ({ page: n, text: lines.join("\n") });
const income = (sts: Statement[]) => sts.find((s) => s.kind === "income")!;
const keyed = (st: Statement, key: string) => st.lines.filter((l) => l.key === key).map((l) => l.label);

const head = [
  "Example Power Holdings",
  "CONSOLIDATED STATEMENTS OF INCOME",
  "(in millions, except per share amounts)",
  "Year ended December 31,",
  "2024 2023 2022",
  "Operating revenues $ 9,000 $ 8,500 $ 8,100",
  "Operating expenses 7,600 7,400 7,300",
  "Operating Income 1,400 1,100 800",
  "Interest expense (500) (480) (460)",
  "Income Before Income Taxes 900 620 340",
  "Income tax provision 250 170 90",
];

describe("net income beside a line attributable to common shareholders", () => {
  for (const [plain, common] of [
    ["Net Income (Loss) 650 450 250", "Income (Loss) Attributable to Common Shareholders $ 636 $ 436 $ 236"],
    ["Net income 650 450 250", "Net income available for common stockholders $ 636 $ 436 $ 236"],
    ["Net Loss 650 450 250", "Loss Attributable to Common Shareholders $ 636 $ 436 $ 236"],
  ]) {
    it(`reads "${plain.replace(/ [\d,$ ]+$/, "")}" as net income, not "${common.replace(/ [\d,$ ]+$/, "")}"`, () => {
      const st = income(readStatements({ pages: [page(5, [...head, plain, "Preferred stock dividend requirement of subsidiary 14 14 14", common, "Net Income Per Common Share, Basic $ 0.30 $ 0.20 $ 0.10"])] }));
      expect(keyed(st, "net_income")).toEqual([plain.replace(/ [\d,$ ]+$/, "")]);
      expect(keyed(st, "net_income_including_nci")).toEqual([]);
    });
  }

  it("still reads the parent's line as net income when a noncontrolling interest is deducted", () => {
    const st = income(readStatements({ pages: [page(5, [...head, "Net income 650 450 250", "Less: Net income attributable to noncontrolling interests 20 15 10", "Net income attributable to common shareholders $ 630 $ 435 $ 240", "Earnings per common share, basic $ 0.30 $ 0.20 $ 0.10"])] }));
    expect(keyed(st, "net_income")).toEqual(["Net income attributable to common shareholders"]);
    expect(keyed(st, "net_income_including_nci")).toEqual(["Net income"]);
  });
});
