import { describe, expect, it } from "vitest";
import { compareFilings, isFiling, planRelations, type FindingInfo, type PlanInput } from "@/lib/graph/detect/plan";
import type { DocInfo } from "@/lib/graph/detect/documents";

const D = (id: string, filename: string, extra: Partial<DocInfo> = {}): DocInfo => ({ id, filename, ...extra });
let n = 0;
const F = (documentId: string, metricKey: string, period: string | null, valueNum: number | null, valueText: string, extra: Partial<FindingInfo> = {}): FindingInfo => ({
  id: extra.id ?? `f${++n}`, documentId, metricKey, period, valueNum, valueText, isForecast: false, sourcePage: 1, currency: "EUR", ...extra,
});
const plan = (input: PlanInput) => {
  const p = planRelations(input);
  const rel = (type: string, from: string, to: string, symmetric = false) =>
    p.relations.some((r) => r.type === type && ((r.fromId === from && r.toId === to) || (symmetric && r.fromId === to && r.toId === from)));
  const touching = (type: string, id: string) => p.relations.filter((r) => r.type === type && (r.fromId === id || r.toId === id));
  return { ...p, rel, touching };
};

describe("planRelations", () => {
  it("finding-level version edges: changed value → SUPERSEDES, same value → SUPPORTS; both flag the old finding", () => {
    const p = plan({
      documents: [D("ar", "AR_2023.pdf"), D("arc", "AR_2023_CORRECTED.pdf")],
      findings: [
        F("ar", "ebitda", "FY2023", 3_900_000, "EUR 3.9 million", { id: "e_old" }),
        F("arc", "ebitda", "FY2023", 3_600_000, "EUR 3.6 million", { id: "e_new" }),
        F("ar", "revenue", "FY2023", 18_400_000, "EUR 18.4 million", { id: "r_old" }),
        F("arc", "revenue", "FY2023", 18_400_000, "EUR 18.4 million", { id: "r_new" }),
        F("ar", "capex", "FY2023", 1_800_000, "EUR 1.8 million", { id: "only_old" }),
      ],
    });
    expect(p.rel("SUPERSEDES", "arc", "ar")).toBe(true);
    expect(p.rel("SUPERSEDES", "e_new", "e_old")).toBe(true);
    expect(p.rel("SUPPORTS", "r_new", "r_old")).toBe(true);
    expect(p.rel("SUPERSEDES", "r_new", "r_old")).toBe(false);
    expect([...p.superseded].sort()).toEqual(["e_old", "r_old"]);
    // No counterpart in the new version: the finding stays current.
    expect(p.superseded.has("only_old")).toBe(false);
    expect(p.relations.filter((r) => r.type === "CONTRADICTS")).toEqual([]);
  });

  it("transitive supersession blocks CONTRADICTS even when the middle version lacks the metric", () => {
    const p = plan({
      documents: [D("v1", "plan.xlsx"), D("v2", "plan_v2.xlsx"), D("v3", "plan_v3.xlsx")],
      findings: [F("v1", "ebitda", "FY2024", 100, "100", { id: "a" }), F("v3", "ebitda", "FY2024", 90, "90", { id: "c" })],
    });
    expect(p.rel("SUPERSEDES", "c", "a")).toBe(true);
    expect(p.touching("CONTRADICTS", "a")).toEqual([]);
  });

  it("a manual document SUPERSEDES (made by a user) is honoured but not emitted", () => {
    const p = plan({
      documents: [D("x", "draft.pdf"), D("y", "memo.pdf")],
      findings: [F("x", "revenue", "FY2023", 100, "100", { id: "a" }), F("y", "revenue", "FY2023", 120, "120", { id: "b" })],
      manualDocEdges: [{ fromId: "y", toId: "x" }],
    });
    expect(p.rel("SUPERSEDES", "y", "x")).toBe(false);
    expect(p.rel("SUPERSEDES", "b", "a")).toBe(true);
    expect(p.touching("CONTRADICTS", "a")).toEqual([]);
  });

  it("forecast vs actual is reported, never related; different periods never compared", () => {
    const p = plan({
      documents: [D("deck", "deck.pdf", { documentDate: "2024-10-03" }), D("q3", "Q3_2024_Report.pdf", { documentDate: "2024-10-24", kind: "quarterly report" })],
      findings: [
        F("deck", "revenue", "Q3 2024", 5_000_000, "EUR 5.0 million", { id: "fc", isForecast: true }),
        F("q3", "revenue", "Q3 2024", 5_200_000, "EUR 5.2 million", { id: "act" }),
        F("q3", "revenue", "Q2 2024", 4_800_000, "EUR 4.8 million", { id: "q2" }),
        F("deck", "revenue", "Q2 2024", 4_900_000, "EUR 4.9 million", { id: "q2deck" }),
        F("deck", "revenue", "FY2023", 18_900_000, "EUR 18.9 million", { id: "fy23" }),
        F("q3", "revenue", "FY2024", 20_500_000, "EUR 20.5 million", { id: "fy24" }),
      ],
    });
    expect(p.relations.filter((r) => r.fromKind === "finding" && r.toKind === "finding" && r.type !== "EXTRACTED_FROM").map((r) => [r.type, r.fromId, r.toId])).toEqual([
      ["CONTRADICTS", "q2", "q2deck"],
    ]);
    expect(p.forecastVsActual).toEqual([expect.objectContaining({ a: "fc", b: "act", agree: false, note: expect.stringMatching(/was a forecast/) })]);
  });

  it("rounding: EUR 5.2 million and 5,190,000 SUPPORT each other", () => {
    const p = plan({
      documents: [D("a", "a.pdf"), D("b", "b.pdf")],
      findings: [F("a", "revenue", "Q3 2024", 5_200_000, "EUR 5.2 million", { id: "x" }), F("b", "revenue", "Q3 2024", 5_190_000, "5,190,000", { id: "y" })],
    });
    expect(p.rel("SUPPORTS", "x", "y", true)).toBe(true);
    expect(p.touching("CONTRADICTS", "x")).toEqual([]);
  });

  it("forecasts from different dates that differ are a revision, from the same date a conflict", () => {
    const revision = plan({
      documents: [D("a", "deck.pdf", { documentDate: "2024-10-03" }), D("b", "budget.xlsx", { documentDate: "2024-11-08" })],
      findings: [F("a", "revenue", "FY2025", 24_000_000, "24.0", { id: "x", isForecast: true }), F("b", "revenue", "FY2025", 23_100_000, "23,100", { id: "y", isForecast: true })],
    });
    expect(revision.touching("CONTRADICTS", "x")).toEqual([]);
    expect(revision.forecastRevisions).toEqual([expect.objectContaining({ a: "x", b: "y" })]);
    const conflict = plan({
      documents: [D("a", "deck.pdf", { documentDate: "2024-10-03" }), D("b", "budget.xlsx", { documentDate: "2024-10-03" })],
      findings: [F("a", "revenue", "FY2025", 24_000_000, "24.0", { id: "x", isForecast: true }), F("b", "revenue", "FY2025", 23_100_000, "23,100", { id: "y", isForecast: true })],
    });
    expect(conflict.rel("CONTRADICTS", "x", "y", true)).toBe(true);
  });

  it("a month vs a month-end date: agreement SUPPORTS, disagreement is only an uncertainty", () => {
    const p = plan({
      documents: [D("a", "deck.pdf"), D("b", "q3.pdf")],
      findings: [
        F("a", "headcount", "September 2024", 155, "155", { id: "x", currency: null }),
        F("b", "headcount", "30 September 2024", 155, "155", { id: "y", currency: null }),
        F("a", "cash", "September 2024", 4_000_000, "EUR 4.0 million", { id: "c1" }),
        F("b", "cash", "30 September 2024", 4_500_000, "EUR 4.5 million", { id: "c2" }),
      ],
    });
    expect(p.rel("SUPPORTS", "x", "y", true)).toBe(true);
    expect(p.touching("CONTRADICTS", "c1")).toEqual([]);
    expect(p.uncertainties.some((u) => /different points in time/.test(u))).toBe(true);
  });

  it("different currencies are not compared", () => {
    const p = plan({
      documents: [D("a", "a.pdf"), D("b", "b.pdf")],
      findings: [F("a", "revenue", "FY2023", 18_400_000, "EUR 18.4 million", { id: "x" }), F("b", "revenue", "FY2023", 200_000_000, "SEK 200 million", { id: "y", currency: "SEK" })],
    });
    expect(p.touching("CONTRADICTS", "x")).toEqual([]);
    expect(p.skipped[0].why).toMatch(/units or currencies/);
  });

  it("restatement: a later filing's different prior-year figure SUPERSEDES; a presentation's does not", () => {
    const p = plan({
      documents: [
        D("k21", "3M_2021_10K.pdf", { kind: "annual report", company: "3M", fiscalYear: 2021, fiscalPeriod: "FY" }),
        D("k22", "3M_2022_10K.pdf", { kind: "annual report", company: "3M", fiscalYear: 2022, fiscalPeriod: "FY" }),
        D("deck", "3M_investor_day.pdf", { kind: "presentation", company: "3M", documentDate: "2023-06-01" }),
      ],
      findings: [
        F("k21", "capex", "FY2021", 1_603, "1,603", { id: "old", currency: "USD" }),
        F("k22", "capex", "FY2021", 1_749, "1,749", { id: "new", currency: "USD" }),
        F("deck", "capex", "FY2021", 1_900, "1,900", { id: "deck", currency: "USD" }),
      ],
    });
    expect(p.rel("SUPERSEDES", "new", "old")).toBe(true);
    expect(p.relations.find((r) => r.fromId === "new" && r.toId === "old")?.createdBy).toBe("restatement");
    expect(p.superseded.has("old")).toBe(true);
    expect(p.touching("CONTRADICTS", "old")).toEqual([]);
    // The deck's figure conflicts with the current (restated) filing figure only.
    expect(p.rel("CONTRADICTS", "deck", "new", true)).toBe(true);
  });

  it("restatement stays within one company", () => {
    const p = plan({
      documents: [
        D("a", "3M_2021_10K.pdf", { kind: "annual report", company: "3M", fiscalYear: 2021 }),
        D("b", "AMD_2022_10K.pdf", { kind: "annual report", company: "AMD", fiscalYear: 2022 }),
      ],
      findings: [F("a", "revenue", "FY2021", 35_355, "35,355", { id: "x" }), F("b", "revenue", "FY2021", 16_434, "16,434", { id: "y" })],
    });
    expect(p.relations.filter((r) => r.fromKind === "finding" && r.toKind === "finding")).toEqual([]);
  });

  it("documents without a company use the deal's target company", () => {
    const p = plan({
      targetCompany: "Nordhavn Analytics AB",
      documents: [D("a", "a.pdf"), D("b", "b.pdf", { company: "Other AB" })],
      findings: [F("a", "revenue", "FY2023", 10, "10", { id: "x" }), F("b", "revenue", "FY2023", 12, "12", { id: "y" })],
    });
    expect(p.touching("CONTRADICTS", "x")).toEqual([]);
  });

  it("one relation per pair of documents (representatives), and a document disagreeing with itself is an uncertainty", () => {
    const p = plan({
      documents: [D("a", "deck.pdf"), D("b", "ar.pdf")],
      findings: [
        F("a", "revenue", "FY2023", 18_900_000, "18.9", { id: "a1", sourcePage: 4 }),
        F("b", "revenue", "FY2023", 18_400_000, "18.4", { id: "b1", sourcePage: 2 }),
        F("b", "revenue", "FY2023", 18_400_000, "18,400", { id: "b2", sourcePage: 4 }),
        F("b", "ebitda", "FY2023", 3_600_000, "3.6", { id: "e1", sourcePage: 2 }),
        F("b", "ebitda", "FY2023", 3_900_000, "3,900", { id: "e2", sourcePage: 4 }),
      ],
    });
    expect(p.relations.filter((r) => r.type === "CONTRADICTS")).toHaveLength(1);
    expect(p.rel("CONTRADICTS", "a1", "b1", true)).toBe(true);
    expect(p.uncertainties.some((u) => /ar\.pdf gives ebitda FY2023/.test(u))).toBe(true);
  });

  it("EXTRACTED_FROM for findings, timeline events and entities (one per entity and document)", () => {
    const p = plan({
      documents: [D("a", "a.pdf")],
      findings: [F("a", "revenue", "FY2023", 1, "1", { id: "x" })],
      timelineEvents: [{ id: "ev", documentId: "a" }],
      entityMentions: [{ entityId: "en", documentId: "a" }, { entityId: "en", documentId: "a" }],
    });
    const ef = p.relations.filter((r) => r.type === "EXTRACTED_FROM");
    expect(ef.map((r) => `${r.fromKind}:${r.fromId}>${r.toKind}:${r.toId}`).sort()).toEqual(["entity:en>document:a", "finding:x>document:a", "timeline_event:ev>document:a"]);
    expect(ef.every((r) => r.createdBy === "pipeline")).toBe(true);
  });

  it("is deterministic: the same input gives the same relations in the same direction", () => {
    const input: PlanInput = {
      documents: [D("a", "a.pdf", { documentDate: "2024-01-01" }), D("b", "b.pdf", { documentDate: "2024-02-01" })],
      findings: [F("a", "revenue", "FY2023", 10, "10", { id: "x" }), F("b", "revenue", "FY2023", 10, "10", { id: "y" })],
    };
    const one = planRelations(input).relations;
    const two = planRelations({ ...input, findings: [...input.findings].reverse(), documents: [...input.documents].reverse() }).relations;
    const key = (r: { type: string; fromId: string; toId: string }) => `${r.type}|${r.fromId}|${r.toId}`;
    expect(one.map(key).sort()).toEqual(two.map(key).sort());
    expect(one.find((r) => r.type === "SUPPORTS")).toMatchObject({ fromId: "y", toId: "x" }); // newer document first
  });
});

describe("filings", () => {
  it("knows filings from presentations and orders them", () => {
    expect(isFiling({ kind: "annual report", filename: "x.pdf" })).toBe(true);
    expect(isFiling({ kind: null, filename: "3M_2018_10K.pdf" })).toBe(true);
    expect(isFiling({ kind: "presentation", filename: "deck.pdf" })).toBe(false);
    expect(compareFilings({ id: "a", filename: "a", fiscalYear: 2021 }, { id: "b", filename: "b", fiscalYear: 2022 })).toBeLessThan(0);
    expect(compareFilings({ id: "a", filename: "a", fiscalYear: 2024, fiscalPeriod: "Q3" }, { id: "b", filename: "b", fiscalYear: 2024, fiscalPeriod: "Q1" })).toBeGreaterThan(0);
    expect(compareFilings({ id: "a", filename: "a", fiscalYear: 2023 }, { id: "b", filename: "b", fiscalYear: 2023 })).toBe(0);
  });
});

describe("company matching", () => {
  it("normalises names and maps variants of the target onto it", async () => {
    const { companyKey, normalizeCompany } = await import("@/lib/graph/detect/plan");
    expect(normalizeCompany("3M Company")).toBe("3m");
    expect(normalizeCompany("Nordhavn Analytics AB (publ)")).toBe("nordhavn analytics");
    expect(companyKey(null, "Nordhavn Analytics AB")).toBe("nordhavn analytics");
    expect(companyKey("A3: Company | B3: Nordhavn Analytics AB", "Nordhavn Analytics AB")).toBe("nordhavn analytics");
    expect(companyKey("NORDHAVN", "Nordhavn Analytics AB")).toBe("nordhavn analytics");
    expect(companyKey("AMD", "3M Company")).toBe("amd");
    expect(companyKey("3M", null)).toBe("3m");
  });
});
