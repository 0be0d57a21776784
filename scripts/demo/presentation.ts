/** Management_Presentation_Oct2024.pdf: eight landscape slides. */
import { DEMO_COMPANY, DEMO_DEAL, demoDocument, documentTimestamp, fact } from "./facts";
import { DECK_FIGURES } from "./facts-financials";
import { renderPdf, type Block, type TableColumn } from "./pdf";

const FILE = "Management_Presentation_Oct2024.pdf";
const t = (id: string) => fact(id).text;
const one = (n: number) => n.toFixed(1);

function columns(headers: readonly string[]): TableColumn[] {
  return [{ header: "", width: 250 }, ...headers.map((header) => ({ header, width: 95, align: "right" as const }))];
}

export function presentationPages(): Block[][] {
  const doc = demoDocument(FILE);
  const d = DECK_FIGURES;
  const history = Object.values(d.revenueHistory);
  const ytd = d.revenue2024;
  return [
    [
      { kind: "spacer", height: 60 },
      { kind: "title", text: DEMO_DEAL.name },
      { kind: "subtitle", text: "Management presentation" },
      { kind: "subtitle", text: DEMO_COMPANY.name },
      { kind: "subtitle", text: doc.dateText },
      { kind: "spacer", height: 40 },
      { kind: "paragraph", text: "Strictly private and confidential. Prepared by the management of Nordhavn Analytics AB for selected potential investors. Figures for 2024 are unaudited and forecasts are management estimates." },
    ],
    [
      { kind: "heading", text: "Nordhavn at a glance" },
      { kind: "bullets", items: [
        "Founded in 2014 in Stockholm, with offices in Stockholm, Copenhagen and Hamburg",
        t("deck_customers"),
        t("deck_arr"),
        t("deck_headcount"),
        "Nordhavn Insight monitors more than 9,000 industrial assets through 2,400 edge gateways",
        "Subscription revenue accounts for more than 80% of revenue",
      ] },
    ],
    [
      { kind: "heading", text: "Investment highlights" },
      { kind: "bullets", items: [
        "Mission-critical monitoring for compressors, cold-chain units and conveyor systems",
        "Sticky customer base: net revenue retention of 109% over the last twelve months",
        "Proven expansion into Germany, now the fastest-growing market",
        "Leaner organisation after the consolidation of development in Stockholm",
        "Clear path to margin recovery through renegotiated cloud hosting terms",
      ] },
    ],
    [
      { kind: "heading", text: "Financial track record" },
      { kind: "paragraph", text: t("deck_fy2023_revenue_sentence") },
      { kind: "table", columns: columns(Object.keys(d.revenueHistory)), rows: [
        { cells: ["Revenue (EUR million)", ...history.map(one)] },
        { cells: ["Revenue growth", "–", ...history.slice(1).map((v, i) => `${Math.round((v / history[i] - 1) * 100)}%`)] },
        { cells: ["Gross margin", ...Object.values(d.grossMarginHistory).map((v) => `${v}%`)] },
      ] },
      { kind: "paragraph", text: "Source: management accounts." },
    ],
    [
      { kind: "heading", text: "2024 year to date" },
      { kind: "paragraph", text: t("deck_q3_2024_revenue_forecast") },
      { kind: "table", columns: columns(Object.keys(ytd)), rows: [{ cells: ["Revenue (EUR million)", ...Object.values(ytd).map(one)] }] },
      { kind: "paragraph", text: "A = actual, F = forecast." },
      { kind: "bullets", items: [
        "Gothenburg office closed in the second quarter; annual savings of approximately EUR 0.8 million",
        "Gross margin under pressure from cloud hosting and edge gateway component prices",
      ] },
    ],
    [
      { kind: "heading", text: "Outlook" },
      { kind: "bullets", items: [
        t("deck_fy2024_revenue_forecast"),
        t("deck_fy2025_revenue_forecast"),
        "Growth driven by German enterprise roll-outs and the partner programme",
        "Gross margin expected to recover to 45% in FY2025 after renegotiation of cloud hosting terms",
      ] },
    ],
    [
      { kind: "heading", text: "Leadership team" },
      { kind: "bullets", items: [
        "Jane Smith, Chief Executive Officer (joined 2019)",
        "John Doe, Chief Financial Officer (joined 2021)",
        "Maria Lindberg, Head of Sales (joined 2020)",
      ] },
      { kind: "paragraph", text: "The leadership team is supported by an experienced board chaired by co-founder Erik Lindqvist." },
    ],
    [
      { kind: "heading", text: "Customers and markets" },
      { kind: "bullets", items: [
        `Net revenue retention of ${d.netRevenueRetention}% over the last twelve months`,
        "The ten largest customers account for less than 40% of revenue",
        "Customers in logistics, manufacturing, process industry, maritime, energy and food distribution",
        "Sweden, Denmark, Norway and Finland form the core market; Germany is growing fastest",
      ] },
    ],
  ];
}

export function renderPresentation(pages: readonly (readonly Block[])[]): Promise<Uint8Array> {
  const doc = demoDocument(FILE);
  return renderPdf({
    title: `${DEMO_DEAL.name} – Management presentation`,
    subject: `Management presentation, ${DEMO_COMPANY.name}`,
    author: `Management of ${DEMO_COMPANY.name}`,
    keywords: [DEMO_DEAL.name, "management presentation"],
    date: documentTimestamp(FILE),
    style: "slides",
    header: { left: DEMO_COMPANY.name, right: `Management presentation | ${doc.dateText}` },
    footer: { left: `${DEMO_DEAL.name} | Strictly private and confidential`, pageLabel: (n) => String(n) },
    pages,
  });
}
