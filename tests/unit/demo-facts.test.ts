import { describe, expect, it } from "vitest";
import {
  CUSTOMERS, DEMO_DOCUMENTS, FINANCIALS, IRL_ITEMS, PLANTED_CASES, PLANTED_FACTS, fact,
} from "@/scripts/demo/facts";
import { FY2023, balancesAt, totals } from "@/scripts/demo/figures";

const m = (thousands: number) => thousands * 1000;

describe("demo facts tie out", () => {
  it("FY2023 statements match the audited headline figures", () => {
    const fy = totals(FY2023);
    expect(fy.revenue).toBe(18_400);
    expect(fy.grossMargin).toBeCloseTo(0.45, 10);
    expect(fy.ebitda).toBe(FINANCIALS.annual2023.corrected.ebitda);
    expect(FINANCIALS.annual2023.original.ebitda - FINANCIALS.annual2023.original.itemsAffectingComparability).toBe(fy.ebitda);
    expect(fy.netIncome).toBe(1_700);
    expect(fy.operatingCashFlow).toBe(3_200);
    expect(fy.capex).toBe(1_800);
    const end2023 = balancesAt("Q4 2023");
    const bs = FINANCIALS.annual2023.balanceSheet;
    expect(end2023.cash).toBe(bs.cash);
    expect(end2023.borrowings).toBe(bs.borrowingsCurrent + bs.borrowingsNonCurrent);
    expect(end2023.headcount).toBe(142);
  });

  it("2024 quarters match the planted quarterly facts", () => {
    const [q1, q2, q3, q3py] = (["Q1 2024", "Q2 2024", "Q3 2024", "Q3 2023"] as const).map((q) => totals([q]));
    expect([q1!.revenue, q2!.revenue, q3!.revenue, q3py!.revenue]).toEqual([4_500, 4_800, 5_200, 4_640]);
    expect([q1!.ebitda, q2!.ebitda, q3!.ebitda]).toEqual([900, 1_000, 1_200]);
    expect([q1!.grossMargin, q2!.grossMargin, q3!.grossMargin].map((g) => Math.round(g * 100))).toEqual([45, 44, 42]);
    expect(q2!.restructuring).toBe(300);
    expect(Math.round((q3!.revenue / q3py!.revenue - 1) * 100)).toBe(12);
    expect(balancesAt("Q3 2024").headcount).toBe(FINANCIALS.deck.headcount);
  });

  it("every FY2024 revenue forecast is EUR 20.5 million and FY2025 moves from 24.0 to 23.1", () => {
    const ytd = totals(["Q1 2024", "Q2 2024", "Q3 2024"]).revenue;
    expect(ytd + FINANCIALS.forecasts.v2.q4Revenue2024).toBe(20_500);
    const deck = FINANCIALS.deck.revenue2024;
    expect(deck["Q1 2024A"] + deck["Q2 2024A"] + deck["Q3 2024F"] + deck["Q4 2024F"]).toBeCloseTo(deck.FY2024F, 10);
    const { v1, v2 } = FINANCIALS.forecasts;
    expect(v1.subscription.FY2024F + v1.hardwareServices.FY2024F).toBe(20_500);
    expect(v1.subscription.FY2025F + v1.hardwareServices.FY2025F).toBe(24_000);
    expect(v2.subscription.FY2025F + v2.hardwareServices.FY2025F).toBe(23_100);
  });

  it("cap table and customer list are internally consistent", () => {
    const total = FINANCIALS.shareholders.reduce((s, h) => s + h.shares, 0);
    expect(total).toBe(10_000_000);
    expect(FINANCIALS.shareholders.find((h) => h.name === "Jane Smith")!.shares / total).toBe(0.15);
    expect(FINANCIALS.shareholders.find((h) => h.name === "John Doe")!.shares).toBe(0);
    expect(CUSTOMERS.reduce((s, c) => s + c.share, 0)).toBeCloseTo(37.5, 10);
  });
});

describe("planted facts, cases and IRL are well formed", () => {
  it("fact ids are unique and every location fits its document", () => {
    expect(new Set(PLANTED_FACTS.map((f) => f.id)).size).toBe(PLANTED_FACTS.length);
    for (const f of PLANTED_FACTS) {
      const doc = DEMO_DOCUMENTS.find((d) => d.file === f.file);
      expect(doc, f.id).toBeDefined();
      if (f.location.kind === "page") expect(f.location.page).toBeLessThanOrEqual(doc!.pageCount!);
      if (f.location.kind === "cell") expect(doc!.sheets).toContain(f.location.sheet);
    }
  });

  it("cases point at facts carrying the stated values", () => {
    const { supersedes, contradiction, forecastVsActual } = PLANTED_CASES;
    expect(fact(supersedes.evidenceFactId).file).toBe(supersedes.newer);
    expect(fact("ar2023_ebitda_sentence").value).toBe(supersedes.oldValue);
    expect(fact("ar2023c_ebitda_sentence").value).toBe(supersedes.newValue);
    expect(fact(contradiction.audited.factId).value).toBe(m(totals(FY2023).revenue));
    expect(fact(contradiction.management.factId).value).toBe(contradiction.management.value);
    expect(fact(forecastVsActual.forecast.factId).nature).toBe("forecast");
    expect(fact(forecastVsActual.actual.factId).value).toBe(forecastVsActual.actual.value);
    for (const s of PLANTED_CASES.supports) for (const id of s.factIds) expect(fact(id).value, id).toBe(s.value);
    expect(DEMO_DOCUMENTS.find((d) => d.file === supersedes.newer)!.supersedes).toBe(supersedes.older);
  });

  it("IRL rows are consecutive and coverage names real files", () => {
    IRL_ITEMS.forEach((item, i) => expect(item.row).toBe(IRL_ITEMS[0]!.row + i));
    const files = new Set(DEMO_DOCUMENTS.map((d) => d.file));
    for (const item of IRL_ITEMS) {
      expect(item.coverage === "gap" ? item.coveredBy.length === 0 : item.coveredBy.length > 0, item.id).toBe(true);
      for (const f of item.coveredBy) expect(files.has(f), `${item.id}: ${f}`).toBe(true);
    }
    expect(new Set(IRL_ITEMS.map((i) => i.domain))).toEqual(new Set(["Financial", "Legal", "Operational", "Commercial", "People"]));
  });
});
