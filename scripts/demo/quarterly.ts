/** Builder for the three 2024 interim reports (statement tables computed from the figures). */
import { DEMO_COMPANY, demoDocument, documentTimestamp, type PdfFileName } from "./facts";
import type { QuarterKey } from "./facts-financials";
import { balancesAt, cost, k, pct, totals, type PeriodTotals } from "./figures";
import { renderPdf, type Block, type TableColumn, type TableRow } from "./pdf";

export interface QuarterReportConfig {
  file: PdfFileName;
  /** Column sets: the quarter, the same quarter last year, then (except Q1) year to date and prior year to date. */
  periods: readonly { label: string; quarters: readonly QuarterKey[] }[];
  /** Balance dates: this quarter end, same quarter last year, last year end. */
  balances: readonly { label: string; at: QuarterKey }[];
  subtitle: string;
  highlightsHeading: string;
  highlights: readonly string[];
  ceoComment: readonly string[];
  outlook: readonly string[];
  incomeStatementComment: string;
  /** Pages between the income statement (page 3) and the closing page. */
  extraPages: readonly (readonly Block[])[];
  /** Pages after the closing cash flow / financial position page. */
  appendixPages?: readonly (readonly Block[])[];
}

const LABEL_WIDTH = 235;

export function periodColumns(labels: readonly string[], labelHeader = "EUR thousands", labelWidth = LABEL_WIDTH): TableColumn[] {
  const width = Math.floor((475 - labelWidth) / labels.length);
  return [{ header: labelHeader, width: labelWidth }, ...labels.map((header) => ({ header, width, align: "right" as const }))];
}

function statementRows(ts: readonly PeriodTotals[]): TableRow[] {
  const row = (label: string, pick: (t: PeriodTotals) => string, extra: Partial<TableRow> = {}): TableRow => ({ cells: [label, ...ts.map(pick)], ...extra });
  const rows: TableRow[] = [
    row("Revenue", (t) => k(t.revenue)),
    row("Cost of revenue", (t) => cost(t.costOfRevenue)),
    row("Gross profit", (t) => k(t.grossProfit), { bold: true, rule: true }),
    row("Gross margin", (t) => pct(t.grossMargin)),
    row("Sales and marketing", (t) => cost(t.salesMarketing)),
    row("Research and development", (t) => cost(t.researchDevelopment)),
    row("General and administrative", (t) => cost(t.generalAdmin)),
    row("EBITDA", (t) => k(t.ebitda), { bold: true, rule: true }),
    row("EBITDA margin", (t) => pct(t.ebitda / t.revenue)),
  ];
  if (ts.some((t) => t.restructuring > 0)) {
    rows.push(row("Restructuring costs (items affecting comparability)", (t) => cost(t.restructuring)));
  }
  rows.push(
    row("Depreciation and amortisation", (t) => cost(t.depreciationAmortisation)),
    row("Operating profit (EBIT)", (t) => k(t.ebit), { bold: true, rule: true }),
    row("Net financial items", (t) => cost(t.netFinancialCost)),
    row("Profit before tax", (t) => k(t.profitBeforeTax)),
    row("Income tax", (t) => cost(t.incomeTax)),
    row("Net income for the period", (t) => k(t.netIncome), { bold: true, rule: true }),
  );
  return rows;
}

function cashFlowRows(ts: readonly PeriodTotals[]): TableRow[] {
  const row = (label: string, pick: (t: PeriodTotals) => string, extra: Partial<TableRow> = {}): TableRow => ({ cells: [label, ...ts.map(pick)], ...extra });
  return [
    row("Cash flow from operating activities", (t) => k(t.operatingCashFlow)),
    row("Capital expenditure", (t) => cost(t.capex)),
    row("Free cash flow", (t) => k(t.freeCashFlow), { bold: true, rule: true }),
    row("Repayment of borrowings", (t) => cost(t.loanRepayment)),
    row("Repayment of lease liabilities", (t) => cost(t.leasePayments)),
    row("Net change in cash and cash equivalents", (t) => k(t.netCashChange), { bold: true, rule: true }),
  ];
}

function positionRows(config: QuarterReportConfig): TableRow[] {
  const bs = config.balances.map((b) => balancesAt(b.at));
  return [
    { cells: ["Cash and cash equivalents", ...bs.map((b) => k(b.cash))] },
    { cells: ["Interest-bearing borrowings", ...bs.map((b) => k(b.borrowings))] },
    { cells: ["Net debt excluding lease liabilities", ...bs.map((b) => k(b.borrowings - b.cash))], bold: true, rule: true },
    { cells: ["Employees at end of period", ...bs.map((b) => String(b.headcount))] },
  ];
}

export function quarterReportPages(config: QuarterReportConfig): (readonly Block[])[] {
  const doc = demoDocument(config.file);
  const ts = config.periods.map((p) => totals(p.quarters));
  const labels = config.periods.map((p) => p.label);
  const first: Block[] = [
    { kind: "title", text: doc.title },
    { kind: "subtitle", text: config.subtitle },
    { kind: "subtitle", text: `${DEMO_COMPANY.name} | Stockholm, ${doc.dateText}` },
    { kind: "heading", text: config.highlightsHeading },
    { kind: "bullets", items: config.highlights },
    { kind: "subheading", text: "Key figures" },
    {
      kind: "table",
      columns: periodColumns(labels, ""),
      rows: [
        { cells: ["Revenue growth year on year", ...config.periods.map((p, i) => growth(p.quarters, ts[i]))] },
        { cells: ["Subscription share of revenue", ...ts.map((t) => pct(t.subscription / t.revenue))] },
        { cells: ["Operating expenses, EUR thousands", ...ts.map((t) => k(t.operatingExpenses))] },
      ],
    },
  ];
  const ceo: Block[] = [
    { kind: "heading", text: "Comments from the CEO" },
    ...config.ceoComment.map((text): Block => ({ kind: "paragraph", text })),
    { kind: "paragraph", text: "Jane Smith, Chief Executive Officer", italic: true },
    { kind: "heading", text: "Outlook" },
    ...config.outlook.map((text): Block => ({ kind: "paragraph", text })),
  ];
  const incomeStatement: Block[] = [
    { kind: "heading", text: "Condensed income statement" },
    { kind: "paragraph", text: "Amounts in EUR thousands unless otherwise stated. Figures in brackets refer to the corresponding period of the previous year." },
    { kind: "table", columns: periodColumns(labels), rows: statementRows(ts) },
    { kind: "paragraph", text: config.incomeStatementComment },
  ];
  const closing: Block[] = [
    { kind: "heading", text: "Condensed cash flow" },
    { kind: "table", columns: periodColumns(labels), rows: cashFlowRows(ts) },
    { kind: "heading", text: "Financial position" },
    { kind: "table", columns: periodColumns(config.balances.map((b) => b.label)), rows: positionRows(config) },
    { kind: "heading", text: "Accounting principles and review" },
    { kind: "paragraph", text: `This interim report has been prepared in accordance with the Swedish Annual Accounts Act and BFNAR 2012:1 (K3), applying the same accounting principles as the annual report for 2023. The report has not been reviewed by the Company's auditor. EBITDA is operating profit before depreciation, amortisation and items affecting comparability.` },
  ];
  return [first, ceo, incomeStatement, ...config.extraPages, closing, ...(config.appendixPages ?? [])];
}

/** Year-on-year revenue growth; "–" for 2023 columns (no 2022 quarters in the room). */
function growth(quarters: readonly QuarterKey[], t: PeriodTotals): string {
  if (!quarters.every((q) => q.endsWith("2024"))) return "–";
  return pct(t.revenue / totals(priorYear(quarters)).revenue - 1);
}

/** The same quarters one year earlier ("Q3 2024" → "Q3 2023"). */
export function priorYear(quarters: readonly QuarterKey[]): QuarterKey[] {
  return quarters.map((q) => q.replace("2024", "2023") as QuarterKey);
}

export async function renderQuarterReport(config: QuarterReportConfig, pages: readonly (readonly Block[])[]): Promise<Uint8Array> {
  const doc = demoDocument(config.file);
  return renderPdf({
    title: `${DEMO_COMPANY.name} – ${doc.title}`,
    subject: `Interim report, ${doc.period}`,
    author: DEMO_COMPANY.name,
    keywords: ["interim report", doc.period ?? "", DEMO_COMPANY.name],
    date: documentTimestamp(config.file),
    style: "report",
    header: { left: DEMO_COMPANY.name, right: doc.title },
    footer: { left: `${DEMO_COMPANY.name} | Corporate identity number ${DEMO_COMPANY.corporateId}`, pageLabel: (n, total) => `Page ${n} of ${total}` },
    pages,
  });
}
