/** FY2023 income statement, balance sheet and cash flow statement tables (EUR thousands). */
import { ANNUAL_2023, OPENING_BALANCES_2023 } from "./facts-financials";
import { FY2023, cost, k, totals } from "./figures";
import type { Block, TableColumn, TableRow } from "./pdf";

export type AnnualVersion = "original" | "corrected";

const COLUMNS: readonly TableColumn[] = [
  { header: "EUR thousands", width: 290 },
  { header: "Note", width: 60, align: "right" },
  { header: "2023", width: 125, align: "right" },
];

const line = (label: string, value: string, note = "", extra: Partial<TableRow> = {}): TableRow => ({ cells: [label, note, value], ...extra });
const caption = (label: string): TableRow => ({ cells: [label, "", ""], bold: true });

export function incomeStatement(version: AnnualVersion): Block {
  const fy = totals(FY2023);
  const v = ANNUAL_2023[version];
  const ebit = v.ebitda - v.itemsAffectingComparability - fy.depreciationAmortisation;
  if (ebit !== fy.ebit) throw new Error(`FY2023 EBIT mismatch: ${ebit} vs ${fy.ebit}`);
  const rows: TableRow[] = [
    line("Revenue", k(fy.revenue), "2"),
    line("Cost of revenue", cost(fy.costOfRevenue)),
    line("Gross profit", k(fy.grossProfit), "", { bold: true, rule: true }),
    line("Sales and marketing", cost(fy.salesMarketing)),
    line("Research and development", cost(fy.researchDevelopment)),
    line("General and administrative", cost(v.generalAdmin)),
    line("EBITDA", k(v.ebitda), "", { bold: true, rule: true }),
    ...(v.itemsAffectingComparability > 0 ? [line("Items affecting comparability", cost(v.itemsAffectingComparability), "4")] : []),
    line("Depreciation and amortisation", cost(fy.depreciationAmortisation), "5"),
    line("Operating profit (EBIT)", k(ebit), "", { bold: true, rule: true }),
    line("Net financial items", cost(fy.netFinancialCost)),
    line("Profit before tax", k(fy.profitBeforeTax)),
    line("Income tax", cost(fy.incomeTax)),
    line("Net income for the year", k(fy.netIncome), "", { bold: true, rule: true }),
  ];
  return { kind: "table", columns: COLUMNS, rows };
}

export function balanceSheet(): Block {
  const b = ANNUAL_2023.balanceSheet;
  const nonCurrentAssets = b.intangibleAssets + b.propertyPlantEquipment + b.rightOfUseAssets + b.deferredTaxAssets;
  const currentAssets = b.tradeReceivables + b.prepaidAndAccrued + b.otherReceivables + b.cash;
  const equity = b.shareCapital + b.otherContributedCapital + b.retainedEarnings;
  const nonCurrentLiabilities = b.borrowingsNonCurrent + b.leaseLiabilitiesNonCurrent;
  const currentLiabilities = b.borrowingsCurrent + b.leaseLiabilitiesCurrent + b.tradePayables + b.deferredRevenue + b.accruedExpenses;
  const totalAssets = nonCurrentAssets + currentAssets;
  if (totalAssets !== equity + nonCurrentLiabilities + currentLiabilities) throw new Error("FY2023 balance sheet does not balance");
  const rows: TableRow[] = [
    caption("Assets"),
    line("Intangible assets", k(b.intangibleAssets), "5"),
    line("Property, plant and equipment", k(b.propertyPlantEquipment)),
    line("Right-of-use assets", k(b.rightOfUseAssets)),
    line("Deferred tax assets", k(b.deferredTaxAssets)),
    line("Total non-current assets", k(nonCurrentAssets), "", { bold: true, rule: true }),
    line("Trade receivables", k(b.tradeReceivables)),
    line("Prepaid expenses and accrued income", k(b.prepaidAndAccrued)),
    line("Other receivables", k(b.otherReceivables)),
    line("Cash and cash equivalents", k(b.cash)),
    line("Total current assets", k(currentAssets), "", { bold: true, rule: true }),
    line("Total assets", k(totalAssets), "", { bold: true, rule: true }),
    caption("Equity and liabilities"),
    line("Share capital", k(b.shareCapital)),
    line("Other contributed capital", k(b.otherContributedCapital)),
    line("Retained earnings including net income for the year", k(b.retainedEarnings)),
    line("Total equity", k(equity), "", { bold: true, rule: true }),
    line("Borrowings, non-current", k(b.borrowingsNonCurrent), "6"),
    line("Lease liabilities, non-current", k(b.leaseLiabilitiesNonCurrent)),
    line("Total non-current liabilities", k(nonCurrentLiabilities), "", { bold: true, rule: true }),
    line("Borrowings, current", k(b.borrowingsCurrent), "6"),
    line("Lease liabilities, current", k(b.leaseLiabilitiesCurrent)),
    line("Trade payables", k(b.tradePayables)),
    line("Deferred revenue", k(b.deferredRevenue)),
    line("Accrued expenses and other liabilities", k(b.accruedExpenses)),
    line("Total current liabilities", k(currentLiabilities), "", { bold: true, rule: true }),
    line("Total equity and liabilities", k(totalAssets), "", { bold: true, rule: true }),
  ];
  return { kind: "table", columns: COLUMNS.map((c, i) => (i === 2 ? { ...c, header: "31 Dec 2023" } : c)), rows };
}

export function cashFlowStatement(): Block {
  const fy = totals(FY2023);
  const a = ANNUAL_2023;
  const beforeWorkingCapital = fy.profitBeforeTax + fy.depreciationAmortisation + a.otherNonCashItems - a.incomeTaxPaid;
  const operating = beforeWorkingCapital + a.changeTradeReceivables + a.changeOtherReceivables + a.changePayablesAndOther;
  const investing = -(a.capexDevelopment + a.capexEquipment);
  const financing = -(fy.loanRepayment + fy.leasePayments);
  const netChange = operating + investing + financing;
  if (operating !== fy.operatingCashFlow || -investing !== fy.capex) throw new Error("FY2023 cash flow does not tie to the quarters");
  if (OPENING_BALANCES_2023.cash + netChange !== a.balanceSheet.cash) throw new Error("FY2023 cash does not roll forward");
  const rows: TableRow[] = [
    caption("Operating activities"),
    line("Profit before tax", k(fy.profitBeforeTax)),
    line("Depreciation and amortisation", k(fy.depreciationAmortisation), "5"),
    line("Other non-cash items", k(a.otherNonCashItems)),
    line("Income tax paid", cost(a.incomeTaxPaid)),
    line("Cash flow before changes in working capital", k(beforeWorkingCapital), "", { bold: true, rule: true }),
    line("Increase in trade receivables", k(a.changeTradeReceivables)),
    line("Increase in other current receivables", k(a.changeOtherReceivables)),
    line("Increase in trade payables and other liabilities", k(a.changePayablesAndOther)),
    line("Cash flow from operating activities", k(operating), "", { bold: true, rule: true }),
    caption("Investing activities"),
    line("Capitalised development costs", cost(a.capexDevelopment), "5"),
    line("Purchase of property, plant and equipment", cost(a.capexEquipment)),
    line("Cash flow from investing activities", k(investing), "", { bold: true, rule: true }),
    caption("Financing activities"),
    line("Repayment of borrowings", cost(fy.loanRepayment), "6"),
    line("Repayment of lease liabilities", cost(fy.leasePayments)),
    line("Cash flow from financing activities", k(financing), "", { bold: true, rule: true }),
    line("Net change in cash and cash equivalents", k(netChange), "", { bold: true, rule: true }),
    line("Cash and cash equivalents at beginning of year", k(OPENING_BALANCES_2023.cash)),
    line("Cash and cash equivalents at end of year", k(OPENING_BALANCES_2023.cash + netChange), "", { bold: true }),
  ];
  return { kind: "table", columns: COLUMNS, rows };
}
