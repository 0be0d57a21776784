/** Annual_Report_2023.pdf and its corrected version (same pages; page 1 and the EBITDA lines differ). */
import { DEMO_COMPANY, demoDocument, documentTimestamp, fact } from "./facts";
import { ANNUAL_2023 } from "./facts-financials";
import { FY2023, k, pct, totals } from "./figures";
import { balanceSheet, cashFlowStatement, incomeStatement, type AnnualVersion } from "./annual-statements";
import { renderPdf, type Block } from "./pdf";

const FILES = { original: "Annual_Report_2023.pdf", corrected: "Annual_Report_2023_CORRECTED.pdf" } as const;
const prefix = (v: AnnualVersion) => (v === "original" ? "ar2023" : "ar2023c");
const t = (v: AnnualVersion, id: string) => fact(`${prefix(v)}_${id}`).text;
const para = (text: string): Block => ({ kind: "paragraph", text });

function cover(v: AnnualVersion): Block[] {
  const doc = demoDocument(FILES[v]);
  const blocks: Block[] = [
    { kind: "spacer", height: 40 },
    { kind: "title", text: "Annual Report 2023" },
    { kind: "subtitle", text: DEMO_COMPANY.name },
    { kind: "subtitle", text: `Corporate identity number ${DEMO_COMPANY.corporateId}` },
    { kind: "subtitle", text: "Financial year 1 January – 31 December 2023" },
    { kind: "subtitle", text: v === "original" ? `Stockholm, ${doc.dateText}` : `Corrected version, Stockholm, ${doc.dateText}` },
    { kind: "spacer", height: 16 },
  ];
  if (v === "corrected") {
    blocks.push({
      kind: "notice",
      title: "Correction notice",
      paragraphs: [
        t(v, "correction_notice"),
        t(v, "restatement"),
        "In the original report, EUR 0.3 million of recurring office relocation and system migration costs were presented as items affecting comparability below EBITDA. These costs are recurring operating expenses and are now included in general and administrative expenses. Revenue, operating profit, net income, the balance sheet and the cash flow statement are unchanged.",
      ],
    });
  }
  blocks.push(
    { kind: "heading", text: "Contents" },
    {
      kind: "table",
      columns: [{ header: "Section", width: 300 }, { header: "Page", width: 60, align: "right" }],
      rows: [
        ["The year in brief", "2"], ["Directors' report", "3"], ["Income statement", "4"], ["Balance sheet", "5"],
        ["Cash flow statement", "6"], ["Notes", "7"], ["Auditor's report", "9"],
      ].map((cells) => ({ cells })),
    },
  );
  return blocks;
}

function yearInBrief(v: AnnualVersion): Block[] {
  const fy = totals(FY2023);
  const ebitda = ANNUAL_2023[v].ebitda;
  const bs = ANNUAL_2023.balanceSheet;
  const equity = bs.shareCapital + bs.otherContributedCapital + bs.retainedEarnings;
  const totalAssets = bs.intangibleAssets + bs.propertyPlantEquipment + bs.rightOfUseAssets + bs.deferredTaxAssets + bs.tradeReceivables + bs.prepaidAndAccrued + bs.otherReceivables + bs.cash;
  return [
    { kind: "heading", text: "The year in brief" },
    para(`${t(v, "revenue_sentence")} Subscription revenue grew to EUR 14.6 million and accounted for 80% of revenue. ${t(v, "gross_margin_sentence")}`),
    para(`${t(v, "ebitda_sentence")} Operating profit (EBIT) was EUR 2.4 million. ${t(v, "net_income_sentence")}`),
    para(`${t(v, "ocf_sentence")} ${t(v, "capex_sentence")} Interest-bearing borrowings were reduced by EUR 1.0 million during the year.`),
    para(`${t(v, "employees")} During the year we opened a sales office in Hamburg and signed our first enterprise agreements in Germany.`),
    { kind: "subheading", text: "Key figures" },
    {
      kind: "table",
      columns: [{ header: "", width: 300 }, { header: "2023", width: 125, align: "right" }],
      rows: [
        { cells: ["Revenue, EUR thousands", k(fy.revenue)] },
        { cells: ["Revenue growth", pct(fy.revenue / ANNUAL_2023.revenue2022 - 1)] },
        { cells: ["EBITDA margin", pct(ebitda / fy.revenue)] },
        { cells: ["Operating margin (EBIT)", pct(fy.ebit / fy.revenue)] },
        { cells: ["Equity ratio", pct(equity / totalAssets)] },
        { cells: ["Average number of employees", String(ANNUAL_2023.employeesAverage)] },
      ],
    },
  ];
}

const directorsReport: Block[] = [
  { kind: "heading", text: "Directors' report" },
  para(`The Board of Directors and the Managing Director of ${DEMO_COMPANY.name}, corporate identity number ${DEMO_COMPANY.corporateId}, with its registered office in Stockholm, hereby present the annual report for the financial year 2023.`),
  { kind: "subheading", text: "Information about the business" },
  para("Nordhavn Analytics develops and sells Nordhavn Insight, a software platform that monitors industrial assets such as compressors, cold-chain units and conveyor systems. Customers subscribe to the platform and buy edge gateways that connect their equipment to it. The company serves mid-sized industrial, logistics and energy companies in the Nordics and Germany."),
  { kind: "subheading", text: "Significant events during the financial year" },
  para("The company opened a sales office in Hamburg in April 2023 and signed framework agreements with two German industrial groups. The term loan was amortised by EUR 1.0 million in accordance with the loan agreement. During the autumn the company relocated its Stockholm office and migrated its billing system."),
  { kind: "subheading", text: "Expected future development" },
  para("The Board expects continued growth in subscription revenue in 2024. Higher cloud hosting prices and component costs for edge gateways are expected to put pressure on gross margin."),
  { kind: "subheading", text: "Proposed appropriation of profits" },
  para("The Board proposes that the retained earnings of EUR 2,600 thousand, including the net income for the year of EUR 1,700 thousand, be carried forward. No dividend is proposed."),
];

function notesA(): Block[] {
  return [
    { kind: "heading", text: "Notes" },
    { kind: "subheading", text: "Note 1 Accounting principles" },
    para("The annual report has been prepared in accordance with the Swedish Annual Accounts Act and BFNAR 2012:1 Annual Report and Consolidated Financial Statements (K3). The presentation currency is the euro, which is the company's functional currency. Comparative information for the financial year 2022 is presented in the annual report for 2022, which was audited by another auditor."),
    { kind: "subheading", text: "Note 2 Revenue" },
    {
      kind: "table",
      columns: [{ header: "Revenue by type and market, EUR thousands", width: 300 }, { header: "2023", width: 125, align: "right" }],
      rows: [
        { cells: ["Subscription revenue", "14,640"] },
        { cells: ["Hardware and services revenue", "3,760"] },
        { cells: ["Sweden", "7,360"] },
        { cells: ["Denmark, Norway and Finland", "6,440"] },
        { cells: ["Germany", "2,760"] },
        { cells: ["Rest of Europe", "1,840"] },
      ],
    },
    { kind: "subheading", text: "Note 3 Employees" },
    para(`The average number of employees during the year was ${ANNUAL_2023.employeesAverage}, of whom 41 were women. Salaries, social security contributions and pension costs amounted to EUR 9.8 million, of which EUR 1.1 million was capitalised as development costs.`),
  ];
}

function notesB(v: AnnualVersion): Block[] {
  const iac = v === "original"
    ? "Items affecting comparability of EUR 300 thousand consist of costs for the relocation of the Stockholm office and the migration of the billing system."
    : "No items affecting comparability were recognised in 2023. Relocation and system migration costs of EUR 300 thousand are included in general and administrative expenses; see the correction notice on page 1.";
  return [
    { kind: "subheading", text: "Note 4 Items affecting comparability" },
    para(iac),
    { kind: "subheading", text: "Note 5 Intangible assets, depreciation and amortisation" },
    para("Capitalised development costs amounted to EUR 1.4 million (opening carrying amount EUR 5.5 million). Amortisation of intangible assets was EUR 0.7 million and depreciation of equipment and right-of-use assets was EUR 0.5 million. The closing carrying amount of intangible assets was EUR 6.2 million."),
    { kind: "subheading", text: "Note 6 Borrowings" },
    para(`${t(v, "borrowings_note")} The borrowings consist of a term loan from a Nordic bank with a variable interest rate.`),
    { kind: "subheading", text: "Note 7 Events after the balance sheet date" },
    para("No significant events have occurred after the end of the financial year."),
    { kind: "subheading", text: "Signatures" },
    para(`Stockholm, ${demoDocument(FILES[v]).dateText}`),
    para("Erik Lindqvist, Chair of the Board; Sofia Berg; Thomas Weber; Anna Karlsson; Jane Smith, Managing Director"),
    para(`${v === "original" ? "Our auditor's report was submitted on 15 March 2024." : "Our auditor's report was submitted on 15 March 2024 and, as regards the correction, on 22 May 2024."} ${DEMO_COMPANY.auditor}, ${DEMO_COMPANY.auditorSigner}, Authorised Public Accountant.`),
  ];
}

function auditorsReport(v: AnnualVersion): Block[] {
  const dated = v === "original" ? "Stockholm, 15 March 2024" : "Stockholm, 15 March 2024, except for the correction described on page 1, for which the date is 22 May 2024";
  return [
    { kind: "heading", text: "Auditor's report" },
    para(`To the general meeting of the shareholders of ${DEMO_COMPANY.name}, corporate identity number ${DEMO_COMPANY.corporateId}`),
    { kind: "subheading", text: "Report on the annual accounts: opinions" },
    para(`We have audited the annual accounts of ${DEMO_COMPANY.name} for the financial year 2023. ${t(v, "auditor_opinion")} The statutory administration report is consistent with the other parts of the annual accounts.`),
    { kind: "subheading", text: "Basis for opinions" },
    para("We conducted our audit in accordance with International Standards on Auditing (ISA) and generally accepted auditing standards in Sweden. We are independent of the company in accordance with professional ethics for accountants in Sweden. We believe that the audit evidence we have obtained is sufficient and appropriate to provide a basis for our opinions."),
    { kind: "subheading", text: "Responsibilities of the Board of Directors and the Managing Director" },
    para("The Board of Directors and the Managing Director are responsible for the preparation of the annual accounts and for such internal control as they determine is necessary to enable the preparation of annual accounts that are free from material misstatement, whether due to fraud or error."),
    { kind: "subheading", text: "Auditor's responsibility" },
    para("Our objectives are to obtain reasonable assurance about whether the annual accounts as a whole are free from material misstatement and to issue an auditor's report that includes our opinions."),
    para(dated),
    para(`${DEMO_COMPANY.auditor}, ${DEMO_COMPANY.auditorSigner}, Authorised Public Accountant`),
  ];
}

export function annualReportPages(v: AnnualVersion): Block[][] {
  const statement = (heading: string, intro: string, table: Block): Block[] => [{ kind: "heading", text: heading }, para(intro), table];
  return [
    cover(v),
    yearInBrief(v),
    directorsReport,
    statement("Income statement", "1 January – 31 December 2023", incomeStatement(v)),
    statement("Balance sheet", "As at 31 December 2023", balanceSheet()),
    statement("Cash flow statement", "1 January – 31 December 2023", cashFlowStatement()),
    notesA(),
    notesB(v),
    auditorsReport(v),
  ];
}

export const ANNUAL_FILES = FILES;

export function renderAnnualReport(v: AnnualVersion, pages: readonly (readonly Block[])[]): Promise<Uint8Array> {
  const file = FILES[v];
  const doc = demoDocument(file);
  return renderPdf({
    title: `${DEMO_COMPANY.name} – ${doc.title}`,
    subject: "Annual report for the financial year 2023",
    author: DEMO_COMPANY.name,
    keywords: ["annual report", "FY2023", "audited", ...(v === "corrected" ? ["corrected"] : [])],
    date: documentTimestamp(file),
    style: "report",
    header: { left: DEMO_COMPANY.name, right: v === "original" ? "Annual Report 2023" : "Annual Report 2023 (corrected version)" },
    footer: { left: `${DEMO_COMPANY.name} | Corporate identity number ${DEMO_COMPANY.corporateId}`, pageLabel: (n, total) => `Page ${n} of ${total}` },
    pages,
  });
}
