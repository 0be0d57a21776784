/**
 * A footnote marker printed after a row's label, "(1)", is no figure of the row: the periods'
 * values stay in their columns when the row also prints change columns and its figures run onto
 * the next line ("Demand creation expense" / "(1) $ 4,060 $ 3,850 5% $ 3,114 24%"). Fixtures are
 * invented tables in the shapes 10-K pages print them.
 */
import { describe, expect, it } from "vitest";
import { extractPartFindings } from "@/lib/extraction/findings/parts";

const payloads = (text: string) => extractPartFindings({ pageNumber: 38, text }, {}).map((c) => c.payload);

describe("a footnote marker after a row's label", () => {
  const text = [
    "(Dollars in millions) FISCAL 2023 FISCAL 2022 % CHANGE FISCAL 2021 % CHANGE",
    "Marketing expense",
    "(1) $ 4,060 $ 3,850 5% $ 3,114 24%",
    "Operating overhead expense 12,317 10,954 12% 9,911 11%",
    "Total selling and administrative expense $ 16,377 $ 14,804 11% $ 13,025 14%",
    "(1) Marketing expense consists of advertising and promotion costs.",
  ].join("\n");

  it("is not read as the first period's value, and the periods keep their own figures, the figures printed a line below the label", () => {
    const ps = payloads(text).filter((p) => p.part.label.startsWith("Marketing expense"));
    const by = Object.fromEntries(ps.map((p) => [p.period, p.valueNum]));
    expect(by.FY2023).toBe(4_060_000_000);
    expect(by.FY2022).toBe(3_850_000_000);
    expect(by.FY2021).toBe(3_114_000_000);
  });

  it("is dropped when printed on the label's own line too", () => {
    const inline = text.replace("Marketing expense\n(1) $", "Marketing expense (1) $");
    const ps = payloads(inline).filter((p) => p.part.label.startsWith("Marketing expense"));
    expect(ps.find((p) => p.period === "FY2023")?.valueNum).toBe(4_060_000_000);
  });

  it("leaves a row without a marker as printed", () => {
    const ps = payloads(text).filter((p) => p.part.label === "Operating overhead expense");
    expect(ps.find((p) => p.period === "FY2023")?.valueNum).toBe(12_317_000_000);
  });
});
