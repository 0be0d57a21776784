/**
 * The words the request reader (./items.ts) splits and reads a request by, as data for each
 * language the product serves (English filings, Swedish reports and SOU documents). A request is
 * read with the words of both languages: a Swedish request quoting an English line item still
 * splits at "och", and the word lists do not collide.
 */
import escapeStringRegexp from "escape-string-regexp";

export interface RequestWords {
  /** Words joining the parts of a list ("and", "plus"). */
  joiners: string[];
  /** Words that start a new run of parts (the periods written after a run are the run's only). */
  newRun: string[];
  /** Words before what a part asks ("give me the", "för"). */
  lead: string[];
  /** Words at the end of a part that ask nothing ("for", "with", "för"). */
  tail: string[];
  /** "the end of", "utgången av": before a month, the month's last day. */
  endOf: string[];
  /** "at", "vid": before a date, the date a balance is asked at. */
  at: string[];
  /** A part asking why the figure before it moved ("what drove it", "why did it change"). */
  reason: RegExp;
  /** A part asking how much the figure before it grew ("how fast did it grow"). */
  growth: RegExp;
  /** A part naming only a change ("and the swing in pts", "the difference"): the change of the figure before it. */
  change: RegExp;
}

export const REQUEST_WORDS: Record<"en" | "sv", RequestWords> = {
  en: {
    joiners: ["and", "plus", "as well as", "along with", "&"],
    newRun: ["plus", "also", "then", "as well as", "along with"],
    lead: [
      "for", "in", "at", "of", "on", "by", "from", "with", "to", "pull", "grab", "pls", "plz", "kindly", "can", "could", "few", "couple", "things", "stuff", "bits", "quick", "give", "get", "show", "tell", "list", "provide", "summarise", "summarize", "flag", "need",
      "want", "like", "would", "please", "also", "then", "plus", "and", "so", "me", "us", "i", "we", "you", "what", "whats", "was", "were", "is", "are", "did",
      "does", "do", "their", "its", "the", "a", "an", "fiscal", "fy", "year", "years", "end", "versus", "vs", "compared", "against", "each", "both", "now", "just",
      "sources", "source", "citations", "performance", "company", "as", "reported", "inc", "corp", "ltd", "plc", "llc", "co", "change", "changes", "difference", "there", "here", "10", "k", "q", "filing", "report", "annual", "all",
    ],
    tail: ["for", "in", "at", "of", "on", "by", "from", "the", "each", "both", "year", "years", "fiscal", "end", "and", "with", "versus", "vs", "vs.", "compared", "to"],
    endOf: ["the end of", "end of", "the close of", "close of"],
    at: ["at", "as of", "as at", "on"],
    reason: /^(?:and\s+)?(?:what (?:drove|drives|caused|causes|explains?|was behind|were the drivers of)|why (?:did|has|was|were|is)|what were the reasons for)\b.*\b(?:it|they|that|this|the change|the increase|the decrease)\b/i,
    // "how much did it grow" asks a growth; "how much did it bring in" asks the figure of the part before it
    growth: /^(?:and\s+)?(?:how (?:fast|quickly) (?:did|has|have|was|were)\b.*\b(?:it|they|that|this|its|their)\b|(?:how|by how) much (?:did|has|have|was|were)\b.*\b(?:it|they|that|this|its|their)\b.*\b(?:gr[eo]wn?|grow(?:th|ing)?|increase[ds]?|r[io]se|risen|expand(?:ed)?|climb(?:ed)?|decline[ds]?|f[ae]ll|fallen|drop(?:ped)?|shr[aiu]nk)\b|what (?:was|is) (?:its|their) growth\b)/i,
    // ("the pt swing", "the bps change": the unit it is counted in before it)
    change: /^(?:and\s+)?(?:the\s+|its\s+|their\s+)?(?:(?:pt|pts|point|points|bps|basis point|%)\s+)?(?:change|swing|difference|delta|move(?:ment)?|variance)\b/i,
  },
  sv: {
    joiners: ["och", "samt", "även"],
    newRun: ["samt", "även", "också", "sedan"],
    lead: [
      "för", "i", "vid", "av", "på", "om", "till", "med", "från", "hur", "stor", "stort", "stora", "var", "vad", "vilken", "vilket", "vilka", "ge", "mig", "oss", "visa", "ange", "det", "den", "de", "ett",
      "året", "år", "räkenskapsåret", "kvartalet", "utgången", "slutet", "per", "deras", "dess", "bolagets", "företagets", "och", "samt", "även", "också", "sedan", "jämfört", "mot", "både", "varje", "alla", "källor",
    ],
    tail: ["för", "i", "vid", "per", "av", "och", "med", "samt", "under", "jämfört", "mot"],
    endOf: ["utgången av", "slutet av"],
    at: ["vid", "per", "den"],
    reason: /^(?:och\s+)?(?:vad (?:drev|driver|orsakade|förklarar|låg bakom)|varför (?:ökade|minskade|förändrades|ändrades|steg|sjönk))\b/i,
    growth: /^(?:och\s+)?(?:hur (?:snabbt|mycket) (?:växte|ökade|har)|med hur mycket (?:växte|ökade))\b/i,
    change: /^(?:och\s+)?(?:förändring(?:en)?|skillnad(?:en)?)\b/i,
  },
};

const both = (f: (w: RequestWords) => string[]) => [...new Set([...f(REQUEST_WORDS.en), ...f(REQUEST_WORDS.sv)])];
const alternation = (ws: string[]) => [...ws].sort((a, b) => b.length - a.length).map((w) => escapeStringRegexp(w).replace(/ /g, "\\s+")).join("|");

export const LEAD_WORDS = new Set(both((w) => w.lead));
export const JOINERS = alternation(both((w) => w.joiners).filter((w) => w !== "&"));
export const NEW_RUN = new RegExp(`(?:^|[\\s,])(?:${alternation(both((w) => w.newRun))})(?=[\\s,]|$)`, "i");
export const TAIL = new RegExp(`(?:\\s+(?:${alternation(both((w) => w.tail))}))+$`, "iu");
export const END_OF = new RegExp(`(?:${alternation(both((w) => w.endOf))})\\s*$`, "i");
export const AT = new RegExp(`(?:^|\\s)(?:${alternation(both((w) => w.at))})\\s*$`, "i");

/** What a part about the figure before it asks: why it moved, how much it grew, or (naming no figure of its own) how much it changed. */
export function followUpOf(text: string, namesFigure = false): "reason" | "growth" | "change" | undefined {
  const t = text.trim();
  if (REQUEST_WORDS.en.reason.test(t) || REQUEST_WORDS.sv.reason.test(t)) return "reason";
  if (REQUEST_WORDS.en.growth.test(t) || REQUEST_WORDS.sv.growth.test(t)) return "growth";
  if (!namesFigure && (REQUEST_WORDS.en.change.test(t) || REQUEST_WORDS.sv.change.test(t))) return "change";
  return undefined;
}
