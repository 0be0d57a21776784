/**
 * The shape of a financial statement read from a filing's pages, and the canonical line items
 * the metric engine (lib/metrics) computes from. One contract for the statement reader
 * (lib/statements), the findings it becomes, and the metric engine.
 */

export type StatementKind = "income" | "balance" | "cash_flow";

/**
 * Canonical line items. A statement line maps to at most one; lines with no canonical key keep
 * their own label (they are still findings, just not metric inputs).
 * Sign convention for values: as printed on the statement, parentheses → negative.
 */
export const LINE_ITEMS = {
  // income statement
  revenue: "income",
  cost_of_revenue: "income",
  gross_profit: "income",
  sga: "income",
  research_development: "income",
  operating_expenses: "income", // total operating expenses / costs and expenses
  depreciation_amortization: "income", // also read from the cash-flow statement
  operating_income: "income",
  interest_expense: "income",
  pretax_income: "income",
  income_tax_expense: "income",
  net_income: "income", // attributable to the parent's shareholders
  net_income_including_nci: "income",
  eps_basic: "income",
  eps_diluted: "income",
  shares_diluted: "income",
  // balance sheet (point in time)
  cash: "balance",
  short_term_investments: "balance",
  accounts_receivable: "balance",
  inventories: "balance",
  total_current_assets: "balance",
  ppe_net: "balance",
  goodwill: "balance",
  intangible_assets: "balance",
  total_assets: "balance",
  accounts_payable: "balance",
  short_term_debt: "balance", // short-term borrowings + current portion of long-term debt
  total_current_liabilities: "balance",
  long_term_debt: "balance",
  total_liabilities: "balance",
  total_equity: "balance", // attributable to the parent
  total_equity_including_nci: "balance",
  total_liabilities_and_equity: "balance",
  // cash-flow statement
  operating_cash_flow: "cash_flow",
  capital_expenditure: "cash_flow",
  investing_cash_flow: "cash_flow",
  financing_cash_flow: "cash_flow",
  dividends_paid: "cash_flow",
  share_repurchases: "cash_flow",
  fx_effect_on_cash: "cash_flow",
  net_change_in_cash: "cash_flow",
  cash_beginning: "cash_flow",
  cash_end: "cash_flow",
} as const satisfies Record<string, StatementKind>;

export type LineItemKey = keyof typeof LINE_ITEMS;

/** A period column of a statement. */
export interface StatementColumn {
  /**
   * Canonical period label from lib/periods: "FY2018", "Q2 2024", "H1 2024", "9M 2024", or a point "28 January 2023".
   * A balance-sheet column dated at a fiscal year end carries that year's FY label with `months` 0, so
   * "the balance sheet at the end of FY2019" is period "FY2019" (months 0); flows of the year are months 12.
   * Fiscal years are named by the calendar year they end in (a 52/53-week year ending in a month's first
   * week belongs to the month before); quarters, halves and nine months are fiscal, counted from the year end.
   */
  period: string;
  /** Last day of the period (ISO date). */
  periodEnd: string;
  /** Length in months (12, 3, 6, 9) for flows; 0 for a balance-sheet date. */
  months: number;
  /** The header as printed ("2018", "Three Months Ended July 29, 2023"). */
  header: string;
}

export interface StatementLine {
  /** The label as printed (continuation lines joined). */
  label: string;
  key?: LineItemKey;
  /** One value per column (same order as `columns`), in the statement's unit scale; null when blank or a dash. */
  values: Array<number | null>;
  /** The row as printed on the page (an exact substring of the page text), for the citation excerpt. */
  excerpt: string;
  /** 1-based page number. */
  page: number;
  /** Row index on the page (0-based line number of the page text). */
  row: number;
  isTotal: boolean;
  /** The heading the line sits under ("Cost of sales" for "Products" under "Cost of sales:"), until a total closes it. */
  section?: string;
}

export interface Statement {
  kind: StatementKind;
  /** Title as printed ("Consolidated Statement of Cash Flows"). */
  title: string;
  /** The company printed above the title ("PG&E Corporation"): a combined filing's registrant. */
  entity?: string;
  /** Pages the statement spans (1-based). */
  pages: number[];
  /** Multiplier from printed values to units: 1, 1e3, 1e6, 1e9. Per-share lines are never scaled. */
  scale: number;
  currency?: string;
  columns: StatementColumn[];
  lines: StatementLine[];
  /** Identity checks (assets = liabilities + equity, cash-flow sections sum to the change in cash, subtotals). */
  checks: Array<{ name: string; ok: boolean; detail: string }>;
  /** All checks that could be run passed (and at least one could be run). */
  balanced: boolean;
}

/** A value of one line item for one period, with where it was read: a metric input. */
export interface LineItemValue {
  key: LineItemKey;
  /** Label as printed. */
  label: string;
  period: string;
  periodEnd: string;
  /** In units (printed value × scale; per-share values unscaled). */
  value: number;
  /** The statement's scale, so answers can be given in the unit the filing uses. */
  scale: number;
  currency?: string;
  documentId: string;
  document: string;
  page: number;
  excerpt: string;
}

/**
 * Where the metric engine reads line items: a company's statement findings in a deal (or, in tests,
 * a fixture). `period` is a canonical label; FY labels match fiscal years whatever month they end.
 */
export interface LineItemSource {
  get(key: LineItemKey, period: string): Promise<LineItemValue | undefined>;
  /** The fiscal years (FY labels) that have any statement line, newest first. */
  fiscalYears(): Promise<string[]>;
  /** The newest quarter with any statement line ("Q2 2024") when it ends after the newest fiscal year; a deal whose newest report is an interim one. */
  newerQuarter?(): Promise<string | undefined>;
}

/** A positioned run of page text (document_pages.spans): where a value sits across the page. */
export type { TextSpan as Span } from "@/lib/ingest/types";
