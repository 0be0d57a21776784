/** Derived figures (sums, margins, balances) and number formatting for the demo documents. */
import { OPENING_BALANCES_2023, QUARTERS, type QuarterKey } from "./facts-financials";

export interface PeriodTotals {
  subscription: number;
  hardwareServices: number;
  revenue: number;
  costOfRevenue: number;
  grossProfit: number;
  /** Fraction, e.g. 0.42. */
  grossMargin: number;
  salesMarketing: number;
  researchDevelopment: number;
  generalAdmin: number;
  operatingExpenses: number;
  ebitda: number;
  restructuring: number;
  depreciationAmortisation: number;
  ebit: number;
  netFinancialCost: number;
  profitBeforeTax: number;
  incomeTax: number;
  netIncome: number;
  operatingCashFlow: number;
  capex: number;
  freeCashFlow: number;
  loanRepayment: number;
  leasePayments: number;
  netCashChange: number;
}

export const QUARTER_ORDER: readonly QuarterKey[] = ["Q1 2023", "Q2 2023", "Q3 2023", "Q4 2023", "Q1 2024", "Q2 2024", "Q3 2024"];

/** Totals over one or more quarters. */
export function totals(keys: readonly QuarterKey[]): PeriodTotals {
  const sum = (pick: (k: QuarterKey) => number) => keys.reduce((acc, k) => acc + pick(k), 0);
  const f = (name: keyof (typeof QUARTERS)[QuarterKey]) => sum((k) => QUARTERS[k][name]);
  const subscription = f("subscription");
  const hardwareServices = f("hardwareServices");
  const revenue = subscription + hardwareServices;
  const costOfRevenue = f("costOfRevenue");
  const grossProfit = revenue - costOfRevenue;
  const salesMarketing = f("salesMarketing");
  const researchDevelopment = f("researchDevelopment");
  const generalAdmin = f("generalAdmin");
  const operatingExpenses = salesMarketing + researchDevelopment + generalAdmin;
  const ebitda = grossProfit - operatingExpenses;
  const restructuring = f("restructuring");
  const depreciationAmortisation = f("depreciationAmortisation");
  const ebit = ebitda - restructuring - depreciationAmortisation;
  const netFinancialCost = f("netFinancialCost");
  const profitBeforeTax = ebit - netFinancialCost;
  const incomeTax = f("incomeTax");
  const operatingCashFlow = f("operatingCashFlow");
  const capex = f("capex");
  const loanRepayment = f("loanRepayment");
  const leasePayments = f("leasePayments");
  return {
    subscription,
    hardwareServices,
    revenue,
    costOfRevenue,
    grossProfit,
    grossMargin: grossProfit / revenue,
    salesMarketing,
    researchDevelopment,
    generalAdmin,
    operatingExpenses,
    ebitda,
    restructuring,
    depreciationAmortisation,
    ebit,
    netFinancialCost,
    profitBeforeTax,
    incomeTax,
    netIncome: profitBeforeTax - incomeTax,
    operatingCashFlow,
    capex,
    freeCashFlow: operatingCashFlow - capex,
    loanRepayment,
    leasePayments,
    netCashChange: operatingCashFlow - capex - loanRepayment - leasePayments,
  };
}

export const FY2023: readonly QuarterKey[] = ["Q1 2023", "Q2 2023", "Q3 2023", "Q4 2023"];

/** Cash, borrowings and headcount at the end of a quarter (rolled forward from 31 December 2022). */
export function balancesAt(key: QuarterKey): { cash: number; borrowings: number; headcount: number } {
  const upTo = QUARTER_ORDER.slice(0, QUARTER_ORDER.indexOf(key) + 1);
  const t = totals(upTo);
  return {
    cash: OPENING_BALANCES_2023.cash + t.netCashChange,
    borrowings: OPENING_BALANCES_2023.borrowings - t.loanRepayment,
    headcount: QUARTERS[key].headcountEnd,
  };
}

const thousands = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });

/** 5200 → "5,200"; -790 → "(790)"; 0 → "–". */
export function k(n: number): string {
  if (n === 0) return "–";
  const s = thousands.format(Math.abs(Math.round(n)));
  return n < 0 ? `(${s})` : s;
}

/** A cost shown in parentheses: 3016 → "(3,016)". */
export function cost(n: number): string {
  return k(-n);
}

/** 0.42 → "42.0%". */
export function pct(fraction: number, digits = 1): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** 5200 (EUR thousands) → "5.2" (EUR million), with the given decimals. */
export function millions(thousandsValue: number, digits = 1): string {
  return (thousandsValue / 1000).toFixed(digits);
}
