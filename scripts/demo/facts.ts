/**
 * The demo deal ("Project Aurora"): the single source of truth for every fact the
 * generated data room contains. The document builders read their numbers and
 * planted sentences from here, and tests check answers, corrections, conflicts and
 * gaps against these constants.
 *
 * Amounts in the statements are EUR thousands; `PlantedFact.value` is always in
 * natural units (EUR, percent points, people, shares).
 */
import { PROMPT_INJECTION_TEXT, docxSectionPage } from "./facts-docx";
import { FINANCIALS } from "./facts-financials";
import { IRL_ITEMS } from "./facts-irl";
import { PLANTED_FACTS } from "./facts-planted";
import type { DemoDocument, DemoFileName } from "./facts-types";

/**
 * The facts live in small modules, re-exported here: figures (facts-financials.ts), planted
 * sentences and cells (facts-planted.ts), the IRL and its coverage (facts-irl.ts), customers
 * (facts-customers.ts), Word sections and the prompt injection (facts-docx.ts), types
 * (facts-types.ts). Import from this file.
 */
export * from "./facts-types";
export { FINANCIALS, IRL_ITEMS, PLANTED_FACTS };
export { CUSTOMERS, CUSTOMER_CSV_HEADER } from "./facts-customers";
export { DOCX_SECTIONS, PROMPT_INJECTION_TEXT, docxSectionPage } from "./facts-docx";
export { sheetRef } from "./facts-planted";

export const DEMO_DEAL = {
  name: "Project Aurora",
  slug: "project-aurora",
  stage: "Confirmatory due diligence",
  buyer: "Fjord Capital Partners",
  currency: "EUR",
  fiscalYear: "calendar year",
} as const;

export const DEMO_COMPANY = {
  name: "Nordhavn Analytics AB",
  shortName: "Nordhavn",
  corporateId: "559123-4567",
  country: "Sweden",
  headquarters: "Kungsgatan 44, 111 35 Stockholm, Sweden",
  founded: 2014,
  product: "Nordhavn Insight, a SaaS platform for industrial asset monitoring sold with edge gateway hardware",
  auditor: "Lindgren & Partners Revisionsbyra AB",
  auditorSigner: "Karin Holm",
} as const;

export const PEOPLE = {
  ceo: { name: "Jane Smith", title: "Chief Executive Officer", joined: 2019, previousEmployer: "CompetitorCo" },
  cfo: { name: "John Doe", title: "Chief Financial Officer", joined: 2021, qualification: "CPA", background: "Big Four" },
  headOfSales: { name: "Maria Lindberg", title: "Head of Sales", joined: 2020, previousEmployer: "SensiQ Industrial" },
  chair: { name: "Erik Lindqvist", title: "Chair of the Board, co-founder" },
  /** Planted gap: the data room names no CTO or other technology leader. */
  cto: null,
} as const;

/** Every file of the room, in the order the generator writes them. */
export const DEMO_DOCUMENTS: readonly DemoDocument[] = [
  { file: "Q1_2024_Report.pdf", format: "pdf", kind: "quarterly report", title: "Interim report January–March 2024", documentDate: "2024-04-25", dateText: "25 April 2024", pageCount: 4, period: "Q1 2024" },
  { file: "Q2_2024_Report.pdf", format: "pdf", kind: "quarterly report", title: "Interim report January–June 2024", documentDate: "2024-07-18", dateText: "18 July 2024", pageCount: 5, period: "Q2 2024" },
  { file: "Q3_2024_Report.pdf", format: "pdf", kind: "quarterly report", title: "Interim report January–September 2024", documentDate: "2024-10-24", dateText: "24 October 2024", pageCount: 6, period: "Q3 2024" },
  { file: "Annual_Report_2023.pdf", format: "pdf", kind: "annual report", title: "Annual Report 2023", documentDate: "2024-03-15", dateText: "15 March 2024", pageCount: 9, period: "FY2023", audited: true },
  { file: "Annual_Report_2023_CORRECTED.pdf", format: "pdf", kind: "annual report", title: "Annual Report 2023 (corrected version)", documentDate: "2024-05-22", dateText: "22 May 2024", pageCount: 9, period: "FY2023", audited: true, supersedes: "Annual_Report_2023.pdf" },
  { file: "Management_Presentation_Oct2024.pdf", format: "pdf", kind: "management presentation", title: "Project Aurora – Management presentation", documentDate: "2024-10-03", dateText: "3 October 2024", pageCount: 8 },
  { file: "forecast.xlsx", format: "xlsx", kind: "financial forecast", title: "Project Aurora – Financial forecast", documentDate: "2024-09-27", dateText: "27 September 2024", sheets: ["Assumptions", "P&L Forecast"], dateCell: { sheet: "Assumptions", cell: "A2" } },
  { file: "forecast_v2.xlsx", format: "xlsx", kind: "financial forecast", title: "Project Aurora – Financial forecast (version 2)", documentDate: "2024-11-08", dateText: "8 November 2024", sheets: ["Cover", "Assumptions", "P&L Forecast", "Quarterly 2024"], dateCell: { sheet: "Cover", cell: "B5" }, supersedes: "forecast.xlsx" },
  { file: "Cap_Table.xlsx", format: "xlsx", kind: "cap table", title: "Capitalisation table", documentDate: "2024-09-30", dateText: "30 September 2024", sheets: ["Cap Table"], dateCell: { sheet: "Cap Table", cell: "A2" } },
  { file: "Management_Bios.docx", format: "docx", kind: "management biographies", title: "Management team biographies", documentDate: "2024-10-01", dateText: "1 October 2024" },
  { file: "IRL_Template.xlsx", format: "xlsx", kind: "information request list", title: "Project Aurora – Information Request List", documentDate: "2024-10-14", dateText: "14 October 2024", sheets: ["IRL"], dateCell: { sheet: "IRL", cell: "A2" } },
  { file: "Board_Minutes_Sep2024.docx", format: "docx", kind: "board minutes", title: "Minutes of the Board of Directors meeting of 12 September 2024", documentDate: "2024-09-12", dateText: "12 September 2024" },
  { file: "Customer_List_Q3_2024.csv", format: "csv", kind: "customer list", title: "Top customers Q3 2024", documentDate: "2024-09-30", dateText: "2024-09-30", period: "Q3 2024" },
];

export function demoDocument(file: DemoFileName): DemoDocument {
  const doc = DEMO_DOCUMENTS.find((d) => d.file === file);
  if (!doc) throw new Error(`Unknown demo document ${file}`);
  return doc;
}

/** Fixed timestamp for a document's metadata (09:00 UTC on its document date). */
export function documentTimestamp(file: DemoFileName): Date {
  return new Date(`${demoDocument(file).documentDate}T09:00:00Z`);
}

/** The planted cases later tests look for. Values in natural units. */
export const PLANTED_CASES = {
  supersedes: {
    older: "Annual_Report_2023.pdf",
    newer: "Annual_Report_2023_CORRECTED.pdf",
    metric: "EBITDA",
    period: "FY2023",
    oldValue: 3_900_000,
    newValue: 3_600_000,
    evidenceFactId: "ar2023c_correction_notice",
    unchanged: ["revenue", "operating profit", "net income", "balance sheet", "cash flow statement"],
  },
  forecastRevision: {
    older: "forecast.xlsx",
    newer: "forecast_v2.xlsx",
    metric: "revenue forecast",
    period: "FY2025",
    oldValue: 24_000_000,
    newValue: 23_100_000,
    evidenceFactId: "fcv2_version_note",
  },
  contradiction: {
    metric: "revenue",
    period: "FY2023",
    audited: { files: ["Annual_Report_2023.pdf", "Annual_Report_2023_CORRECTED.pdf"], value: 18_400_000, factId: "ar2023c_revenue_sentence" },
    management: { file: "Management_Presentation_Oct2024.pdf", value: 18_900_000, factId: "deck_fy2023_revenue_sentence" },
    note: "Same period, no supersession between the deck and the annual reports: a genuine conflict.",
  },
  forecastVsActual: {
    metric: "revenue",
    period: "Q3 2024",
    forecast: { file: "Management_Presentation_Oct2024.pdf", value: 5_000_000, factId: "deck_q3_2024_revenue_forecast" },
    actual: { file: "Q3_2024_Report.pdf", value: 5_200_000, factId: "q3_2024_revenue_sentence" },
    note: "The deck (3 October 2024) predates the Q3 report (24 October 2024): forecast vs actual, not a contradiction.",
  },
  supports: [
    { metric: "headcount", period: "September 2024", value: 155, factIds: ["q3_2024_headcount", "deck_headcount"] },
    { metric: "revenue forecast", period: "FY2024", value: 20_500_000, factIds: ["q3_2024_fy_outlook", "deck_fy2024_revenue_forecast", "fc_fy2024_revenue", "minutes_budget_decision"] },
  ],
  gaps: {
    missingPeople: ["Chief Technology Officer"],
    irlGapIds: IRL_ITEMS.filter((i) => i.coverage === "gap").map((i) => i.id),
    irlPartialIds: IRL_ITEMS.filter((i) => i.coverage === "partial").map((i) => i.id),
  },
  promptInjection: {
    file: "Board_Minutes_Sep2024.docx",
    section: "5. Any other business",
    page: docxSectionPage("Board_Minutes_Sep2024.docx", "5. Any other business"),
    text: PROMPT_INJECTION_TEXT,
    bogusRevenue: 99_000_000,
  },
} as const;

/** Look up a planted fact by id (throws on a typo so tests fail loudly). */
export function fact(id: string) {
  const f = PLANTED_FACTS.find((p) => p.id === id);
  if (!f) throw new Error(`Unknown planted fact ${id}`);
  return f;
}
