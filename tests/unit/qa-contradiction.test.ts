/** Contradiction Q&A items and relation reasons show both figures in one unit, the unit named. */
import { describe, expect, it } from "vitest";
import { planRelations } from "@/lib/graph/detect/plan";
import { inSameUnit } from "@/lib/graph/detect/values";
import { contradictionQuestion } from "@/lib/irl/qa-contradiction";

describe("inSameUnit", () => {
  it("one scale and currency for all, the fewest decimals that show each figure and keep them apart", () => {
    expect(inSameUnit([{ valueNum: 18_900_000, valueText: "18.9", currency: "EUR" }, { valueNum: 18_400_000, valueText: "18,400", currency: null }])).toEqual(["EUR 18.9 million", "EUR 18.4 million"]);
    expect(inSameUnit([{ valueNum: 900_000, currency: "USD" }, { valueNum: 1_150_000, currency: "USD" }])).toEqual(["USD 0.90 million", "USD 1.15 million"]);
    expect(inSameUnit([{ valueNum: 18_412_000, currency: "EUR" }, { valueNum: 18_400_000, currency: "EUR" }])).toEqual(["EUR 18.412 million", "EUR 18.400 million"]);
    expect(inSameUnit([{ valueNum: 45, unit: "percent" }, { valueNum: 47.5, unit: "percent" }])).toEqual(["45.0%", "47.5%"]);
    expect(inSameUnit([{ valueNum: 155, unit: "count" }, { valueNum: 1_550, unit: "count" }])).toEqual(["155", "1,550"]);
    expect(inSameUnit([{ valueNum: null, valueText: "not disclosed" }, { valueNum: 2_000, currency: "SEK" }])).toEqual(["not disclosed", "SEK 2 thousand"]);
  });
});

describe("contradictionQuestion", () => {
  it("names both figures in the same unit with their sources (a cell for a sheet)", () => {
    const q = contradictionQuestion("revenue", "FY2023",
      { valueNum: 18_900_000, valueText: "18.9", currency: "EUR", unit: "currency", document: "Deck.pdf", page: 4 },
      { valueNum: 18_400_000, valueText: "18400", currency: "EUR", unit: "currency", document: "plan.xlsx", page: 3, cell: "'P&L'!B6" });
    expect(q).toBe("Revenue for FY2023 is stated as EUR 18.9 million in Deck.pdf (p.4) and as EUR 18.4 million in plan.xlsx ('P&L'!B6). Which figure is correct, and what explains the difference?");
  });
});

describe("relation reasons", () => {
  it("a CONTRADICTS reason states both figures in one unit", () => {
    const p = planRelations({
      documents: [{ id: "deck", filename: "Deck.pdf", kind: "management presentation", documentDate: "2024-10-03" }, { id: "plan", filename: "plan.xlsx", kind: "financial model", documentDate: "2024-09-27" }],
      findings: [
        { id: "a", documentId: "deck", metricKey: "revenue", period: "FY2023", valueNum: 18_900_000, valueText: "18.9", unit: "currency", currency: "EUR", isForecast: false, sourcePage: 4 },
        { id: "b", documentId: "plan", metricKey: "revenue", period: "FY2023", valueNum: 18_400_000, valueText: "18400", unit: "currency", currency: "EUR", isForecast: false, sourcePage: 3 },
      ],
    });
    const contra = p.relations.filter((r) => r.type === "CONTRADICTS");
    expect(contra).toHaveLength(1);
    expect(contra[0]!.reason).toBe("revenue for FY2023: EUR 18.9 million (Deck.pdf p.4) vs EUR 18.4 million (plan.xlsx p.3); same period, no correction between the documents.");
  });
});
