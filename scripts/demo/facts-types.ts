/** Types of the demo deal's facts (see facts.ts). */

export type DemoFileName =
  | "Q1_2024_Report.pdf"
  | "Q2_2024_Report.pdf"
  | "Q3_2024_Report.pdf"
  | "Annual_Report_2023.pdf"
  | "Annual_Report_2023_CORRECTED.pdf"
  | "Management_Presentation_Oct2024.pdf"
  | "forecast.xlsx"
  | "forecast_v2.xlsx"
  | "Cap_Table.xlsx"
  | "Management_Bios.docx"
  | "IRL_Template.xlsx"
  | "Board_Minutes_Sep2024.docx"
  | "Customer_List_Q3_2024.csv";

export type PdfFileName = Extract<DemoFileName, `${string}.pdf`>;
export type XlsxFileName = Extract<DemoFileName, `${string}.xlsx`>;
export type DocxFileName = Extract<DemoFileName, `${string}.docx`>;

export type DemoFormat = "pdf" | "xlsx" | "docx" | "csv";

export type DemoDocumentKind =
  | "quarterly report"
  | "annual report"
  | "management presentation"
  | "financial forecast"
  | "cap table"
  | "management biographies"
  | "information request list"
  | "board minutes"
  | "customer list";

export interface DemoDocument {
  file: DemoFileName;
  format: DemoFormat;
  kind: DemoDocumentKind;
  title: string;
  /** ISO date (YYYY-MM-DD); also printed visibly on page 1 / the first sheet / the first lines. */
  documentDate: string;
  /** The date exactly as printed in the document. */
  dateText: string;
  /** PDFs only. */
  pageCount?: number;
  /** Workbooks only: sheet names in order. */
  sheets?: readonly string[];
  /** Workbooks only: the cell that shows the document date. */
  dateCell?: { sheet: string; cell: string };
  period?: string;
  audited?: boolean;
  /** The older file this one explicitly replaces. */
  supersedes?: DemoFileName;
}

/** Where a planted fact sits. */
export type FactLocation =
  /** PDF: 1-based page. `text` is a sentence or one table row (cells joined by single spaces). */
  | { kind: "page"; page: number }
  /**
   * Workbook cell. `ref` is written the way Excel (and lib/ingest) writes references: the sheet
   * name bare when it is a plain identifier, otherwise single-quoted ("Cover!B6",
   * "'Cap Table'!E7"). `cellValue` is the stored value or the formula's cached result.
   * `text` is the row's label in column A.
   */
  | { kind: "cell"; sheet: string; cell: string; ref: string; cellValue: number | string }
  /**
   * Word document: the heading of the section the paragraph sits under; `page` is that section's
   * 1-based page when the document is split at headings (the title block is page 1).
   * `text` is the paragraph (or part of it).
   */
  | { kind: "section"; heading: string; page: number }
  /**
   * CSV: 1-based line number (line 1 is the header); `text` is the whole line. `ref` names the
   * fact's value cell as a sheet parser does (sheet = file name without extension).
   */
  | { kind: "line"; line: number; ref: string };

export type FactNature =
  | "actual"
  | "audited"
  | "superseded" // stated in a document that a later document explicitly replaces
  | "restated"
  | "forecast"
  | "management" // management's (unaudited) statement
  | "decision"
  | "qualitative";

export type FactUnit = "EUR" | "percent" | "people" | "shares" | "customers" | "year" | "text";

export interface PlantedFact {
  id: string;
  file: DemoFileName;
  location: FactLocation;
  /** The exact text as it appears (compare with whitespace collapsed). */
  text: string;
  metric: string;
  period?: string;
  /** Natural units: EUR (not thousands), percent points (42 = 42%), people, shares. */
  value?: number;
  unit: FactUnit;
  nature: FactNature;
}

export type IrlDomain = "Financial" | "Legal" | "Operational" | "Commercial" | "People";
export type IrlPriority = "high" | "medium" | "low";
export type IrlCoverage = "covered" | "partial" | "gap";

export interface IrlItem {
  id: string;
  /** Row in IRL_Template.xlsx, sheet "IRL". */
  row: number;
  domain: IrlDomain;
  item: string;
  priority: IrlPriority;
  notes: string;
  /** What the demo room actually contains for this request (not written into the workbook). */
  coverage: IrlCoverage;
  coveredBy: readonly DemoFileName[];
  coverageNote: string;
}

export interface Customer {
  rank: number;
  name: string;
  country: string;
  segment: string;
  /** EUR thousands, Q3 2024. */
  revenueQ3: number;
  /** Percent of Q3 2024 revenue, one decimal. */
  share: number;
  customerSince: number;
}
