/**
 * Text helpers of Agent Mode's process checks and its evals: stemmed words, topic matching (stems +
 * a small bilingual DD vocabulary), quoted spans and whitespace/hyphenation-tolerant quote location
 * (the extraction's citation rule).
 */
import { locateExcerpt } from "@/lib/extraction/citation";
import { stemWord } from "@/lib/search/stemming";

/** Words of a phrase, lowercased and lightly stemmed (letters and digits only). */
export function words(text: string): string[] {
  return (text.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => stemWord(w));
}

const STOP = new Set(
  "the a an of and or for on in to about at by with from any all each what which how is are was were be this that these those their its it as per vs och eller för på i om av till med den det de en ett som är var alla varje".split(" "),
);

export function contentWords(text: string): string[] {
  return words(text).filter((w) => w.length >= 2 && !STOP.has(w));
}

/**
 * Topic vocabulary (English and Swedish): a topic is covered by a passage that uses any of its
 * words. Kept small and specific — a loose synonym would hide a real gap.
 */
const TOPIC_GROUPS: string[][] = [
  ["revenue", "revenues", "sales", "net sales", "turnover", "intäkter", "intäkterna", "intäkt", "omsättning", "omsättningen", "nettoomsättning", "nettoomsättningen"],
  ["margin", "margins", "gross margin", "gross profit", "marginal", "marginaler", "marginalen", "bruttomarginal", "bruttomarginalen", "rörelsemarginal", "rörelsemarginalen"],
  ["gross margin", "bruttomarginal", "bruttomarginalen"],
  ["operating margin", "rörelsemarginal", "rörelsemarginalen"],
  ["litigation", "lawsuit", "lawsuits", "legal proceedings", "legal dispute", "disputes", "dispute", "tvist", "tvister", "rättstvist", "rättegång", "domstol"],
  ["ebitda"],
  ["operating profit", "operating income", "ebit", "rörelseresultat", "rörelseresultatet"],
  ["net income", "net profit", "net earnings", "profit for the year", "nettoresultat", "årets resultat"],
  ["capital expenditure", "capital expenditures", "capex", "purchases of property plant and equipment", "purchase of property plant and equipment", "investeringar"],
  ["risk", "risks", "risk factors", "uncertainties", "risker", "riskerna", "riskfaktorer", "riskfaktorerna"],
  ["cash flow", "kassaflöde", "kassaflödet"],
  ["operating cash flow", "cash flow from operating activities", "net cash provided by operating activities", "cash generated from operations", "kassaflöde från den löpande verksamheten"],
  ["cash", "cash and cash equivalents", "liquid funds", "kassa", "kassan", "likvida medel", "likviditet"],
  ["headcount", "employees", "staff", "fte", "anställda", "medarbetare", "personal"],
  ["customers", "customer", "churn", "kunder", "kunderna", "kund"],
  ["debt", "borrowings", "loan", "loans", "skuld", "skulder", "skulderna", "lån"],
  ["net debt", "nettoskuld", "nettoskulden"],
  ["forecast", "budget", "outlook", "prognos", "prognosen"],
  ["management", "ledning", "ledningen"],
  ["ceo", "chief executive officer", "chief executive", "vd", "verkställande direktör"],
  ["cfo", "chief financial officer", "finanschef"],
  ["tax", "taxes", "skatt"],
];

const groupOf = new Map<string, string[]>();
for (const g of TOPIC_GROUPS) {
  const stems = g.map((p) => words(p).join(" "));
  // a phrase in several groups ("gross margin" is a margin and its own group) takes the union
  for (const s of stems) groupOf.set(s, [...new Set([...(groupOf.get(s) ?? []), ...stems])]);
}

/**
 * The phrases (stemmed, space-joined) that count as mentioning a topic: the topic, its group's
 * other wordings, and each word's other wordings with the rest of the topic kept ("subscription
 * sales" for "subscription revenue", never plain "sales": a qualifier is part of the topic).
 */
function topicVariants(topic: string, strict = false): string[] {
  const all = words(topic);
  const ws = all.filter((w) => !STOP.has(w));
  const own = ws.join(" ");
  const variants = new Set<string>([own, all.join(" "), ...(groupOf.get(own) ?? []), ...(groupOf.get(all.join(" ")) ?? [])]);
  ws.forEach((w, i) => {
    for (const v of groupOf.get(w) ?? []) {
      variants.add([...ws.slice(0, i), v, ...ws.slice(i + 1)].join(" "));
      // loosely (a narrative topic: "the leadership" for "management team"), any word's wording alone
      if (!strict) variants.add(v);
    }
  });
  return [...variants].filter(Boolean);
}

/**
 * Whether `text` mentions the topic (any variant as a run of stemmed words). `strict`: a
 * qualifier is part of the topic ("subscription revenue" is not mentioned by "revenue").
 */
export function mentionsTopic(text: string, topic: string, strict = false): boolean {
  const hay = ` ${words(text).join(" ")} `;
  return topicVariants(topic, strict).some((v) => hay.includes(` ${v} `));
}

export interface QuotedSpan {
  text: string;
  index: number;
  end: number;
}

/** Quoted passages: "…", “…”, ”…” (Swedish), «…», and markdown blockquote lines. */
export function extractQuotes(text: string): QuotedSpan[] {
  const out: QuotedSpan[] = [];
  const patterns = [/"([^"\n]{4,600})"/g, /“([^”“\n]{4,600})”/g, /”([^”“\n]{4,600})”/g, /«([^»\n]{4,600})»/g, /^>\s?(.{4,600})$/gm];
  const taken: Array<[number, number]> = [];
  for (const re of patterns) {
    for (const m of text.matchAll(re)) {
      const s = m.index!;
      const e = s + m[0].length;
      if (taken.some(([a, b]) => s < b && e > a)) continue;
      taken.push([s, e]);
      out.push({ text: m[1]!.trim(), index: s, end: e });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

/** Whether the quote occurs in `source` (whitespace / line-break / end-of-line hyphenation tolerant; "…" joins parts in order). */
export function quoteFoundIn(quote: string, source: string): boolean {
  const parts = quote
    .split(/\s*(?:…|\.\.\.|\[…\]|\[\.\.\.\])\s*/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  if (parts.length === 0) return false;
  let from = 0;
  for (const p of parts) {
    const hit = locateExcerpt(source.slice(from), p);
    if (!hit) return false;
    from += hit.end;
  }
  return true;
}
