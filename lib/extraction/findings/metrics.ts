/**
 * Metric vocabulary: row labels / phrases as written → a normalised metric key. Order matters:
 * the first matching rule wins, so specific labels come before generic ones.
 */
export interface MetricRule {
  key: string;
  re: RegExp;
  domain: "financial" | "operational" | "commercial";
  unit?: "currency" | "percent" | "count";
}

const R = (key: string, re: RegExp, domain: MetricRule["domain"] = "financial", unit?: MetricRule["unit"]): MetricRule => ({ key, re, domain, unit });

/** Row labels that must never be read as the metric they resemble. */
export const EXCLUDE_LABEL = /\b(per\s+(common\s+)?share|per\s+diluted|per\s+basic|margin\s+%|as\s+a\s+percent|%\s+of|growth|change|attributable to non-?controlling|noncontrolling interests?$|adjustments? to reconcile|cost of|deferred|unearned|tax(es)? on|before (income )?tax|comprehensive|from discontinued|discontinued operations|weighted|shares|segment|other comprehensive)\b/i;

export const METRIC_RULES: MetricRule[] = [
  R("capital_expenditure", /^(purchases?|acquisitions?|additions?) (of|to) (property(,)? (plant|and)|pp&e|property and equipment|fixed assets|premises)|^capital expenditures?\b|^payments? (for|to acquire) (acquisition of )?(property|pp&e|fixed assets)|^purchases of property and equipment|^expenditures? for property|^investments? in property|^property(, plant)? and equipment (additions|expenditures|purchases)/i),
  // (labels are also tried with parentheses and slashes removed: "provided/(used) by", "(used in) provided by", "provided by/(used in)")
  R("operating_cash_flow", /^(net |total )?cash (flows? )?(provided|used|generated|from)[\w ()]{0,30}?\b(by|in|from|for)?\s?(continuing )?operati(ng|ons)( activities)?$|^net cash from operations|^cash flows? from operating activities$|^cash generated from operations/i),
  R("net_income", /^net (income|earnings|profit)( \(loss\))?( for the (year|period))?( attributable to [\w.,&' -]+?(common )?(shareholders|stockholders|shareowners)?)?$|^net (income|earnings|loss)( \(loss\))?$|^profit for the (year|period)$|^net income including noncontrolling interests?$|^net income attributable to [\w.,&' -]+$/i),
  R("revenue", /^(total )?(net )?(revenues?|sales|turnover)( and other income)?$|^(total )?net sales( and revenues?)?$|^total revenues?( and other income)?$|^revenues?, net$|^net operating revenues?$|^omsättning$|^nettoomsättning$/i),
  R("ebitda", /^(adjusted )?ebitda\b/i),
  R("gross_margin", /^gross (margin|profit)( %| percent| ratio)?$/i),
  R("operating_income", /^(total )?operating (income|profit)( \(loss\))?$|^income from operations$|^earnings from operations$|^operating earnings$|^ebit$/i),
  R("total_assets", /^total assets$/i),
  R("total_current_liabilities", /^total current liabilities$/i),
  R("inventories", /^(merchandise )?inventor(y|ies)(, net)?$/i),
  R("cash", /^cash and (cash )?equivalents( at end of (the )?(year|period))?$|^cash$/i),
  R("total_debt", /^total (debt|borrowings)$|^interest-bearing (borrowings|debt)$/i),
  R("employees", /^(number of )?(employees|headcount|fte)s?$/i, "operational", "count"),
  R("customers", /^(number of )?customers$|^customer count$/i, "commercial", "count"),
  R("arr", /^(annual recurring revenue|arr)\b/i, "commercial"),
];

/** "Revenue forecast", "Budgeted revenue", "Revenue (budget)", "EBITDA guidance": the metric, and that it is a forecast. */
export function forecastQualifier(label: string): { label: string; forecast: boolean } {
  const re = /\s*[(,–-]?\s*\b(?:forecast(?:ed)?|budget(?:ed)?|guidance|outlook|projected|projection|prognos)\b\s*\)?\s*/gi;
  if (!re.test(label)) return { label, forecast: false };
  const stripped = label.replace(re, " ").replace(/\s+/g, " ").trim();
  return stripped && /\p{L}/u.test(stripped) ? { label: stripped, forecast: true } : { label, forecast: false };
}

/** Normalised key of a row label, or null. */
export function metricKeyOf(label: string): MetricRule | null {
  const l = label
    .replace(/\.{2,}.*$/, "")
    .replace(/\s*\(\d\)\s*$/g, "")
    .replace(/[:$€]+\s*$/, "")
    .replace(/\s+/g, " ")
    .trim();
  if (!l || l.length > 120) return null;
  // "Net cash provided/(used) by operating activities" → "Net cash provided used by operating activities"
  const bare = l.replace(/[()/]/g, " ").replace(/\s+/g, " ").trim();
  for (const r of METRIC_RULES) {
    if (r.re.test(l) || (bare !== l && (r.key === "operating_cash_flow" || r.key === "capital_expenditure") && r.re.test(bare))) {
      if (r.key !== "capital_expenditure" && r.key !== "operating_cash_flow" && EXCLUDE_LABEL.test(l)) continue;
      return r;
    }
  }
  return null;
}

/** Phrases used in prose for the same metrics ("Revenue for the third quarter …", "EBITDA was …"). */
export const PROSE_METRICS: Array<{ key: string; re: RegExp; domain: MetricRule["domain"] }> = [
  { key: "revenue", re: /\b(total |net )?(revenues?|net sales|sales)\b/i, domain: "financial" },
  { key: "ebitda", re: /\b(adjusted )?EBITDA\b/, domain: "financial" },
  { key: "net_income", re: /\bnet (income|profit|earnings)\b/i, domain: "financial" },
  { key: "operating_cash_flow", re: /\b(cash flows? from operating activities|operating cash flows?|cash flows? from operations|(?:net )?cash (?:provided by|generated (?:by|from)) operating activities)\b/i, domain: "financial" },
  { key: "capital_expenditure", re: /\b(capital expenditures?|capex)\b/i, domain: "financial" },
  { key: "gross_margin", re: /\bgross margin\b/i, domain: "financial" },
  { key: "operating_income", re: /\b([Oo]perating (profit|income)(?: \(EBIT\))?|EBIT)\b/, domain: "financial" },
  { key: "arr", re: /\b([Aa]nnual recurring revenue(?: \(ARR\))?|ARR)\b/, domain: "commercial" },
  { key: "total_debt", re: /\binterest-bearing borrowings\b/i, domain: "financial" },
];
