/**
 * A request as analysts type it, written out before it is read into items (lib/agent/reader/items):
 * - shorthand spelled out the way the chat's question reader spells it ("income from ops", "net
 *   revs", "w/ growth"), the data room's own names kept as typed (a ticker is the company);
 * - a year written with an apostrophe ("for '16 and '15") as the year;
 * - a range of years ("fiscal 2020 through 2022", "FY2017–FY2019") as every year in it, so that a
 *   range written before the figures is the sentence's periods like a list is;
 * - "yoy" / "year over year" after a figure as a comparison with the prior year ("op margin yoy"),
 *   and "with the yoy change" as "with the change";
 * - a share written with the sign ("% of net revenues from the US") in words, so the part keeps it,
 *   and "X with its share of the total" as two parts, the figure and its share;
 * - the change asked beside a comparison in signs or units ("revenue + yoy change", "GM% for both yrs
 *   + change in pts", "and the change in bps", "(and the move in pts)") as "with the change", never
 *   an item of its own; "for both years" after a figure is the comparison's two years, no words of it
 *   (a part naming no other period compares with the prior year, as "yoy" does);
 * - "GP rate" / "GP margin" / "GP%" as the gross profit's;
 * - a profit line's "rate" ("operating income rate": the line as a percentage of revenue) as that
 *   line's margin;
 * - a ticker of a data room company ("MSFT revenue": capitals whose letters run through the
 *   company's name in order, from its first) as the company's name, so it is read as the company,
 *   never as a part of it. A catalog term ("EBIT", "GMV") is never a ticker.
 * Nothing here knows a company or a document.
 */
import { spellOut } from "@/lib/agent/concepts/abbreviations";
import { findConcepts } from "@/lib/agent/concepts/match";
import { periodMentions } from "@/lib/metrics/periods";
import { yearOfLabel } from "@/lib/periods/years";

/** Shorthand the catalog does not spell out that requests use between words. */
const SHORT: Array<[RegExp, string]> = [
  [/(?<![\p{L}\p{N}])w\/o(?![\p{L}\p{N}])/giu, "without"],
  [/(?<![\p{L}\p{N}])w\/(?=\s|\p{L})/giu, "with "],
];

/** "'16" (after a space, an opening bracket or the start): the year; 50 and above are the 1900s. */
const APOSTROPHE_YEAR = /(^|[\s(,/])['’](\d{2})(?![\d%'’\p{L}])/gu;

/** "2020 through 2022", "FY2017–FY2019", "fiscal 2015 thru fiscal 2017": a range of years (never "to": "from 2017 to 2019" is a change). */
const RANGE = /\b(FY\s?|fiscal (?:year )?)?((?:19|20)\d{2})\s*(?:through|thru|until|–|—|-)\s*(FY\s?|fiscal (?:year )?)?((?:19|20)\d{2})\b/gi;

/** "yoy", "y/y", "year over year", "year-on-year". */
const YOY = String.raw`(?:yoy|y\/y|y-o-y|year[- ]over[- ]year|year[- ]on[- ]year)`;

/** The change of a comparison asked beside it: "+ yoy change", "and the change in bps", "(and the move in pts)", up to the end of its part. */
const CHANGE_BESIDE = new RegExp(String.raw`\s*\(?\s*(?:[+&]|,?\s*\b(?:and|plus)\b)\s*(?:the\s+|its\s+|their\s+)?(?:${YOY}\s+)?(?:change|move|movement|delta|difference)(?:\s+in\s+(?:pts|points|percentage points|ppts?|pp|basis points|bps|%|percent))?\s*\)?(?=\s*(?:[,;.?!]|$|\b(?:and|also)\b))`, "gi");

/** "GM% for both yrs": the comparison's two years, said again. */
const BOTH_YEARS = /\s+(?:for\s+|in\s+|across\s+)?(?:both|the two|each)\s+(?:years|periods)\b/gi;

/** The part of the request before `at` (back to a comma, a semicolon, a colon or a dash) names a comparison or two years. */
function compared(text: string, at: number): boolean {
  const part = text.slice(0, at).split(/[,;:—–.?!]/).at(-1) ?? "";
  const years = new Set(part.match(/(?<!\d)(?:19|20)\d{2}(?!\d)|\bFY\s?\d{2,4}\b/gi) ?? []);
  return /\b(?:vs\.?|versus|compared|against|than)(?![\p{L}])/iu.test(part) || years.size > 1;
}

/** A profit line followed by "rate": that line as a share of revenue, its margin. */
const PROFIT_RATE = /\b(gross profit|gross income|operating income|operating profit|operating earnings|net income|net earnings|net profit|ebitda|ebit|pre-?tax income)\s+rates?\b/gi;

/** The letters of a ticker run through the name's letters in order, from its first ("MSFT" in "Microsoft"). */
function tickerOf(word: string, name: string): boolean {
  const letters = name.toLowerCase().replace(/[^\p{L}]/gu, "");
  const w = word.toLowerCase();
  if (!letters.startsWith(w[0]!)) return false;
  let at = 0;
  for (const ch of w) {
    at = letters.indexOf(ch, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/** Capitals analysts write that are no company: currencies, time windows, standards and measures the catalog does not name. */
const NOT_TICKERS = new Set(["GAAP", "IFRS", "LTM", "TTM", "NTM", "YTD", "QTD", "MTD", "ARR", "MRR", "NRR", "GRR", "ESG", "ROIC", "ROCE", "CAGR", "KPI", "KPIS", "LIFO", "FIFO", "USD", "EUR", "GBP", "SEK", "NOK", "DKK", "JPY", "CHF", "CAD", "AUD", "CNY", "INR", "IPO", "SEC", "MDA", "NAV", "AUM", "ARPU", "DAU", "MAU", "SKU", "SKUS"]);

/** "MSFT revenue": a ticker of one of the room's companies written as the company's first name word. */
function tickersAsNames(t: string, companies: readonly string[]): string {
  if (!companies.length) return t;
  return t.replace(/\b\p{Lu}{3,5}\b/gu, (word) => {
    if (NOT_TICKERS.has(word) || findConcepts(word).length) return word;
    const name = companies.find((c) => tickerOf(word, c) && !c.toLowerCase().split(/[^\p{L}]+/u).includes(word.toLowerCase()));
    return name ? name.split(/[\s,]+/)[0]! : word;
  });
}

/** "the Q2'23 earnings release", "the earnings call": a document named by the figure it reports, no figure asked. */
const DOCUMENT_NAMED = /\b(?:earnings|results|revenue|sales)\s+(release|call|report|deck|presentation|transcript|announcement)(s?)\b/gi;

export function requestText(request: string, keep: ReadonlySet<string> = new Set(), companies: readonly string[] = []): string {
  // "fcf [cfo - capex]": a square bracket glosses as a round one does
  let t = tickersAsNames(request.replace(/\[([^\[\]]*)\]/g, "($1)"), companies);
  t = t.replace(DOCUMENT_NAMED, (_m, kind: string, plural: string) => `press ${kind.toLowerCase()}${plural}`);
  for (const [re, to] of SHORT) t = t.replace(re, to);
  t = spellOut(t, keep);
  t = t.replace(APOSTROPHE_YEAR, (_all, lead: string, yy: string) => `${lead}${Number(yy) >= 50 ? "19" : "20"}${yy}`);
  // "GMV 18 vs 17", "fy18 vs 17": two-digit years beside another year, written out
  for (const m of periodMentions(t).reverse()) if (/^\d\d$/.test(t.slice(m.start, m.end))) t = `${t.slice(0, m.start)}${yearOfLabel(m.label)}${t.slice(m.end)}`;
  t = t.replace(RANGE, (all, p1: string | undefined, a: string, p2: string | undefined, b: string) => {
    const from = Number(a);
    const to = Number(b);
    if (to <= from || to - from > 10) return all;
    const prefix = (p1 ?? p2 ?? "").replace(/\s+$/, "");
    const years = Array.from({ length: to - from + 1 }, (_, i) => `${prefix && /^fy/i.test(prefix) ? prefix : ""}${from + i}`);
    const written = years.map((y, i) => (i === 0 && prefix && !/^fy/i.test(prefix) ? `${prefix} ${y}` : y));
    return `${written.slice(0, -1).join(", ")} and ${written.at(-1)}`;
  });
  // "revenue + yoy change", "gross margin both years and the change in basis points": the comparison's change
  // (a part that names no other period, "NKE FY21: revenues + yoy change", compares with the prior year)
  t = t.replace(CHANGE_BESIDE, (m: string, at: number, all: string) => (new RegExp(YOY, "i").test(m) && !compared(all, at) ? " versus the prior year with the change" : " with the change"));
  t = t.replace(BOTH_YEARS, (_m: string, at: number, all: string) => (compared(all, at) ? "" : " versus the prior year"));
  t = t.replace(/\bGP(?=\s*(?:%|rates?\b|margins?\b))/g, "gross profit");
  // "with the yoy change", "w/ yoy growth": the change; "op margin yoy": versus the prior year
  t = t.replace(new RegExp(String.raw`\b(with|showing|including)\s+(?:the\s+)?${YOY}\s+(change|growth|changes)\b`, "gi"), "$1 the $2");
  t = t.replace(new RegExp(String.raw`\b(?:on an?\s+)?${YOY}(?:\s+basis)?\b`, "gi"), "versus the prior year");
  // "net revs vs 2015 with growth": the comparison's change, as "with the change" says it
  t = t.replace(/\b(with|showing|including)\s+(?:the\s+|its\s+|their\s+)?(?:growth|increase|decline)\b/gi, "$1 the change");
  t = t.replace(/(^|[\s,(])%\s+of\b/g, "$1percentage of");
  // "Domestic segment revenue with its share of the total": the share is an item of its own, of the part before it
  t = t.replace(/\s+(?:with|along with|plus)\s+(its|their)\s+(share|percentage|proportion|portion)\s+of\b/gi, " and $1 $2 of");
  // (a rate the catalog already reads as the percentage, "gross profit rate", keeps the words asked)
  t = t.replace(PROFIT_RATE, (all: string, line: string) => (findConcepts(all)[0]?.concept.kind === "percent" ? all : `${line} margin`));
  // "ARR exiting FY17": the figure at the end of that year
  t = t.replace(/\b(?:exiting|exit(?:ing)? rate (?:for|at)|as we exited)\s+(?=(?:FY\s?|fiscal\s+|the\s+(?:fiscal\s+)?year\b|(?:19|20)\d{2}\b))/gi, "at the end of ");
  t = plusAsJoiner(t);
  return t.replace(/\s{2,}/g, " ");
}

/**
 * "ceo + auditor", "rev + op inc fy22": a spaced plus between two asks joins them as "and" does; inside a
 * bracket ("(notes payable + other borrowings)") or in a clause that sets a name equal to a formula
 * ("ebitda = op inc + d&a") it adds a formula's terms, and "$ + %" or "+ % chg" name a change's units.
 */
function plusAsJoiner(t: string): string {
  let depth = 0;
  let out = "";
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    const spaced = c === "+" && /\s/.test(t[i - 1] ?? "") && /\s/.test(t[i + 1] ?? "");
    const clause = spaced ? clauseAround(t, i) : "";
    out += spaced && depth === 0 && !clause.includes("=") && /\p{L}/u.test(t.slice(Math.max(0, i - 4), i)) && /^\s*\p{L}/u.test(t.slice(i + 1)) && !CHANGE_AFTER.test(t.slice(i + 1)) ? "and" : c;
  }
  return out;
}

/** "+ growth", "+ yoy chg": the change of the figure before, not another ask. */
const CHANGE_AFTER = /^\s*(?:the\s+)?(?:yoy\s+|y\/y\s+)?(?:change|chg|growth|delta|difference|variance)\b/i;

const clauseAround = (t: string, at: number) => {
  const from = Math.max(t.lastIndexOf("\n", at), t.lastIndexOf(";", at), t.lastIndexOf(",", at)) + 1;
  const ends = ["\n", ";", ","].map((d) => t.indexOf(d, at)).filter((x) => x >= 0);
  return t.slice(from, ends.length ? Math.min(...ends) : t.length);
};
