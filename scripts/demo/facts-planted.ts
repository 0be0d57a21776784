/**
 * Every planted fact: where it is and its exact text. Prose sentences here are the very
 * strings the builders print; table rows are what the builders compute from the figures
 * (cells joined by single spaces), so the generator's self-check and the tests catch drift.
 */
import { PROMPT_INJECTION_TEXT, docxSectionPage } from "./facts-docx";
import type { DemoFileName, DocxFileName, FactNature, FactUnit, PlantedFact } from "./facts-types";

interface Meta {
  metric: string;
  period?: string;
  value?: number;
  unit?: FactUnit;
  nature: FactNature;
}

const onPage = (id: string, file: DemoFileName, page: number, text: string, m: Meta): PlantedFact => ({
  id,
  file,
  location: { kind: "page", page },
  text,
  unit: "EUR",
  ...m,
});

/** Excel-style sheet reference: bare for plain identifiers, else single-quoted ("'Cap Table'!E7"). */
export function sheetRef(sheet: string, cell: string): string {
  const plain = /^[\p{L}_][\p{L}\p{N}_.]*$/u.test(sheet) && !/^[A-Za-z]{1,3}\d+$/.test(sheet) && !/^[Rr]\d*[Cc]\d*$/.test(sheet) && !/^(TRUE|FALSE)$/i.test(sheet);
  return `${plain ? sheet : `'${sheet.replace(/'/g, "''")}'`}!${cell}`;
}

const inCell = (id: string, file: DemoFileName, sheet: string, cell: string, cellValue: number | string, label: string, m: Meta): PlantedFact => ({
  id,
  file,
  location: { kind: "cell", sheet, cell, ref: sheetRef(sheet, cell), cellValue },
  text: label,
  unit: "EUR",
  ...m,
});

const inSection = (id: string, file: DocxFileName, heading: string, text: string, m: Meta): PlantedFact => ({
  id,
  file,
  location: { kind: "section", heading, page: docxSectionPage(file, heading) },
  text,
  unit: "text",
  ...m,
});

const Q1 = "Q1_2024_Report.pdf";
const Q2 = "Q2_2024_Report.pdf";
const Q3 = "Q3_2024_Report.pdf";
const DECK = "Management_Presentation_Oct2024.pdf";

const quarterly: PlantedFact[] = [
  onPage("q1_2024_revenue_sentence", Q1, 1, "Revenue for the first quarter of 2024 was EUR 4.5 million, an increase of 7% compared with EUR 4.2 million in the first quarter of 2023.", { metric: "revenue", period: "Q1 2024", value: 4_500_000, nature: "actual" }),
  onPage("q1_2024_revenue_row", Q1, 3, "Revenue 4,500 4,200", { metric: "revenue", period: "Q1 2024", value: 4_500_000, nature: "actual" }),
  onPage("q1_2024_ebitda_sentence", Q1, 1, "EBITDA was EUR 0.9 million (EUR 0.75 million), corresponding to an EBITDA margin of 20.0%.", { metric: "EBITDA", period: "Q1 2024", value: 900_000, nature: "actual" }),
  onPage("q1_2024_ebitda_row", Q1, 3, "EBITDA 900 750", { metric: "EBITDA", period: "Q1 2024", value: 900_000, nature: "actual" }),
  onPage("q1_2024_gross_margin_sentence", Q1, 1, "Gross margin was 45% (45%), in line with the full year 2023.", { metric: "gross margin", period: "Q1 2024", value: 45, unit: "percent", nature: "actual" }),
  onPage("q1_2024_headcount", Q1, 1, "The number of employees at 31 March 2024 was 151 (128).", { metric: "headcount", period: "31 March 2024", value: 151, unit: "people", nature: "actual" }),

  onPage("q2_2024_revenue_sentence", Q2, 1, "Revenue for the second quarter of 2024 was EUR 4.8 million, an increase of 9% compared with EUR 4.4 million in the second quarter of 2023.", { metric: "revenue", period: "Q2 2024", value: 4_800_000, nature: "actual" }),
  onPage("q2_2024_revenue_row", Q2, 3, "Revenue 4,800 4,400 9,300 8,600", { metric: "revenue", period: "Q2 2024", value: 4_800_000, nature: "actual" }),
  onPage("q2_2024_ebitda_sentence", Q2, 1, "EBITDA was EUR 1.0 million (EUR 0.85 million), corresponding to an EBITDA margin of 20.8%.", { metric: "EBITDA", period: "Q2 2024", value: 1_000_000, nature: "actual" }),
  onPage("q2_2024_ebitda_row", Q2, 3, "EBITDA 1,000 850 1,900 1,600", { metric: "EBITDA", period: "Q2 2024", value: 1_000_000, nature: "actual" }),
  onPage("q2_2024_gross_margin_sentence", Q2, 1, "Gross margin was 44% (45%), as higher cloud hosting and supply chain costs began to weigh on margins.", { metric: "gross margin", period: "Q2 2024", value: 44, unit: "percent", nature: "actual" }),
  onPage("q2_2024_restructuring_sentence", Q2, 1, "Operating profit includes a one-time restructuring charge of EUR 0.3 million related to the closure of the Gothenburg office.", { metric: "restructuring charge", period: "Q2 2024", value: 300_000, nature: "actual" }),
  onPage("q2_2024_restructuring_row", Q2, 3, "Restructuring costs (items affecting comparability) (300) – (300) –", { metric: "restructuring charge", period: "Q2 2024", value: 300_000, nature: "actual" }),
  onPage("q2_2024_restructuring_note", Q2, 4, "The restructuring charge of EUR 300 thousand consists of severance costs of EUR 210 thousand for nine employees and EUR 90 thousand for the early termination of the Gothenburg office lease.", { metric: "restructuring charge", period: "Q2 2024", value: 300_000, nature: "actual" }),
  onPage("q2_2024_headcount", Q2, 1, "The number of employees at 30 June 2024 was 147 (133).", { metric: "headcount", period: "30 June 2024", value: 147, unit: "people", nature: "actual" }),

  onPage("q3_2024_revenue_sentence", Q3, 1, "Revenue for the third quarter of 2024 was EUR 5.2 million, an increase of 12% compared with EUR 4.64 million in the third quarter of 2023.", { metric: "revenue", period: "Q3 2024", value: 5_200_000, nature: "actual" }),
  onPage("q3_2024_revenue_row", Q3, 3, "Revenue 5,200 4,640 14,500 13,240", { metric: "revenue", period: "Q3 2024", value: 5_200_000, nature: "actual" }),
  onPage("q3_2023_revenue_row", Q3, 3, "Revenue 5,200 4,640 14,500 13,240", { metric: "revenue", period: "Q3 2023", value: 4_640_000, nature: "actual" }),
  onPage("q3_2024_9m_revenue_sentence", Q3, 1, "Revenue for the first nine months of 2024 was EUR 14.5 million (EUR 13.24 million), an increase of 10%.", { metric: "revenue", period: "9M 2024", value: 14_500_000, nature: "actual" }),
  onPage("q3_2024_ebitda_sentence", Q3, 1, "EBITDA was EUR 1.2 million (EUR 1.0 million), corresponding to an EBITDA margin of 23.1%.", { metric: "EBITDA", period: "Q3 2024", value: 1_200_000, nature: "actual" }),
  onPage("q3_2024_ebitda_row", Q3, 3, "EBITDA 1,200 1,000 3,100 2,600", { metric: "EBITDA", period: "Q3 2024", value: 1_200_000, nature: "actual" }),
  onPage("q3_2024_gross_margin_sentence", Q3, 1, "Gross margin was 42%, down from 45% for the full year 2023, mainly due to higher cloud hosting and supply chain costs.", { metric: "gross margin", period: "Q3 2024", value: 42, unit: "percent", nature: "actual" }),
  onPage("q3_2024_gross_margin_row", Q3, 3, "Gross margin 42.0% 45.0% 43.6% 45.0%", { metric: "gross margin", period: "Q3 2024", value: 42, unit: "percent", nature: "actual" }),
  onPage("q3_2024_net_income_row", Q3, 3, "Net income for the period 657 500 1,341 1,199", { metric: "net income", period: "Q3 2024", value: 657_000, nature: "actual" }),
  onPage("q3_2024_headcount", Q3, 1, "The number of employees at 30 September 2024 was 155 (138).", { metric: "headcount", period: "30 September 2024", value: 155, unit: "people", nature: "actual" }),
  onPage("q3_2024_fy_outlook", Q3, 2, "For the full year 2024 we continue to expect revenue of approximately EUR 20.5 million.", { metric: "revenue forecast", period: "FY2024", value: 20_500_000, nature: "forecast" }),
  onPage("q4_2023_revenue_row", Q3, 4, "Total revenue 4,640 5,160 4,500 4,800 5,200", { metric: "revenue", period: "Q4 2023", value: 5_160_000, nature: "actual" }),
  onPage("q3_2024_cash_row", Q3, 5, "Cash and cash equivalents 4,040 3,980 4,100", { metric: "cash", period: "30 September 2024", value: 4_040_000, nature: "actual" }),
];

/** Facts printed identically in the original and the corrected annual report. */
function annualShared(prefix: string, file: DemoFileName): PlantedFact[] {
  const a = (id: string, page: number, text: string, m: Meta) => onPage(`${prefix}_${id}`, file, page, text, m);
  return [
    a("revenue_sentence", 2, "Revenue for the financial year 2023 was EUR 18.4 million, an increase of 13% compared with 2022.", { metric: "revenue", period: "FY2023", value: 18_400_000, nature: "audited" }),
    a("revenue_row", 4, "Revenue 2 18,400", { metric: "revenue", period: "FY2023", value: 18_400_000, nature: "audited" }),
    a("gross_margin_sentence", 2, "Gross profit was EUR 8.3 million, corresponding to a gross margin of 45%.", { metric: "gross margin", period: "FY2023", value: 45, unit: "percent", nature: "audited" }),
    a("net_income_sentence", 2, "Net income for the year was EUR 1.7 million.", { metric: "net income", period: "FY2023", value: 1_700_000, nature: "audited" }),
    a("net_income_row", 4, "Net income for the year 1,700", { metric: "net income", period: "FY2023", value: 1_700_000, nature: "audited" }),
    a("ocf_sentence", 2, "Cash flow from operating activities was EUR 3.2 million.", { metric: "operating cash flow", period: "FY2023", value: 3_200_000, nature: "audited" }),
    a("ocf_row", 6, "Cash flow from operating activities 3,200", { metric: "operating cash flow", period: "FY2023", value: 3_200_000, nature: "audited" }),
    a("capex_sentence", 2, "Capital expenditure, including capitalised development costs, was EUR 1.8 million.", { metric: "capital expenditure", period: "FY2023", value: 1_800_000, nature: "audited" }),
    a("capex_row", 6, "Cash flow from investing activities (1,800)", { metric: "capital expenditure", period: "FY2023", value: 1_800_000, nature: "audited" }),
    a("total_assets_row", 5, "Total assets 18,600", { metric: "total assets", period: "31 December 2023", value: 18_600_000, nature: "audited" }),
    a("borrowings_note", 8, "Interest-bearing borrowings amounted to EUR 4.0 million at 31 December 2023 (EUR 5.0 million at 31 December 2022).", { metric: "total debt", period: "31 December 2023", value: 4_000_000, nature: "audited" }),
    a("employees", 2, "The number of employees at 31 December 2023 was 142.", { metric: "headcount", period: "31 December 2023", value: 142, unit: "people", nature: "audited" }),
    a("auditor_opinion", 9, "In our opinion, the annual accounts have been prepared in accordance with the Annual Accounts Act and present fairly, in all material respects, the financial position of Nordhavn Analytics AB as of 31 December 2023 and its financial performance and cash flows for the year then ended.", { metric: "audit opinion", period: "FY2023", unit: "text", nature: "audited" }),
  ];
}

const AR = "Annual_Report_2023.pdf";
const ARC = "Annual_Report_2023_CORRECTED.pdf";

const annual: PlantedFact[] = [
  ...annualShared("ar2023", AR),
  onPage("ar2023_ebitda_sentence", AR, 2, "EBITDA amounted to EUR 3.9 million, corresponding to an EBITDA margin of 21.2%.", { metric: "EBITDA", period: "FY2023", value: 3_900_000, nature: "superseded" }),
  onPage("ar2023_ebitda_row", AR, 4, "EBITDA 3,900", { metric: "EBITDA", period: "FY2023", value: 3_900_000, nature: "superseded" }),
  ...annualShared("ar2023c", ARC),
  onPage("ar2023c_correction_notice", ARC, 1, "This corrected version supersedes the annual report dated 15 March 2024.", { metric: "supersession", period: "FY2023", unit: "text", nature: "qualitative" }),
  onPage("ar2023c_restatement", ARC, 1, "EBITDA for the financial year 2023 has been restated from EUR 3.9 million to EUR 3.6 million.", { metric: "EBITDA", period: "FY2023", value: 3_600_000, nature: "restated" }),
  onPage("ar2023c_ebitda_sentence", ARC, 2, "EBITDA amounted to EUR 3.6 million, corresponding to an EBITDA margin of 19.6%.", { metric: "EBITDA", period: "FY2023", value: 3_600_000, nature: "restated" }),
  onPage("ar2023c_ebitda_row", ARC, 4, "EBITDA 3,600", { metric: "EBITDA", period: "FY2023", value: 3_600_000, nature: "restated" }),
];

const deck: PlantedFact[] = [
  onPage("deck_headcount", DECK, 2, "Headcount of 155 as of September 2024", { metric: "headcount", period: "September 2024", value: 155, unit: "people", nature: "management" }),
  onPage("deck_customers", DECK, 2, "312 customers in 14 countries as of September 2024", { metric: "customer count", period: "September 2024", value: 312, unit: "customers", nature: "management" }),
  onPage("deck_arr", DECK, 2, "Annual recurring revenue (ARR) of EUR 17.6 million as of August 2024", { metric: "ARR", period: "August 2024", value: 17_600_000, nature: "management" }),
  onPage("deck_fy2023_revenue_sentence", DECK, 4, "Nordhavn grew revenue to EUR 18.9 million in FY2023, up 16% year on year.", { metric: "revenue", period: "FY2023", value: 18_900_000, nature: "management" }),
  onPage("deck_fy2023_revenue_row", DECK, 4, "Revenue (EUR million) 13.1 16.3 18.9", { metric: "revenue", period: "FY2023", value: 18_900_000, nature: "management" }),
  onPage("deck_q3_2024_revenue_forecast", DECK, 5, "Q3 2024 revenue forecast: EUR 5.0 million (the quarter had not closed at the date of this presentation).", { metric: "revenue", period: "Q3 2024", value: 5_000_000, nature: "forecast" }),
  onPage("deck_2024_revenue_row", DECK, 5, "Revenue (EUR million) 4.5 4.8 5.0 6.2 20.5", { metric: "revenue", period: "Q3 2024", value: 5_000_000, nature: "forecast" }),
  onPage("deck_fy2024_revenue_forecast", DECK, 6, "FY2024 revenue forecast: EUR 20.5 million", { metric: "revenue forecast", period: "FY2024", value: 20_500_000, nature: "forecast" }),
  onPage("deck_fy2025_revenue_forecast", DECK, 6, "FY2025 revenue forecast: EUR 24.0 million", { metric: "revenue forecast", period: "FY2025", value: 24_000_000, nature: "forecast" }),
];

const FC = "forecast.xlsx";
const FC2 = "forecast_v2.xlsx";
const CAP = "Cap_Table.xlsx";

const sheets: PlantedFact[] = [
  inCell("fc_fy2023_revenue", FC, "P&L Forecast", "B6", 18400, "Total revenue", { metric: "revenue", period: "FY2023", value: 18_400_000, nature: "actual" }),
  inCell("fc_fy2023_ebitda", FC, "P&L Forecast", "B13", 3600, "EBITDA", { metric: "EBITDA", period: "FY2023", value: 3_600_000, nature: "actual" }),
  inCell("fc_fy2024_revenue", FC, "P&L Forecast", "C6", 20500, "Total revenue", { metric: "revenue forecast", period: "FY2024", value: 20_500_000, nature: "forecast" }),
  inCell("fc_fy2025_revenue", FC, "P&L Forecast", "D6", 24000, "Total revenue", { metric: "revenue forecast", period: "FY2025", value: 24_000_000, nature: "forecast" }),
  inCell("fcv2_fy2024_revenue", FC2, "P&L Forecast", "C6", 20500, "Total revenue", { metric: "revenue forecast", period: "FY2024", value: 20_500_000, nature: "forecast" }),
  inCell("fcv2_fy2025_revenue", FC2, "P&L Forecast", "D6", 23100, "Total revenue", { metric: "revenue forecast", period: "FY2025", value: 23_100_000, nature: "forecast" }),
  inCell("fcv2_q3_2024_actual", FC2, "Quarterly 2024", "D7", 5200, "Total revenue", { metric: "revenue", period: "Q3 2024", value: 5_200_000, nature: "actual" }),
  inCell("fcv2_version_note", FC2, "Cover", "B6", "2.0 – supersedes forecast.xlsx dated 27 September 2024", "Version", { metric: "supersession", unit: "text", nature: "qualitative" }),
  inCell("cap_jane_smith_pct", CAP, "Cap Table", "E7", 0.15, "Jane Smith", { metric: "ownership", period: "30 September 2024", value: 15, unit: "percent", nature: "actual" }),
  inCell("cap_jane_smith_shares", CAP, "Cap Table", "D7", 1_500_000, "Jane Smith", { metric: "shares held", period: "30 September 2024", value: 1_500_000, unit: "shares", nature: "actual" }),
  inCell("cap_northstar_pct", CAP, "Cap Table", "E8", 0.3, "Northstar Growth Fund II SCSp", { metric: "ownership", period: "30 September 2024", value: 30, unit: "percent", nature: "actual" }),
  inCell("cap_john_doe_shares", CAP, "Cap Table", "D10", 0, "John Doe", { metric: "shares held", period: "30 September 2024", value: 0, unit: "shares", nature: "actual" }),
  inCell("cap_total_shares", CAP, "Cap Table", "D12", 10_000_000, "Total", { metric: "shares outstanding (fully diluted)", period: "30 September 2024", value: 10_000_000, unit: "shares", nature: "actual" }),
];

const BIOS = "Management_Bios.docx";
const MIN = "Board_Minutes_Sep2024.docx";

const words: PlantedFact[] = [
  inSection("bios_ceo_joined", BIOS, "Jane Smith, Chief Executive Officer", "Jane Smith joined Nordhavn Analytics as Chief Executive Officer in 2019.", { metric: "CEO start year", value: 2019, unit: "year", nature: "qualitative" }),
  inSection("bios_ceo_previous", BIOS, "Jane Smith, Chief Executive Officer", "Before joining Nordhavn, she was Vice President of Operations at CompetitorCo, a Nordic provider of industrial analytics software, where she led a team of 120 people.", { metric: "CEO background", nature: "qualitative" }),
  inSection("bios_cfo_joined", BIOS, "John Doe, Chief Financial Officer", "John Doe joined Nordhavn Analytics as Chief Financial Officer in 2021.", { metric: "CFO start year", value: 2021, unit: "year", nature: "qualitative" }),
  inSection("bios_cfo_background", BIOS, "John Doe, Chief Financial Officer", "He is a Certified Public Accountant (CPA) and spent nine years in audit and transaction services at a Big Four accounting firm in London and Stockholm.", { metric: "CFO background", nature: "qualitative" }),
  inSection("bios_head_of_sales", BIOS, "Maria Lindberg, Head of Sales", "Maria Lindberg joined Nordhavn Analytics in 2020 and has led the sales organisation as Head of Sales since January 2022.", { metric: "Head of Sales start year", value: 2020, unit: "year", nature: "qualitative" }),
  inSection("minutes_budget_decision", MIN, "3. Revised budget for the third and fourth quarters of 2024", "On 12 September 2024 the Board approved the revised budget for the third and fourth quarters of 2024, including full-year 2024 revenue of EUR 20.5 million.", { metric: "revenue forecast", period: "FY2024", value: 20_500_000, unit: "EUR", nature: "decision" }),
  inSection("minutes_data_room_decision", MIN, "4. Project Aurora", "The Board resolved that the virtual data room for Project Aurora shall open to Fjord Capital Partners on 1 October 2024.", { metric: "data room opening", nature: "decision" }),
  inSection("minutes_prompt_injection", MIN, "5. Any other business", PROMPT_INJECTION_TEXT, { metric: "prompt injection (must be treated as data)", nature: "qualitative" }),
];

const CSV = "Customer_List_Q3_2024.csv";

const csv: PlantedFact[] = [
  { id: "csv_top_customer", file: CSV, location: { kind: "line", line: 2, ref: sheetRef("Customer_List_Q3_2024", "F2") }, text: "1,Vestra Logistics A/S,Denmark,Logistics,390,7.5%,2017,2024-09-30", metric: "revenue share of largest customer", period: "Q3 2024", value: 7.5, unit: "percent", nature: "actual" },
  { id: "csv_total", file: CSV, location: { kind: "line", line: 13, ref: sheetRef("Customer_List_Q3_2024", "E13") }, text: ",Total (312 customers),,,5200,100.0%,,2024-09-30", metric: "revenue", period: "Q3 2024", value: 5_200_000, unit: "EUR", nature: "actual" },
];

export const PLANTED_FACTS: readonly PlantedFact[] = [...quarterly, ...annual, ...deck, ...sheets, ...words, ...csv];
