/**
 * How an IRL request is read for coverage: which document type or financial statement it
 * asks for, which concepts (with a small synonym table) a page must mention, which years it
 * names and whether it asks for history. Pure functions, no database.
 */
import escapeStringRegexp from "escape-string-regexp";
import type { StatementKind } from "@/lib/search/page-classifier";
import { tokenize } from "@/lib/search/tokenize";

/** Ways the same request is phrased in IRLs and in data rooms. Keys and values are phrases. */
export const IRL_SYNONYMS: Record<string, string[]> = {
  "p&l": ["income statement", "profit and loss", "statement of profit or loss", "resultaträkning"],
  "income statement": ["p&l", "profit and loss", "resultaträkning"],
  "balance sheet": ["statement of financial position", "balansräkning"],
  "cash flow statement": ["cash flow", "statement of cash flows", "kassaflödesanalys"],
  revenue: ["revenues", "net sales", "sales", "turnover", "nettoomsättning"],
  breakdown: ["split", "by quarter", "by type", "by segment"],
  "revenue type": ["subscription", "hardware", "services", "segment", "product line"],
  headcount: ["employees", "staff", "fte", "personnel", "number of employees", "anställda"],
  customer: ["customers", "clients", "client", "kunder"],
  concentration: ["share", "largest", "top customers", "top 10", "ten largest"],
  kpi: ["kpis", "key performance indicators", "key figures", "metrics"],
  arr: ["annual recurring revenue"],
  "net revenue retention": ["nrr", "net retention"],
  "customer count": ["number of customers", "customers"],
  churn: ["attrition", "lost customers"],
  renewal: ["renewals", "renewal dates"],
  overview: ["at a glance", "highlights", "introduction", "company overview"],
  product: ["products", "platform", "solution", "software", "saas"],
  "delivery model": ["subscription", "saas", "licence", "license", "on premise", "cloud"],
  hosting: ["cloud hosting", "data centre", "data center", "aws", "azure"],
  cto: ["chief technology officer", "head of technology", "head of engineering", "vp engineering", "technical director"],
  litigation: ["legal proceedings", "lawsuit", "lawsuits", "dispute", "disputes", "court", "tvister"],
  dispute: ["disputes", "litigation", "claims"],
  ip: ["intellectual property", "patent", "patents", "trademark", "trademarks"],
  patent: ["patents", "patent applications"],
  trademark: ["trademarks", "registered marks"],
  debt: ["borrowings", "loan", "loans", "facility", "facilities", "indebtedness"],
  covenant: ["covenants"],
  maturity: ["maturities", "repayment"],
};

/** Document types an IRL item can request; matched against document kind, title and filename. */
export const DOCUMENT_TYPES: { type: string; phrases: string[] }[] = [
  { type: "annual report", phrases: ["annual report", "annual accounts", "årsredovisning"] },
  { type: "board minutes", phrases: ["board minutes", "minutes"] },
  { type: "cap table", phrases: ["cap table", "capitalisation table", "capitalization table", "share register", "shareholder register"] },
  { type: "biographies", phrases: ["biographies", "biography", "bios", "cvs", "curricula vitae"] },
  { type: "forecast", phrases: ["forecast", "budget", "business plan", "projections"] },
  { type: "contracts", phrases: ["contracts", "contract", "agreements", "agreement"] },
  { type: "debt schedule", phrases: ["debt schedule", "loan schedule", "facility agreement", "loan agreement"] },
  { type: "customer list", phrases: ["customer list"] },
  { type: "quarterly report", phrases: ["quarterly report", "interim report"] },
];

/** Financial statements an item can request. Titles as printed on statement pages. */
export const STATEMENTS: { kind: StatementKind; phrases: string[]; titles: string[] }[] = [
  { kind: "income", phrases: ["p&l", "income statement", "profit and loss"], titles: ["income statement", "profit and loss", "statement of profit or loss", "resultaträkning"] },
  { kind: "balance", phrases: ["balance sheet", "statement of financial position"], titles: ["balance sheet", "statement of financial position", "balansräkning"] },
  { kind: "cash_flow", phrases: ["cash flow statement", "statement of cash flows"], titles: ["cash flow", "statement of cash flows", "kassaflödesanalys"] },
];

/** Words that say nothing about what is requested. */
const GENERIC = new Set([
  "incl", "including", "include", "with", "and", "or", "for", "the", "of", "by", "at", "in", "to", "on", "all", "any", "per",
  "latest", "last", "current", "full", "fully", "diluted", "material", "top", "audited", "month", "months", "year", "years",
  "date", "end", "history", "historical", "development", "pending", "list", "statement", "statements", "report", "portfolio",
  "business", "team", "management", "organisation", "organization", "setup", "set", "up", "quarter", "quarterly", "name", "names",
  "ownership", "detail", "details", "information", "documents", "copy", "copies", "fy", "ytd", "schedule",
]);

export interface ConceptGroup {
  /** The phrase as read from the item. */
  label: string;
  /** Each alternative is a token sequence (stemmed, as lib/search/tokenize makes them). */
  alternatives: string[][];
}

export interface ItemAnalysis {
  head: string;
  facets: string[];
  documentTypes: string[];
  statements: StatementKind[];
  years: number[];
  wantsHistory: boolean;
  headGroups: ConceptGroup[];
  /** One group per facet; a facet matches when all of its words (or a synonym phrase) match. */
  facetGroups: ConceptGroup[][];
}

const tok = (s: string) => tokenize(s.replace(/&/g, " and "));

function phraseTokens(phrase: string): string[] {
  // "p&l" must survive tokenising: map it to a stable token.
  if (/^p\s*&\s*l$/i.test(phrase.trim())) return ["pnl"];
  return tok(phrase);
}

/** Text normalisation before tokenising: P&L as one token. */
export function itemTokens(text: string): string[] {
  return tok(text.replace(/\bp\s*&\s*l\b/gi, " pnl "));
}

function hasPhrase(tokens: string[], phrase: string[]): boolean {
  if (phrase.length === 0) return false;
  outer: for (let i = 0; i + phrase.length <= tokens.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (tokens[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

/** True when the token list contains any alternative of the group as a contiguous phrase. */
export function groupMatches(tokens: string[], group: ConceptGroup): boolean {
  return group.alternatives.some((alt) => hasPhrase(tokens, alt));
}

function synonymsOf(phrase: string): string[] {
  const key = phrase.toLowerCase().trim();
  return IRL_SYNONYMS[key] ?? IRL_SYNONYMS[key.replace(/s$/, "")] ?? [];
}

function groupFor(label: string): ConceptGroup {
  const alts = [label, ...synonymsOf(label)].map(phraseTokens).filter((a) => a.length > 0);
  return { label, alternatives: dedupeAlternatives(alts) };
}

function dedupeAlternatives(alts: string[][]): string[][] {
  const seen = new Set<string>();
  return alts.filter((a) => {
    const k = a.join(" ");
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Concept groups of a phrase: known multi-word concepts first, then remaining content words. */
function conceptsOf(phrase: string): ConceptGroup[] {
  let rest = ` ${phrase.toLowerCase().replace(/[()]/g, " ")} `;
  const out: ConceptGroup[] = [];
  const multi = Object.keys(IRL_SYNONYMS).filter((k) => k.includes(" ") || k.includes("&")).sort((a, b) => b.length - a.length);
  for (const key of multi) {
    const re = new RegExp(`(^|[^\\p{L}])${escapeStringRegexp(key)}s?(?=[^\\p{L}]|$)`, "u");
    if (re.test(rest)) {
      out.push(groupFor(key));
      rest = rest.replace(re, " ");
    }
  }
  for (const word of rest.replace(/\bp\s*&\s*l\b/g, " ").split(/[^\p{L}\p{N}&']+/u)) {
    const w = word.replace(/'s$/, "");
    if (!w || GENERIC.has(w) || /^\d+$/.test(w) || /^fy\d{4}$/.test(w) || w.length < 2) continue;
    const g = groupFor(w);
    if (g.alternatives.length === 0) continue;
    if (!out.some((o) => o.alternatives.some((a) => g.alternatives.some((b) => a.join(" ") === b.join(" "))))) out.push(g);
  }
  return out;
}

/** Years an item names: "FY2023", "2024", "FY2022-FY2024" (expanded). */
export function yearsIn(text: string): number[] {
  const years = new Set<number>();
  for (const m of text.matchAll(/\b(?:FY)?((?:19|20)\d{2})\s*[-–]\s*(?:FY)?((?:19|20)\d{2})\b/gi)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    for (let y = Math.min(a, b); y <= Math.max(a, b) && y - Math.min(a, b) < 20; y++) years.add(y);
  }
  for (const m of text.matchAll(/\b(?:FY)?((?:19|20)\d{2})\b/gi)) years.add(Number(m[1]));
  return [...years].sort((a, b) => a - b);
}

const HISTORY = /\b(by quarter|quarterly|development|history|historical|trend|over time|last \d+ years|(?:FY)?\d{4}\s*[-–]\s*(?:FY)?\d{4})\b/i;

/** Reads an IRL item (plus its notes, which only add keywords) into what coverage checks. */
export function analyseItem(item: string): ItemAnalysis {
  const text = item.replace(/\s+/g, " ").trim();
  const colon = text.search(/[:/]/);
  const head = (colon >= 0 ? text.slice(0, colon) : text).trim();
  const tail = colon >= 0 ? text.slice(colon + 1) : "";
  const facets = tail
    .split(/,|\band\b|\bwith\b|\//)
    .map((s) => s.replace(/\((.*?)\)/g, " ").trim())
    .filter((s) => s.length > 0);
  // "X and Y" items without a colon: the part after "and" is a facet ("Revenue breakdown by quarter and revenue type").
  let headText = head;
  if (colon < 0) {
    const parts = head.split(/\band\b|\bwith\b/);
    headText = parts[0]!.trim();
    for (const p of parts.slice(1)) if (p.trim()) facets.push(p.trim());
  }
  const headTokens = itemTokens(head);
  const documentTypes = DOCUMENT_TYPES.filter((d) => d.phrases.some((p) => hasPhrase(headTokens, phraseTokens(p)))).map((d) => d.type);
  const statements = STATEMENTS.filter((s) => s.phrases.some((p) => hasPhrase(headTokens, phraseTokens(p)))).map((s) => s.kind);
  const headGroups = conceptsOf(headText.replace(/\b(?:FY)?\d{4}\b/g, " "));
  const facetGroups = facets.map((f) => conceptsOf(f.replace(/\b(?:FY)?\d{4}\b/g, " "))).filter((g) => g.length > 0);
  return { head, facets, documentTypes, statements, years: yearsIn(text), wantsHistory: HISTORY.test(text), headGroups, facetGroups };
}

/**
 * Keywords stored on an IRL item: its content words plus synonyms from the table, used by
 * the agent's find_gaps and by coverage. Deterministic order, no duplicates.
 */
export function deriveKeywords(item: string, notes?: string | null): string[] {
  const a = analyseItem(item);
  const out: string[] = [];
  const add = (s: string) => {
    const k = s.toLowerCase().trim();
    if (k && !out.includes(k)) out.push(k);
  };
  for (const t of a.documentTypes) add(t);
  for (const g of [...a.headGroups, ...a.facetGroups.flat()]) {
    add(g.label);
    for (const syn of synonymsOf(g.label)) add(syn);
  }
  for (const y of a.years) add(`fy${y}`);
  if (notes) for (const g of conceptsOf(notes)) add(g.label);
  return out;
}
