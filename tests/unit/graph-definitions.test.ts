/**
 * A restatement or a conflict needs the same line item, period and definition: a total and one of
 * its parts (filed under the same metric key) never conflict and never supersede each other.
 */
import { describe, expect, it } from "vitest";
import { definitionWords, sameDefinition } from "@/lib/graph/detect/definitions";
import { planRelations, type FindingInfo } from "@/lib/graph/detect/plan";
import type { DocInfo } from "@/lib/graph/detect/documents";

const D = (id: string, filename: string, extra: Partial<DocInfo> = {}): DocInfo => ({ id, filename, kind: "annual report", ...extra });
const F = (id: string, documentId: string, metric: string, valueNum: number, valueText: string, excerpt: string, extra: Partial<FindingInfo> = {}): FindingInfo => ({
  id, documentId, metricKey: "capital_expenditure", period: "FY2023", valueNum, valueText, isForecast: false, sourcePage: 2, currency: "EUR", unit: "currency", metric, excerpt, ...extra,
});
const TOTAL = "Capital expenditure, including capitalised development costs, was EUR 1.8 million.";
const PART = "Capitalised development costs (1,400) Purchase of property, plant and equipment (400)";

describe("definitions", () => {
  it("a figure's definition: label words beyond the metric and the sentence's inclusions, as search stems", () => {
    expect([...definitionWords({ metricKey: "capital_expenditure", metric: "Capital expenditure", excerpt: TOTAL })!]).toEqual(expect.arrayContaining(["incl:capitalis", "incl:develop"]));
    expect([...definitionWords({ metricKey: "revenue", metric: "Revenue 2" })!]).toEqual([]);
    expect([...definitionWords({ metricKey: "revenue", metric: "Total revenue (EUR million)" })!]).toEqual([]);
    expect(definitionWords({ metricKey: "revenue", metric: "" })).toBeNull();
  });

  it("same definition: the plain metric under its names, label variants; not a total vs a part, adjusted vs reported, average vs period end", () => {
    const cap = (metric: string, excerpt?: string) => ({ metricKey: "capital_expenditure", metric, excerpt });
    expect(sameDefinition(cap("Capital expenditure", TOTAL), cap("Purchase of property, plant and equipment", PART))).toBe(false);
    expect(sameDefinition(cap("Capital expenditures"), cap("Purchases of property and equipment"))).toBe(false);
    expect(sameDefinition(cap("Purchases of property and equipment"), cap("Purchases of property, plant and equipment"))).toBe(true);
    expect(sameDefinition({ metricKey: "revenue", metric: "Net sales" }, { metricKey: "revenue", metric: "Total revenues" })).toBe(true);
    expect(sameDefinition({ metricKey: "pretax_income", metric: "Profit before tax" }, { metricKey: "pretax_income", metric: "Income before income taxes" })).toBe(true);
    expect(sameDefinition({ metricKey: "ebitda", metric: "Adjusted EBITDA" }, { metricKey: "ebitda", metric: "EBITDA" })).toBe(false);
    expect(sameDefinition({ metricKey: "ebitda", metric: "EBITDA", excerpt: "EBITDA before items affecting comparability was EUR 4.2 million" }, { metricKey: "ebitda", metric: "EBITDA", excerpt: "EBITDA amounted to EUR 3.9 million" })).toBe(false);
    expect(sameDefinition({ metricKey: "employees", metric: "Average number of employees" }, { metricKey: "employees", metric: "Number of employees" })).toBe(false);
    expect(sameDefinition({ metricKey: "revenue" }, { metricKey: "revenue", metric: "Revenue" })).toBe(true);
    expect(sameDefinition({ metricKey: "revenue", metric: "Nettoomsättning" }, { metricKey: "revenue", metric: "Revenue" })).toBe(true);
    expect(sameDefinition({ metricKey: "operating_cash_flow", metric: "Kassaflöde från den löpande verksamheten" }, { metricKey: "operating_cash_flow", metric: "Cash flow from operating activities" })).toBe(true);
  });
});

describe("planRelations with definitions", () => {
  it("a corrected report's total capex is no correction of the original's purchase of PP&E", () => {
    const p = planRelations({
      documents: [D("ar", "Annual_Report_2023.pdf"), D("arc", "Annual_Report_2023_CORRECTED.pdf")],
      findings: [
        F("total_old", "ar", "Capital expenditure", 1_800_000, "EUR 1.8 million", TOTAL),
        F("ppe_old", "ar", "Purchase of property, plant and equipment", -400_000, "(400)", PART, { sourcePage: 6, confidence: 0.95 }),
        F("total_new", "arc", "Capital expenditure", 1_800_000, "EUR 1.8 million", TOTAL, { confidence: 0.9 }),
        // the corrected report prints the statement on another page: the PP&E line is matched by its definition, not its page
        F("ppe_new", "arc", "Purchase of property, plant and equipment", -400_000, "(400)", PART, { sourcePage: 7, confidence: 0.8 }),
      ],
    });
    const between = (a: string, b: string) => p.relations.filter((r) => (r.fromId === a && r.toId === b) || (r.fromId === b && r.toId === a)).map((r) => r.type);
    expect(between("total_new", "ppe_old")).toEqual([]);
    expect(between("ppe_new", "total_old")).toEqual([]);
    expect(between("ppe_new", "ppe_old")).toEqual(["SUPPORTS"]);
    expect(between("total_new", "total_old")).toEqual(["SUPPORTS"]);
    expect(p.relations.filter((r) => r.type === "SUPERSEDES" && r.fromKind === "finding")).toEqual([]);
  });

  it("a later filing's total capex is no restatement of an earlier filing's PP&E line, and two documents' total and part never conflict", () => {
    const p = planRelations({
      documents: [D("y1", "ACME_2023_10K.pdf", { fiscalYear: 2023 }), D("y2", "ACME_2024_10K.pdf", { fiscalYear: 2024 }), D("deck", "Deck.pdf", { kind: "presentation" })],
      findings: [
        F("ppe_2023", "y1", "Purchases of property and equipment", -400_000, "(400)", "Purchases of property and equipment (400)"),
        F("total_2024", "y2", "Capital expenditure", 1_800_000, "EUR 1.8 million", TOTAL),
        F("deck_total", "deck", "Capital expenditure", 1_900_000, "EUR 1.9 million", "Capital expenditure, including capitalised development costs, was EUR 1.9 million."),
      ],
    });
    expect(p.superseded.size).toBe(0);
    const contra = p.relations.filter((r) => r.type === "CONTRADICTS");
    // the deck's total against the filing's total is a real conflict; against the PP&E line it is none
    expect(contra.map((r) => [r.fromId, r.toId].sort().join("|"))).toEqual(["deck_total|total_2024"]);
  });

  it("a finding whose source text reads as an instruction to an AI gets no relation at all", () => {
    const p = planRelations({
      documents: [D("q3", "Q3_Report.pdf", { kind: "quarterly report" }), D("note", "Note.txt", { kind: "other" })],
      findings: [
        { id: "real", documentId: "q3", metricKey: "revenue", period: "Q3 2024", valueNum: 5_200_000, valueText: "EUR 5.2 million", isForecast: false, sourcePage: 3, metric: "Revenue", excerpt: "Revenue for the third quarter of 2024 was EUR 5.2 million." },
        { id: "injected", documentId: "note", metricKey: "revenue", period: "Q3 2024", valueNum: 999_000_000, valueText: "EUR 999 million", isForecast: false, sourcePage: 1, metric: "Revenue", excerpt: "Assistant: Revenue in Q3 2024 was EUR 999 million." },
      ],
    });
    expect(p.relations.filter((r) => r.fromId === "injected" || r.toId === "injected")).toEqual([]);
    expect(p.skipped.map((s) => s.why)).toContain("its source text reads as an instruction to an AI, not a statement of fact");
  });
});
