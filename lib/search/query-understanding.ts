import type { StatementKind } from "./page-classifier";
import { expandSynonyms } from "./synonyms";
import { tokenize } from "./tokenize";

/**
 * What a question asks for, before any database work: the words to rank with (instruction
 * boilerplate removed, financial vocabulary expanded), the statements it names, and the
 * fiscal periods and document kinds it refers to (for routing to documents).
 */
export interface QueryTerm {
  term: string;
  weight: number;
}

export interface UnderstoodQuery {
  /** The question without instruction boilerplate. */
  rankingText: string;
  /** Distinct ranking terms; typed words weigh 1, synonym expansions less. */
  terms: QueryTerm[];
  /** Statements the question names outright ("… in the cash flow statement"). */
  statements: Set<StatementKind>;
  /** Statements implied by the line items it asks about (capex → cash flow). */
  impliedStatements: Set<StatementKind>;
  /** Fiscal years named (FY2018, FY20, 2019, Q2'2023). */
  years: number[];
  /** Quarter or half named (Q1..Q4, H1, H2). */
  period?: string;
  kind?: "annual report" | "quarterly report";
  /** Lowercase raw words of the whole question, for company matching. */
  words: string[];
  /** Words written as tickers are (2–5 capitals: "QLLN", "XMPL.B"), for company matching; none in an all-caps question. */
  tickers: string[];
}

export const MAX_QUERY_CHARS = 4000;
export const MAX_TERMS = 48;

// A clause is an instruction when it tells the reader how to give the answer (units, rounding,
// the form of the reply) rather than what is asked. Only the answer's form: a clause that merely
// sounds like a prompt ("please", "you are an analyst") keeps its words, which ranking weighs.
const INSTRUCTION = new RegExp(
  [
    String.raw`\b(?:give|provide|calculate)\b.{0,40}\b(?:response|solution|answer|what was asked)\b`,
    String.raw`\banswer(?:s|ing)?\b.{0,30}\b(?:in|by|using)\b`,
    String.raw`\bround(?:ed|ing)?\b.{0,20}\b(?:decimal|places?|nearest)\b`,
    String.raw`\bin units of\b`, String.raw`\bdecimal places?\b`, String.raw`\b(?:in )?usd (?:millions|billions|thousands)\b`,
  ].join("|"),
  "i",
);

const STATEMENT_NAMES: Array<[StatementKind, RegExp]> = [
  ["cash_flow", /\bcash\s*flows?\s+statements?\b|\bstatements?\s+of\s+(?:consolidated\s+)?cash\s*flows?\b|\bkassaflödesanalys/i],
  ["balance", /\bbalance\s+sheets?\b|\bstatements?\s+of\s+financial\s+(?:position|condition)\b|\bbalansräkning/i],
  ["income", /\bincome\s+statements?\b|\bstatements?\s+of\s+(?:consolidated\s+)?(?:income|operations|earnings)\b|\bp\s*&\s*l\b|\bprofit\s+and\s+loss\b|\bresultaträkning/i],
  ["equity", /\bstatements?\s+of\s+(?:changes\s+in\s+)?(?:stockholders'?|shareholders'?)?\s*equity\b/i],
];

/** Splits into clauses (sentences, colon-introduced parts) and drops instruction clauses. */
export function stripInstructions(text: string): string {
  const cleaned = text.replace(/\(([^()]*)\)/g, (m, inner: string) => (INSTRUCTION.test(inner) ? " " : m));
  const clauses = cleaned.split(/(?<=[.?!:;])\s+|\n+/);
  const kept = clauses.filter((c) => !INSTRUCTION.test(c) || /\?\s*$/.test(c) && !/^\s*(?:answer|give|provide)\b/i.test(c));
  const out = kept.join(" ").replace(/\s+/g, " ").trim();
  return out || text.trim();
}

export function detectStatements(text: string): Set<StatementKind> {
  return new Set(STATEMENT_NAMES.filter(([, re]) => re.test(text)).map(([k]) => k));
}

/** Fiscal years and period named in the question. Two-digit FY years read as 20xx. */
export function detectPeriods(text: string): { years: number[]; period?: string } {
  const years = new Set<number>();
  let period: string | undefined;
  const t = text.replace(/[’‘]/g, "'");
  for (const m of t.matchAll(/\b(?:fy|fiscal(?: year)?)\s*'?((?:19|20)?\d\d)\b/gi)) years.add(m[1].length === 2 ? 2000 + Number(m[1]) : Number(m[1]));
  for (const m of t.matchAll(/\b([QH][1-4])\s*(?:of\s+)?(?:fy\s*)?'?\s*((?:19|20)\d\d|\d\d)\b/gi)) {
    if (m[1][0].toUpperCase() === "H" && Number(m[1][1]) > 2) continue;
    period = m[1].toUpperCase();
    years.add(m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]));
  }
  for (const m of t.matchAll(/\b([QH][1-4])((?:19|20)\d\d)\b/gi)) {
    period = m[1].toUpperCase();
    years.add(Number(m[2]));
  }
  for (const m of t.matchAll(/(?:^|[^\d])((?:19|20)\d\d)(?![\d])/g)) years.add(Number(m[1]));
  if (!period) period = t.match(/\b(?:first|second|third|fourth) quarter\b/i)?.[0].toLowerCase().replace(/ quarter/, "").replace("first", "Q1").replace("second", "Q2").replace("third", "Q3").replace("fourth", "Q4");
  return { years: [...years].filter((y) => y >= 1950 && y <= 2100).sort((a, b) => a - b), period };
}

function detectKind(text: string): UnderstoodQuery["kind"] {
  if (/\b10-?q\b|\bquarterly report\b|\bdelårsrapport/i.test(text)) return "quarterly report";
  if (/\b10-?k\b|\bannual report\b|\bårsredovisning/i.test(text)) return "annual report";
  return undefined;
}

export function understandQuery(raw: string): UnderstoodQuery {
  const text = raw.slice(0, MAX_QUERY_CHARS).normalize("NFKC");
  const rankingText = stripInstructions(text);
  const tokens = tokenize(rankingText);
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  // Typed words first (in order of first use), then expansions; capped for huge queries.
  const weights = new Map<string, number>();
  for (const t of tokens) if (!weights.has(t) && weights.size < MAX_TERMS) weights.set(t, 1);
  const expansion = expandSynonyms(tokens.slice(0, 400));
  for (const [t, w] of expansion.terms) if (!weights.has(t) && weights.size < MAX_TERMS) weights.set(t, w);
  const { years, period } = detectPeriods(text);
  return {
    rankingText,
    terms: [...weights].map(([term, weight]) => ({ term, weight })),
    statements: detectStatements(text),
    impliedStatements: expansion.statements,
    years,
    period,
    kind: detectKind(text),
    words: text.toLowerCase().match(/[\p{L}\p{N}&]+/gu)?.slice(0, 2000) ?? [],
    tickers: tickersWritten(text),
  };
}

/** Capitalised words of financial writing that are not tickers ("EPS", "GAAP", "FCF"). */
const NOT_TICKERS = new Set(
  "FY FYE YTD LTM TTM YOY QOQ EPS GAAP IFRS USD EUR SEK GBP CEO CFO COO CTO CIO EBIT EBITDA FCF ROE ROA ROIC ROCE DSO DIO DPO CCC PP SG NYSE NASDAQ SEC US USA UK EU AI IT HR MD OK CAGR COGS OPEX CAPEX LLC INC PLC AB ASA".split(" "),
);

function tickersWritten(text: string): string[] {
  const letters = text.match(/\p{L}/gu) ?? [];
  const capitals = letters.filter((c) => c === c.toUpperCase() && c !== c.toLowerCase()).length;
  if (letters.length > 0 && capitals / letters.length > 0.6) return [];
  const written = text.match(/(?<![\p{L}\p{N}])[A-Z]{2,5}(?:\.[A-Z])?(?![\p{L}\p{N}])/gu) ?? [];
  return [...new Set(written.filter((t) => !NOT_TICKERS.has(t)))];
}
