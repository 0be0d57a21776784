/**
 * A made-up company's statement lines (USD millions) as a LineItemSource, for the metric engine's
 * tests. Figures are invented so each metric's expected value can be worked out by hand:
 * costs and outflows are printed the way filings print them (capex, dividends and cash used in
 * investing/financing negative; the tax line labelled "(expense) benefit" and printed negative).
 */
import type { LineItemKey, LineItemSource, LineItemValue } from "@/lib/statements/types";

type Row = Partial<Record<"FY2019" | "FY2020" | "FY2021" | "FY2022", number>>;

const INCOME: Partial<Record<LineItemKey, Row>> = {
  revenue: { FY2019: 800, FY2020: 1000, FY2021: 1200, FY2022: 1500 },
  cost_of_revenue: { FY2019: 500, FY2020: 600, FY2021: 700, FY2022: 900 },
  gross_profit: { FY2020: 400, FY2021: 500, FY2022: 600 },
  sga: { FY2020: 150, FY2021: 180, FY2022: 210 },
  research_development: { FY2020: 50, FY2021: 60, FY2022: 70 },
  operating_income: { FY2019: 150, FY2020: 200, FY2021: 260, FY2022: 320 },
  interest_expense: { FY2020: 20, FY2021: 20, FY2022: 16 },
  pretax_income: { FY2020: 180, FY2021: 240, FY2022: 304 },
  income_tax_expense: { FY2020: -36, FY2021: -60, FY2022: -76 },
  net_income: { FY2019: 110, FY2020: 144, FY2021: 180, FY2022: 228 },
};
const BALANCE: Partial<Record<LineItemKey, Row>> = {
  cash: { FY2019: 100, FY2020: 150, FY2021: 130, FY2022: 90 },
  accounts_receivable: { FY2019: 90, FY2020: 110, FY2021: 130, FY2022: 150 },
  inventories: { FY2019: 120, FY2020: 140, FY2021: 160, FY2022: 200 },
  total_current_assets: { FY2019: 400, FY2020: 450, FY2021: 500, FY2022: 560 },
  ppe_net: { FY2019: 500, FY2020: 520, FY2021: 560, FY2022: 600 },
  total_assets: { FY2019: 1500, FY2020: 1600, FY2021: 1800, FY2022: 2000 },
  accounts_payable: { FY2019: 70, FY2020: 80, FY2021: 100, FY2022: 120 },
  short_term_debt: { FY2019: 30, FY2020: 40, FY2021: 50, FY2022: 40 },
  total_current_liabilities: { FY2019: 300, FY2020: 320, FY2021: 380, FY2022: 600 },
  long_term_debt: { FY2019: 400, FY2020: 380, FY2021: 360, FY2022: 350 },
  total_equity: { FY2019: 700, FY2020: 760, FY2021: 820, FY2022: 900 },
};
const CASH_FLOW: Partial<Record<LineItemKey, Row>> = {
  depreciation_amortization: { FY2020: 40, FY2021: 45, FY2022: 50 },
  operating_cash_flow: { FY2020: 250, FY2021: 300, FY2022: 290 },
  capital_expenditure: { FY2020: -80, FY2021: -100, FY2022: -120 },
  investing_cash_flow: { FY2020: -150, FY2021: -180, FY2022: -200 },
  financing_cash_flow: { FY2020: -60, FY2021: -140, FY2022: -130 },
  dividends_paid: { FY2020: -40, FY2021: -50, FY2022: -60 },
};

const LABELS: Partial<Record<LineItemKey, string>> = {
  income_tax_expense: "Income tax (expense) benefit",
  capital_expenditure: "Purchases of property and equipment",
  ppe_net: "Property and equipment, net",
};

export const PAGES = { income: 41, balance: 43, cash_flow: 45, olderBalance: 39 } as const;
export const DOC = "HarborLamp-10K-FY2022.pdf";
export const OLD_DOC = "HarborLamp-10K-FY2020.pdf";

function valueOf(key: LineItemKey, period: string, table: Partial<Record<LineItemKey, Row>>, page: number): LineItemValue | undefined {
  const printed = table[key]?.[period as keyof Row];
  if (printed === undefined) return undefined;
  // the FY2019 balance sheet is read from the older filing
  const older = table === BALANCE && period === "FY2019";
  const label = LABELS[key] ?? key.replace(/_/g, " ");
  return {
    key,
    label,
    period,
    periodEnd: `${period.slice(2)}-12-31`,
    value: printed * 1e6,
    scale: 1e6,
    currency: "USD",
    documentId: older ? "doc-old" : "doc-new",
    document: older ? OLD_DOC : DOC,
    page: older ? PAGES.olderBalance : page,
    excerpt: `${label} ${printed}`,
  };
}

/** The fixture source; `drop` removes line items ("inventories@FY2020") to test missing inputs. */
export function fixtureSource(drop: string[] = []): LineItemSource & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    async get(key, period) {
      reads.push(`${key}@${period}`);
      if (drop.includes(`${key}@${period}`) || drop.includes(key)) return undefined;
      return valueOf(key, period, INCOME, PAGES.income) ?? valueOf(key, period, BALANCE, PAGES.balance) ?? valueOf(key, period, CASH_FLOW, PAGES.cash_flow);
    },
    async fiscalYears() {
      return ["FY2022", "FY2021", "FY2020", "FY2019"];
    },
  };
}
