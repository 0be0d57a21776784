/**
 * Finding metric and line-item names in question text. Questions are normalised first (lower
 * case, typographic quotes, hyphens between words as spaces: "year-over-year" → "year over
 * year", "long-term" → "long term", "3-year" → "3 year"); every name of the catalog and of the line items is then
 * matched, and overlapping matches keep the longest ("operating cash flow ratio" over
 * "operating cash flow", "inventory turnover" over "inventory").
 */
import type { LineItemKey } from "@/lib/statements/types";
import { CATALOG } from "./catalog";
import { item } from "./expr";
import { LINE_ITEM_NAMES, MAGNITUDE } from "./line-items";
import type { MetricFormula, MetricUnit } from "./types";

export interface TermMatch {
  metric: MetricFormula;
  start: number;
  end: number;
  text: string;
}

export function normalise(text: string): string {
  return text
    .replace(/[’‘`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[‐‑‒–—]/g, (d) => (d === "–" || d === "—" ? " - " : "-"))
    .toLowerCase()
    .replace(/([a-z])-(?=[a-z])/g, "$1 ")
    .replace(/(\d)-(?=years?\b)/g, "$1 ")
    .replace(/\s+/g, " ")
    .trim();
}

const LOWER_IS_BETTER: ReadonlySet<LineItemKey> = new Set<LineItemKey>([...MAGNITUDE, "short_term_debt", "long_term_debt", "total_liabilities", "income_tax_expense"]);

function lineItemUnit(key: LineItemKey): MetricUnit {
  if (key === "eps_basic" || key === "eps_diluted") return "per_share";
  return key === "shares_diluted" ? "count" : "amount";
}

interface Term {
  metric: MetricFormula;
  re: RegExp;
}

const wrap = (src: string) => new RegExp(`(?<![a-z0-9&])(?:${src})(?![a-z0-9&])`, "g");

const TERMS: Term[] = [
  ...CATALOG.map((e) => ({ metric: e as MetricFormula, re: wrap(e.names.join("|")) })),
  ...LINE_ITEM_NAMES.map((n) => ({
    metric: { id: n.key, name: n.label, unit: lineItemUnit(n.key), formula: item(n.key), better: LOWER_IS_BETTER.has(n.key) ? "lower" : "higher" } as MetricFormula,
    re: wrap(n.names.join("|")),
  })),
];

/** Metric and line-item names in normalised text, non-overlapping (longest wins), in text order. */
export function findTerms(text: string): TermMatch[] {
  const all: TermMatch[] = [];
  for (const t of TERMS) {
    for (const m of text.matchAll(t.re)) all.push({ metric: t.metric, start: m.index!, end: m.index! + m[0].length, text: m[0] });
  }
  all.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: TermMatch[] = [];
  for (const m of all) if (!kept.some((k) => m.start < k.end && k.start < m.end)) kept.push(m);
  return kept.sort((a, b) => a.start - b.start);
}

/** The single name that makes up a phrase (a definition's operand), if any. */
export function termOf(phrase: string): TermMatch | undefined {
  const found = findTerms(phrase);
  return found.sort((a, b) => b.end - b.start - (a.end - a.start))[0];
}
