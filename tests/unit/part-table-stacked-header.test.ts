/**
 * Headers that PDF text sets down one cell a line (lib/extraction/findings/parts.ts): "FISCAL" /
 * "2024" / "FISCAL" / "2023 (1)" / "%" / "CHANGE" … is one header of three periods, so each value
 * keeps its own year; column pieces ("CHANGES", "EXCLUDING", "CURRENCY") never title the table; and
 * a period printed with words of its own ("2022 Acquisitions Other") still heads a column group, not
 * a stacked period. Fixtures are invented tables in the layout annual reports print.
 */
import { describe, expect, it } from "vitest";
import { extractPartFindings } from "@/lib/extraction/findings/parts";

const payloads = (lines: string[]) => extractPartFindings({ pageNumber: 4, text: lines.join("\n") }, {}).map((c) => c.payload);

describe("a header printed one cell a line", () => {
  const STACKED = [
    "CONSOLIDATED OPERATING RESULTS", "REVENUES", "(Dollars in millions)",
    "FISCAL", "2024", "FISCAL", "2023 (1)", "", "%", "CHANGE", "% CHANGE", "EXCLUDING", "CURRENCY", "CHANGES", "", "(2)", "",
    "FISCAL", "2022 (1)", "", "%", "CHANGE", "% CHANGE", "EXCLUDING", "CURRENCY", "CHANGES",
    "Revenues by:",
    "Widgets $ 1,200 $ 1,000 20 % 22 % $ 900 11 % 10 %",
    "Gadgets 300 250 20 % 21 % 240 4 % 3 %",
    "TOTAL REVENUES $ 1,500 $ 1,250 20 % 22 % $ 1,140 10 % 9 %",
  ];

  it("gives each value the year printed above its column, not the last year read", () => {
    const widgets = payloads(STACKED).filter((p) => p.part?.label === "Widgets");
    expect(widgets.map((p) => `${p.period}=${p.valueText}`).sort()).toEqual(["FY2022=900", "FY2023=1,000", "FY2024=1,200"]);
  });

  it("titles the table by the heading above the header, not by a period word", () => {
    const widgets = payloads(STACKED).find((p) => p.part?.label === "Widgets");
    expect(widgets?.part?.title).toMatch(/REVENUES/);
    expect(widgets?.part?.title).not.toMatch(/FISCAL/);
  });
});

describe("column pieces printed under a header on one line each", () => {
  it("keeps the region heading as the table's title when 'CHANGES' closes the header", () => {
    const ps = payloads([
      "WESTERN REGION",
      "(Dollars in millions) FISCAL 2024 FISCAL 2023 % CHANGE", "% CHANGE", "EXCLUDING", "CURRENCY",
      "CHANGES FISCAL 2022 % CHANGE", "% CHANGE", "EXCLUDING", "CURRENCY", "CHANGES",
      "Revenues by:",
      "Widgets $ 500 $ 400 25% 25% $ 300 33% 33%",
      "TOTAL REVENUES $ 800 $ 650 23% 23% $ 500 30% 30%",
    ]);
    const widgets = ps.filter((p) => p.part?.label === "Widgets");
    expect(widgets.length).toBeGreaterThan(0);
    expect(widgets.every((p) => p.part?.title === "WESTERN REGION")).toBe(true);
    expect(widgets.find((p) => p.period === "FY2024")?.valueText).toBe("500");
  });
});

describe("a period printed with words of its own", () => {
  it("does not stack a roll-forward's years into one header that shifts its values", () => {
    const ps = payloads([
      "Goodwill by segment was as follows (in thousands):",
      "2022 Acquisitions Other", "(1) 2023 Acquisitions Other", "(1) 2024",
      "Segment A $ 100 $ 5 $ (1) $ 104 $ — $ 2 $ 106",
      "Segment B 200 — (3) 197 10 1 208",
    ]);
    for (const p of ps.filter((x) => x.part?.label === "Segment A")) {
      const want: Record<string, string> = { FY2022: "100", FY2023: "104", FY2024: "106" };
      expect(`${p.period}=${p.valueText}`).toBe(`${p.period}=${want[String(p.period)] ?? "none"}`);
    }
  });
});
