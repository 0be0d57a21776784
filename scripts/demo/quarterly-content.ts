/** Text and extra pages of the Q1, Q2 and Q3 2024 interim reports. */
import { fact } from "./facts";
import type { QuarterKey } from "./facts-financials";
import { k, pct, totals } from "./figures";
import { periodColumns, quarterReportPages, renderQuarterReport, type QuarterReportConfig } from "./quarterly";
import type { Block, TableRow } from "./pdf";

const t = (id: string) => fact(id).text;

const Q1: QuarterReportConfig = {
  file: "Q1_2024_Report.pdf",
  periods: [{ label: "Q1 2024", quarters: ["Q1 2024"] }, { label: "Q1 2023", quarters: ["Q1 2023"] }],
  balances: [{ label: "31 Mar 2024", at: "Q1 2024" }, { label: "31 Mar 2023", at: "Q1 2023" }, { label: "31 Dec 2023", at: "Q4 2023" }],
  subtitle: "First quarter: January–March 2024",
  highlightsHeading: "First quarter highlights",
  highlights: [
    t("q1_2024_revenue_sentence"),
    "Subscription revenue grew 9% to EUR 3.7 million (EUR 3.4 million).",
    t("q1_2024_ebitda_sentence"),
    t("q1_2024_gross_margin_sentence"),
    t("q1_2024_headcount"),
  ],
  ceoComment: [
    "We started 2024 with steady growth in subscription revenue, which now makes up 82% of our revenue. Hardware and services revenue was unchanged at EUR 0.8 million, as several customers postponed gateway roll-outs to the second half of the year.",
    "We added nine colleagues during the quarter, mainly in customer success and product development, to support the larger enterprise accounts we signed in late 2023. In March we signed a framework agreement with a German industrial services group covering 40 sites.",
    "Our main cloud hosting provider announced price increases from April. Together with continued high component prices for our edge gateways, we expect this to put pressure on gross margin during the remainder of the year, and we have started work to renegotiate hosting terms.",
  ],
  outlook: [
    "We expect subscription revenue growth to accelerate in the second half of 2024 as new enterprise sites go live. We do not provide a numerical forecast in this report.",
  ],
  incomeStatementComment: "Operating expenses were EUR 1.1 million (EUR 1.1 million). The increase in headcount was largely offset by lower external consulting costs.",
  extraPages: [],
};

function revenueByTypeRows(keys: readonly (readonly QuarterKey[])[]): TableRow[] {
  const ts = keys.map((q) => totals(q));
  return [
    { cells: ["Subscription revenue", ...ts.map((x) => k(x.subscription))] },
    { cells: ["Hardware and services revenue", ...ts.map((x) => k(x.hardwareServices))] },
    { cells: ["Total revenue", ...ts.map((x) => k(x.revenue))], bold: true, rule: true },
    { cells: ["Gross margin", ...ts.map((x) => pct(x.grossMargin))] },
    { cells: ["Subscription share of revenue", ...ts.map((x) => pct(x.subscription / x.revenue))] },
  ];
}

const Q2_PERIODS: QuarterReportConfig["periods"] = [
  { label: "Q2 2024", quarters: ["Q2 2024"] },
  { label: "Q2 2023", quarters: ["Q2 2023"] },
  { label: "6M 2024", quarters: ["Q1 2024", "Q2 2024"] },
  { label: "6M 2023", quarters: ["Q1 2023", "Q2 2023"] },
];

const Q2: QuarterReportConfig = {
  file: "Q2_2024_Report.pdf",
  periods: Q2_PERIODS,
  balances: [{ label: "30 Jun 2024", at: "Q2 2024" }, { label: "30 Jun 2023", at: "Q2 2023" }, { label: "31 Dec 2023", at: "Q4 2023" }],
  subtitle: "Second quarter: April–June 2024",
  highlightsHeading: "Second quarter highlights",
  highlights: [
    t("q2_2024_revenue_sentence"),
    "Revenue for the first half of 2024 was EUR 9.3 million (EUR 8.6 million).",
    t("q2_2024_ebitda_sentence"),
    t("q2_2024_restructuring_sentence"),
    t("q2_2024_gross_margin_sentence"),
    t("q2_2024_headcount"),
  ],
  ceoComment: [
    "In the second quarter we took decisive steps to simplify the organisation. We closed our Gothenburg office and consolidated product development and support in Stockholm. Nine roles were affected, and I want to thank our Gothenburg colleagues for their contribution over many years.",
    "The consolidation resulted in a one-time restructuring charge, which we report as an item affecting comparability below EBITDA. We expect annual cost savings of approximately EUR 0.8 million from the third quarter onwards.",
    "Gross margin came under pressure as the price increases from our cloud hosting provider took effect in April, while component prices for edge gateways stayed high. Subscription revenue grew 12% year on year and net revenue retention remained above 105%.",
  ],
  outlook: [
    "With a leaner organisation and a strong pipeline in Germany and the Nordics, we expect the second half of 2024 to show higher growth and improved profitability. We do not provide a numerical forecast in this report.",
  ],
  incomeStatementComment: "Operating profit for the quarter was charged with restructuring costs of EUR 300 thousand. Excluding this item, operating profit would have been EUR 685 thousand.",
  extraPages: [
    [
      { kind: "heading", text: "Note 1: Restructuring" },
      { kind: "paragraph", text: "On 15 May 2024 the Board decided to close the Gothenburg office and to consolidate product development and customer support in Stockholm. The office was vacated on 28 June 2024." },
      { kind: "paragraph", text: t("q2_2024_restructuring_note") },
      { kind: "paragraph", text: "The charge is presented on a separate line, restructuring costs (items affecting comparability), below EBITDA. No further restructuring costs are expected." },
      { kind: "heading", text: "Note 2: Revenue by type" },
      { kind: "table", columns: periodColumns(Q2_PERIODS.map((p) => p.label)), rows: revenueByTypeRows(Q2_PERIODS.map((p) => p.quarters)) },
      { kind: "paragraph", text: "Subscription revenue consists of platform licences billed annually or quarterly in advance. Hardware and services revenue consists of edge gateway sales, installation and onboarding projects." },
    ],
  ],
};

const Q3_PERIODS: QuarterReportConfig["periods"] = [
  { label: "Q3 2024", quarters: ["Q3 2024"] },
  { label: "Q3 2023", quarters: ["Q3 2023"] },
  { label: "9M 2024", quarters: ["Q1 2024", "Q2 2024", "Q3 2024"] },
  { label: "9M 2023", quarters: ["Q1 2023", "Q2 2023", "Q3 2023"] },
];
const TREND: readonly QuarterKey[] = ["Q3 2023", "Q4 2023", "Q1 2024", "Q2 2024", "Q3 2024"];

const Q3: QuarterReportConfig = {
  file: "Q3_2024_Report.pdf",
  periods: Q3_PERIODS,
  balances: [{ label: "30 Sep 2024", at: "Q3 2024" }, { label: "30 Sep 2023", at: "Q3 2023" }, { label: "31 Dec 2023", at: "Q4 2023" }],
  subtitle: "Third quarter: July–September 2024",
  highlightsHeading: "Third quarter highlights",
  highlights: [
    t("q3_2024_revenue_sentence"),
    t("q3_2024_9m_revenue_sentence"),
    t("q3_2024_ebitda_sentence"),
    t("q3_2024_gross_margin_sentence"),
    "Operating expenses decreased to EUR 1.0 million (EUR 1.1 million), reflecting savings from the restructuring completed in the second quarter.",
    t("q3_2024_headcount"),
  ],
  ceoComment: [
    "The third quarter was our strongest quarter so far in terms of subscription revenue, and revenue came in ahead of our own expectations for the quarter. Growth was driven by the go-live of 38 new sites with existing enterprise customers in Germany and Denmark.",
    "Profitability improved as the savings from the consolidation in Stockholm took full effect. Gross margin, however, remains below last year. Higher cloud hosting and supply chain costs continue to weigh on our cost of revenue, and we expect the renegotiated hosting agreement to take effect from the first quarter of 2025.",
    "We continued to invest in the sales team in Germany and in our partner programme, and ended the quarter with 155 employees. I am proud of how the team has delivered through a year of change.",
  ],
  outlook: [
    t("q3_2024_fy_outlook"),
    "The fourth quarter is seasonally our strongest quarter for hardware deliveries and annual licence renewals.",
  ],
  incomeStatementComment: "Operating profit for the first nine months of 2024 includes restructuring costs of EUR 300 thousand recognised in the second quarter.",
  extraPages: [
    [
      { kind: "heading", text: "Revenue by quarter" },
      { kind: "paragraph", text: "Revenue and gross margin for the last five quarters, EUR thousands." },
      { kind: "table", columns: periodColumns(TREND, "EUR thousands", 200), rows: revenueByTypeRows(TREND.map((q) => [q])) },
      { kind: "paragraph", text: "Revenue in the fourth quarter is typically higher than in other quarters, as hardware deliveries and annual licence renewals are concentrated towards the end of the year." },
      { kind: "heading", text: "Operational key performance indicators" },
      { kind: "bullets", items: ["38 new sites went live during the quarter (24).", "Subscription revenue grew 16% year on year to EUR 4.3 million.", "The restructuring completed in the second quarter reduced operating expenses by EUR 0.1 million compared with the first quarter."] },
    ],
  ],
  appendixPages: [
    [
      { kind: "heading", text: "Definitions" },
      { kind: "bullets", items: [
        "EBITDA: operating profit before depreciation, amortisation and items affecting comparability.",
        "EBITDA margin: EBITDA as a percentage of revenue.",
        "Gross margin: revenue less cost of revenue (cloud hosting, gateway hardware, installation and support staff), as a percentage of revenue.",
        "Items affecting comparability: material income and expense items that are not part of the ordinary business, such as restructuring costs.",
        "Net debt excluding lease liabilities: interest-bearing borrowings less cash and cash equivalents.",
      ] },
      { kind: "heading", text: "Financial calendar" },
      { kind: "bullets", items: ["Year-end report 2024: 20 February 2025", "Annual report 2024: 14 March 2025", "Interim report January–March 2025: 24 April 2025"] },
      { kind: "heading", text: "Contact" },
      { kind: "paragraph", text: "Jane Smith, Chief Executive Officer, and John Doe, Chief Financial Officer. Nordhavn Analytics AB, Kungsgatan 44, 111 35 Stockholm, Sweden. investor.relations@nordhavn-analytics.example" },
    ],
  ],
};

export const QUARTER_REPORTS: readonly QuarterReportConfig[] = [Q1, Q2, Q3];

/** Page blocks per interim report, for rendering and for the fact self-check. */
export function quarterPages(config: QuarterReportConfig): (readonly Block[])[] {
  return quarterReportPages(config);
}

export { renderQuarterReport };
