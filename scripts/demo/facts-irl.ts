/**
 * The buyer's Information Request List (IRL_Template.xlsx, sheet "IRL", header on row 4)
 * and what the demo room really holds for each request. `coverage` is the oracle for
 * IRL-coverage tests; it is not written into the workbook.
 *
 * Decisions recorded here:
 * - Customer concentration is "partial": Customer_List_Q3_2024.csv gives the top 10
 *   customers' share of one quarter only; the request asks for three years with churn and
 *   renewal dates.
 * - FY2022 audited accounts are a gap: the FY2023 report presents no comparative
 *   statements and only mentions two 2022 figures in prose.
 * - Debt schedule is a gap: the annual report gives the year-end borrowings only, with no
 *   facilities, maturities or covenants.
 */
import type { IrlItem } from "./facts-types";

type Row = Omit<IrlItem, "row">;

const rows: Row[] = [
  { id: "fin-ar-2023", domain: "Financial", item: "Audited annual report FY2023 incl. auditor's report", priority: "high", notes: "Latest version if any restatement", coverage: "covered", coveredBy: ["Annual_Report_2023_CORRECTED.pdf", "Annual_Report_2023.pdf"], coverageNote: "Original and corrected FY2023 annual reports." },
  { id: "fin-ar-2022", domain: "Financial", item: "Audited annual report FY2022", priority: "high", notes: "Needed for a three-year quality of earnings view", coverage: "gap", coveredBy: [], coverageNote: "Not in the room; the FY2023 report has no comparative statements." },
  { id: "fin-pl", domain: "Financial", item: "P&L statements FY2023 and 2024 year to date", priority: "high", notes: "Quarterly granularity preferred", coverage: "covered", coveredBy: ["Q1_2024_Report.pdf", "Q2_2024_Report.pdf", "Q3_2024_Report.pdf", "Annual_Report_2023_CORRECTED.pdf"], coverageNote: "Income statements in the annual and quarterly reports." },
  { id: "fin-bs", domain: "Financial", item: "Balance sheet at 31 December 2023 and latest quarter end", priority: "high", notes: "", coverage: "covered", coveredBy: ["Annual_Report_2023_CORRECTED.pdf", "Q3_2024_Report.pdf"], coverageNote: "Full balance sheet at year end; key balances at 30 September 2024." },
  { id: "fin-cf", domain: "Financial", item: "Cash flow statement FY2023 and 2024 year to date", priority: "high", notes: "", coverage: "covered", coveredBy: ["Annual_Report_2023_CORRECTED.pdf", "Q3_2024_Report.pdf"], coverageNote: "Annual cash flow statement and quarterly condensed cash flows." },
  { id: "fin-rev-quarter", domain: "Financial", item: "Revenue breakdown by quarter and revenue type", priority: "medium", notes: "Subscription vs hardware and services", coverage: "covered", coveredBy: ["Q3_2024_Report.pdf", "forecast_v2.xlsx"], coverageNote: "Q3 report page 4 shows Q3 2023 to Q3 2024 by revenue type." },
  { id: "fin-forecast", domain: "Financial", item: "Budget and financial forecast FY2024-FY2025 with assumptions", priority: "high", notes: "Latest version", coverage: "covered", coveredBy: ["forecast_v2.xlsx", "forecast.xlsx"], coverageNote: "Two versions; forecast_v2.xlsx supersedes forecast.xlsx." },
  { id: "fin-debt", domain: "Financial", item: "Debt schedule: facilities, maturities, interest and covenants", priority: "high", notes: "Include lease liabilities", coverage: "gap", coveredBy: [], coverageNote: "Only year-end borrowings (EUR 4.0 million) are stated; no schedule." },
  { id: "legal-captable", domain: "Legal", item: "Cap table, fully diluted, incl. option programmes", priority: "high", notes: "", coverage: "covered", coveredBy: ["Cap_Table.xlsx"], coverageNote: "Cap table at 30 September 2024." },
  { id: "legal-contracts", domain: "Legal", item: "Material contracts: top customer and supplier agreements", priority: "high", notes: "Change of control clauses", coverage: "gap", coveredBy: [], coverageNote: "No contracts in the room." },
  { id: "legal-litigation", domain: "Legal", item: "Litigation history and pending disputes (last 5 years)", priority: "medium", notes: "", coverage: "gap", coveredBy: [], coverageNote: "Not addressed by any document." },
  { id: "legal-board", domain: "Legal", item: "Board minutes for the last 12 months", priority: "medium", notes: "", coverage: "covered", coveredBy: ["Board_Minutes_Sep2024.docx"], coverageNote: "Only the September 2024 minutes are provided." },
  { id: "ops-ip", domain: "Operational", item: "IP portfolio: patents, trademarks, domain names and source code ownership", priority: "medium", notes: "", coverage: "gap", coveredBy: [], coverageNote: "Not addressed by any document." },
  { id: "ops-overview", domain: "Operational", item: "Business overview: product, delivery model and hosting set-up", priority: "low", notes: "", coverage: "covered", coveredBy: ["Management_Presentation_Oct2024.pdf"], coverageNote: "Management presentation." },
  { id: "com-concentration", domain: "Commercial", item: "Customer concentration: revenue by customer FY2022-FY2024 with churn and renewal dates", priority: "high", notes: "Top 20 customers", coverage: "partial", coveredBy: ["Customer_List_Q3_2024.csv"], coverageNote: "Top 10 customers' share of Q3 2024 revenue only; no history, churn or renewal dates." },
  { id: "com-kpis", domain: "Commercial", item: "Customer KPIs: customer count, ARR and net revenue retention", priority: "medium", notes: "", coverage: "covered", coveredBy: ["Management_Presentation_Oct2024.pdf"], coverageNote: "Deck page 2 and page 8." },
  { id: "ppl-bios", domain: "People", item: "Management team biographies", priority: "medium", notes: "", coverage: "covered", coveredBy: ["Management_Bios.docx"], coverageNote: "CEO, CFO and Head of Sales." },
  { id: "ppl-cto", domain: "People", item: "CTO / technology leadership and engineering organisation", priority: "high", notes: "Key person risk", coverage: "gap", coveredBy: [], coverageNote: "No CTO or technology leader is named anywhere in the room." },
  { id: "ppl-headcount", domain: "People", item: "Headcount development by quarter", priority: "low", notes: "", coverage: "covered", coveredBy: ["Annual_Report_2023_CORRECTED.pdf", "Q1_2024_Report.pdf", "Q2_2024_Report.pdf", "Q3_2024_Report.pdf"], coverageNote: "Year-end 2023 and each 2024 quarter end." },
];

/** First data row of the IRL sheet (row 4 holds the column headers). */
export const IRL_FIRST_ROW = 5;

export const IRL_ITEMS: readonly IrlItem[] = rows.map((r, i) => ({ ...r, row: IRL_FIRST_ROW + i }));
