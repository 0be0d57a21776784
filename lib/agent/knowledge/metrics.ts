/**
 * Metrics analysts ask about → the normalised metric keys findings carry (lib/extraction
 * findings/metrics.ts) plus words to match the `metric` text. Order matters: specific first.
 */
export interface MetricSpec {
  key: string;
  /** Other keys the extraction may use for the same thing. */
  aliases: string[];
  label: string; // how answers name it
  re: RegExp; // in a question
  words: string[]; // to match findings.metric (lowercase)
  unit: "currency" | "percent" | "count" | "other";
  domain: "financial" | "operational" | "commercial" | "people" | "legal";
}

/** Revenue in a question: see the revenue entry below for what is not. */
const REVENUE_RE = new RegExp(
  [
    String.raw`\b(?<!\bcosts? of\s)(?<!\b(?:marketing|selling|advertising)\s(?:and|&)\s)`,
    String.raw`(?:revenues?|sales)\b`,
    String.raw`(?!\s(?:and|&)\s(?:marketing|general|administrative|distribution)\b)`,
    String.raw`(?!\s(?:expenses?|costs?|tax(?:es)?|force|commissions?|representatives?|personnel|staff|and\s+marketing)\b)`,
    String.raw`|\b(?<!(?:employee|staff|personnel|workforce|labou?r|inventory|asset|receivables?|payables?)\s)turnover\b|\btop[- ]line\b`,
  ].join(""),
  "i",
);

const M = (key: string, label: string, re: RegExp, words: string[], unit: MetricSpec["unit"] = "currency", domain: MetricSpec["domain"] = "financial", aliases: string[] = []): MetricSpec => ({ key, label, re, words, unit, domain, aliases });

export const METRICS: MetricSpec[] = [
  M("ebitda_margin", "EBITDA margin", /\bebitda[- ]margin\b/i, ["ebitda margin"], "percent"),
  M("ebitda", "EBITDA", /\bebitda\b/i, ["ebitda"], "currency", "financial", ["adjusted_ebitda"]),
  M("gross_margin", "gross margin", /\bgross (?:margin|profit)\b/i, ["gross margin", "gross profit"], "percent"),
  M("operating_income", "operating profit", /\b(?:operating (?:profit|income)|ebit)\b/i, ["operating profit", "operating income", "ebit"]),
  M("net_income", "net income", /\bnet (?:income|profit|earnings)\b|\bprofit for the (?:year|period)\b/i, ["net income", "net profit"]),
  M("operating_cash_flow", "operating cash flow", /\b(?:operating cash ?flow|cash flow from operat\w+|ocf)\b/i, ["cash flow from operating", "operating cash flow"]),
  M("capital_expenditure", "capital expenditure", /\b(?:capex|capital expenditures?)\b/i, ["capital expenditure", "capex"]),
  M("arr", "ARR", /\b(?:arr|annual recurring revenue)\b/i, ["annual recurring revenue", "arr"], "currency", "commercial"),
  M("net_revenue_retention", "net revenue retention", /\b(?:nrr|net revenue retention|net retention)\b/i, ["net revenue retention"], "percent", "commercial"),
  M("restructuring_charge", "restructuring charge", /\brestructuring\b/i, ["restructuring"], "currency", "financial", ["restructuring", "restructuring_costs", "items_affecting_comparability"]),
  // "turnover" is revenue, but not an employee, inventory or asset turnover; "sales" and "revenues"
  // are revenue, but not a cost of them, an expense line named after them ("sales and marketing",
  // "marketing and sales expense", "selling, general and administrative") or a sales tax or force
  M("revenue", "revenue", REVENUE_RE, ["revenue", "sales", "turnover"], "currency", "financial", ["revenue_forecast", "net_sales"]),
  M("cash", "cash", /\bcash(?: and cash equivalents| position| balance)?\b/i, ["cash and cash equivalents", "cash"]),
  M("total_debt", "interest-bearing debt", /\b(?:debt|borrowings?|loans?|leverage)\b/i, ["borrowings", "debt"]),
  M("total_assets", "total assets", /\btotal assets\b/i, ["total assets"]),
  M("employees", "headcount", /\b(?:headcount|employees|fte|staff|people employed)\b/i, ["employees", "headcount"], "count", "people", ["headcount"]),
  M("customers", "customer count", /\b(?:customer count|number of customers|how many customers)\b/i, ["customers"], "count", "commercial", ["customer_count"]),
  M("ownership", "ownership", /\b(?:own(?:s|ership)?|stake|equity|shareholding|cap table)\b/i, ["ownership", "shares held"], "percent", "legal", ["shares_held"]),
];

export function detectMetrics(text: string): MetricSpec[] {
  const out: MetricSpec[] = [];
  let rest = text;
  for (const m of METRICS) {
    if (m.re.test(rest)) {
      out.push(m);
      // "EBITDA margin" should not also read as "EBITDA" and "gross margin"
      rest = rest.replace(new RegExp(m.re.source, "gi"), " ");
    }
  }
  return out;
}

export function metricByKey(key: string): MetricSpec | undefined {
  return METRICS.find((m) => m.key === key || m.aliases.includes(key));
}

/** All keys a spec stands for. */
export function keysOf(m: MetricSpec): string[] {
  return [m.key, ...m.aliases];
}
