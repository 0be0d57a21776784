/**
 * Relations only between figures of the same claim: the same scope (the company's total, one named
 * part, a per-share or a non-operating line), the same period type and last day. A later company
 * report's different figure is a restatement (SUPERSEDES, "restated in …"), never a conflict.
 */
import { describe, expect, it } from "vitest";
import { planRelations, type FindingInfo, type PlanInput } from "@/lib/graph/detect/plan";
import type { DocInfo } from "@/lib/graph/detect/documents";

const D = (id: string, filename: string, extra: Partial<DocInfo> = {}): DocInfo => ({ id, filename, company: "Quillon Systems Inc.", ...extra });
const F = (id: string, documentId: string, valueNum: number, extra: Partial<FindingInfo> = {}): FindingInfo => ({
  id, documentId, metricKey: "revenue", metric: "Net sales", period: "FY2022", periodEnd: "2022-12-31", periodType: "year", periodMonths: 12,
  scope: "consolidated", valueNum, valueText: String(valueNum), isForecast: false, sourcePage: 1, currency: "USD", ...extra,
});
const between = (input: PlanInput, type: string, rule?: "legacy") =>
  planRelations(input, { rule }).relations.filter((r) => r.type === type && r.fromKind === "finding" && r.toKind === "finding").map((r) => [r.fromId, r.toId].sort().join("|"));

// a deck and a filing of one company: their different figures for one claim are a conflict
const deckAndReport = [D("deck", "Investor_Deck_2023.pdf", { kind: "presentation", documentDate: "2023-03-01" }), D("ar", "Annual_Report_2022.pdf", { kind: "annual report", fiscalYear: 2022, documentDate: "2023-02-20" })];

describe("relations between findings of the same claim only", () => {
  it("a segment row and the consolidated total of the same metric and year are not CONTRADICTS", () => {
    const input: PlanInput = {
      documents: deckAndReport,
      findings: [F("total", "ar", 52_000_000), F("seg", "deck", 19_500_000, { scope: "segment", scopeName: "Orbital Systems" })],
    };
    expect(between(input, "CONTRADICTS")).toEqual([]);
    // the rule before scopes linked them
    expect(between(input, "CONTRADICTS", "legacy")).toEqual(["seg|total"]);
  });

  it("two regions' figures are not CONTRADICTS, and one region's against itself is", () => {
    const input: PlanInput = {
      documents: deckAndReport,
      findings: [
        F("eu_ar", "ar", 9_000_000, { scope: "geography", scopeName: "Europe" }),
        F("am_deck", "deck", 30_000_000, { scope: "geography", scopeName: "Americas" }),
        F("eu_deck", "deck", 9_600_000, { scope: "geography", scopeName: "europe" }),
      ],
    };
    expect(between(input, "CONTRADICTS")).toEqual(["eu_ar|eu_deck"]);
  });

  it("a per-share amount and a non-operating line are never compared with the total", () => {
    const input: PlanInput = {
      documents: deckAndReport,
      findings: [
        F("ni", "ar", 6_830_000_000, { metricKey: "net_income", metric: "Net earnings" }),
        F("eps", "deck", 9.81, { metricKey: "net_income", metric: "Net earnings", scope: "per_share" }),
        F("disc", "deck", 100_000_000, { metricKey: "net_income", metric: "Net earnings", scope: "non_operating" }),
      ],
    };
    expect(between(input, "CONTRADICTS")).toEqual([]);
    expect(between(input, "CONTRADICTS", "legacy").length).toBeGreaterThan(0);
  });

  it("a quarter and a year ending on the same day are not CONTRADICTS, even under one label", () => {
    const input: PlanInput = {
      documents: deckAndReport,
      // a fourth-quarter column read under the year's label
      findings: [F("year", "ar", 52_000_000), F("quarter", "deck", 14_000_000, { periodType: "quarter", periodMonths: 3 })],
    };
    expect(between(input, "CONTRADICTS")).toEqual([]);
    expect(between(input, "CONTRADICTS", "legacy")).toEqual(["quarter|year"]);
  });

  it("years of one label ending on different days (a 52/53-week year and a calendar year) are not compared", () => {
    const input: PlanInput = { documents: deckAndReport, findings: [F("a", "ar", 52_000_000), F("b", "deck", 51_000_000, { periodEnd: "2022-09-24" })] };
    expect(between(input, "CONTRADICTS")).toEqual([]);
  });

  it("a later 10-K's restated prior-year figure is SUPERSEDES, with the filing named in 'restated in'", () => {
    const input: PlanInput = {
      documents: [
        D("k21", "QUILLON_2021_10K.pdf", { kind: "annual report", fiscalYear: 2021, documentDate: "2021-11-01" }),
        D("k22", "QUILLON_2022_10K.pdf", { kind: "annual report", fiscalYear: 2022, documentDate: "2022-11-01" }),
      ],
      findings: [F("old", "k21", 40_000_000, { period: "FY2021", periodEnd: "2021-09-25" }), F("new", "k22", 39_200_000, { period: "FY2021", periodEnd: "2021-09-25" })],
    };
    const plan = planRelations(input);
    const sup = plan.relations.find((r) => r.type === "SUPERSEDES" && r.fromKind === "finding");
    expect(sup).toMatchObject({ fromId: "new", toId: "old", createdBy: "restatement" });
    expect(sup!.reason).toMatch(/^Restated in QUILLON_2022_10K\.pdf/);
    expect(plan.superseded.has("old")).toBe(true);
    expect(between(input, "CONTRADICTS")).toEqual([]);
  });

  it("a segment's restated figure supersedes the same segment's, never the total", () => {
    const input: PlanInput = {
      documents: [
        D("k21", "QUILLON_2021_10K.pdf", { kind: "annual report", fiscalYear: 2021 }),
        D("k22", "QUILLON_2022_10K.pdf", { kind: "annual report", fiscalYear: 2022 }),
      ],
      findings: [
        F("total21", "k21", 40_000_000, { period: "FY2021" }),
        F("seg22", "k22", 12_000_000, { period: "FY2021", scope: "segment", scopeName: "Orbital Systems" }),
        F("seg21", "k21", 12_500_000, { period: "FY2021", scope: "segment", scopeName: "Orbital Systems" }),
      ],
    };
    expect(between(input, "SUPERSEDES")).toEqual(["seg21|seg22"]);
    expect(planRelations(input).superseded.has("total21")).toBe(false);
  });

  it("rows of part tables sharing a page-and-row key in two filings are not related (the key is a place, not a concept)", () => {
    const input: PlanInput = {
      documents: [
        D("k21", "QUILLON_2021_10K.pdf", { kind: "annual report", fiscalYear: 2021 }),
        D("k22", "QUILLON_2022_10K.pdf", { kind: "annual report", fiscalYear: 2022 }),
      ],
      findings: [
        F("tablet21", "k21", 23_700_000_000, { metricKey: "part:tablets_net_sales:p24r2", metric: "Tablets (net sales)", period: "FY2020", scope: "programme", scopeName: "Tablets" }),
        F("other22", "k22", -8_000_000, { metricKey: "part:tablets_net_sales:p24r2", metric: "Tablets (net sales)", period: "FY2020", scope: "programme", scopeName: "Tablets" }),
      ],
    };
    expect(between(input, "SUPERSEDES")).toEqual([]);
    expect(between(input, "CONTRADICTS")).toEqual([]);
    expect(between(input, "SUPERSEDES", "legacy")).toEqual(["other22|tablet21"]);
  });

  it("an earnings release's figure that a later 10-K states otherwise is SUPERSEDES (restated in the 10-K), not CONTRADICTS", () => {
    const input: PlanInput = {
      documents: [
        D("er", "QUILLON_2022Q4_EARNINGS.pdf", { kind: "earnings release", fiscalYear: 2022, fiscalPeriod: "Q4", documentDate: "2023-01-26" }),
        D("k", "QUILLON_2022_10K.pdf", { kind: "annual report", fiscalYear: 2022, fiscalPeriod: "FY", documentDate: "2023-02-24" }),
      ],
      findings: [F("release", "er", 52_000_000), F("filed", "k", 51_600_000)],
    };
    expect(between(input, "CONTRADICTS")).toEqual([]);
    const sup = planRelations(input).relations.find((r) => r.type === "SUPERSEDES" && r.fromKind === "finding");
    expect(sup).toMatchObject({ fromId: "filed", toId: "release" });
    expect(sup!.reason).toMatch(/Restated in QUILLON_2022_10K\.pdf/);
  });

  it("a quarter's 10-Q restates its earnings release though the filing is stored under its period end (before the release date)", () => {
    const input: PlanInput = {
      documents: [
        D("er", "QUILLON_2023Q2_EARNINGS.pdf", { kind: "earnings release", fiscalYear: 2023, fiscalPeriod: "Q2", documentDate: "2023-07-26" }),
        D("q", "QUILLON_2023Q2_10Q.pdf", { kind: "quarterly report", fiscalYear: 2023, fiscalPeriod: "Q2", documentDate: "2023-06-30" }),
      ],
      findings: [
        F("release", "er", 2_540_000_000, { period: "Q2 2023", periodEnd: "2023-06-30", periodType: "quarter", periodMonths: 3 }),
        F("filed", "q", 2_450_000_000, { period: "Q2 2023", periodEnd: "2023-06-30", periodType: "quarter", periodMonths: 3 }),
      ],
    };
    const sup = planRelations(input).relations.find((r) => r.type === "SUPERSEDES" && r.fromKind === "finding");
    expect(sup).toMatchObject({ fromId: "filed", toId: "release" });
    expect(between(input, "CONTRADICTS")).toEqual([]);
  });

  it("two consolidated values for one period from a presentation and a 10-K of one company stay CONTRADICTS (neither restates the other)", () => {
    const input: PlanInput = { documents: deckAndReport, findings: [F("filed", "ar", 52_000_000), F("deck_fig", "deck", 54_000_000)] };
    expect(between(input, "CONTRADICTS")).toEqual(["deck_fig|filed"]);
    expect(between(input, "SUPERSEDES")).toEqual([]);
  });

  it("two company reports that cannot be ordered keep a different figure as CONTRADICTS", () => {
    const input: PlanInput = {
      documents: [
        D("a", "release_a.pdf", { kind: "earnings release", documentDate: "2023-01-26" }),
        D("b", "release_b.pdf", { kind: "earnings release", documentDate: "2023-01-26" }),
      ],
      findings: [F("x", "a", 52_000_000), F("y", "b", 50_000_000)],
    };
    expect(between(input, "CONTRADICTS")).toEqual(["x|y"]);
  });
});
