import { asciiWordsOnly } from "./ascii-words";
import { detectLanguage, type Language } from "./language";
import { stemWord } from "./stemming";
import { isYearWord } from "@/lib/periods/years";

/**
 * One tokeniser for indexing and querying, English and Swedish: Unicode NFKC, lowercase,
 * runs of letters/digits, letter–digit runs split ("fy2018" → "fy", "2018"), stopwords
 * dropped, stemmed in the text's language (lib/search/stemming: Porter for English, Snowball
 * for Swedish; the language is detected from the text unless the caller knows it, e.g. the
 * indexer per page). Numbers are dropped except years (1900–2099): amounts are noise for
 * ranking and would bloat the index. Abbreviations analysts write for line items ("PP&E",
 * "PPNE") are spelled out so they meet the statements' wording.
 */
export type { Language } from "./language";

const STOPWORDS = new Set(
  (
    // English
    "a about above after again against all also am an and any are as at be because been before being below between both but by " +
    "can could did do does doing down during each few for from further had has have having he her here hers him his how i if in " +
    "into is it its itself just me more most my no nor not now of off on once only or other our ours out over own same she should " +
    "so some such than that the their theirs them then there these they this those through to too under until up very was we were " +
    "what when where which while who whom why will with would you your yours shall may might must per via whether within without " +
    "s t d ll re ve etc " +
    // Swedish
    "och att det som en på är av för med till den har de inte om ett han men var jag sig från vi så kan man när år säger hon " +
    "under också efter eller nu sin där vid mot ska skall hade kommer dessa detta denna deras dess sina sitt vara blir blev " +
    "bli mellan utan genom över alla andra vilka vilken vilket hur vad varför samt än ut upp in ni er era oss dem honom henne"
  ).split(/\s+/),
);

const ABBREVIATIONS: Array<[RegExp, string]> = [
  [/\bpp\s*&\s*e\b/gi, " property plant equipment "],
  [/\bppne\b/gi, " property plant equipment net "],
  [/\bppe\b/gi, " property plant equipment "],
  [/\bcashflows?\b/gi, " cash flow "],
  [/\bs\s*&\s*p\b/gi, " sp "],
  [/\bd\s*&\s*a\b/gi, " depreciation amortization "],
  [/\br\s*&\s*d\b/gi, " research development "],
  [/\bm\s*&\s*a\b/gi, " mergers acquisitions "],
  [/\bsg\s*&\s*a\b/gi, " selling general administrative "],
];

const PART = /\p{L}+|\p{N}+/gu;
/** PART on a lowercase text whose letters and digits are all ASCII (./ascii-words.ts): the same runs, ~4x faster. */
const PART_ASCII = /[a-z]+|[0-9]+/g;
const MAX_TOKEN = 30;

export function normaliseText(text: string): string {
  let t = text.normalize("NFKC");
  for (const [re, rep] of ABBREVIATIONS) t = t.replace(re, rep);
  return t.toLowerCase();
}

const isDigitRun = (part: string) => {
  const c = part.charCodeAt(0);
  return c < 128 ? c >= 48 && c <= 57 : /^\p{N}/u.test(part);
};

/** A letters-only or digits-only part → its term, or undefined when it is not indexed. */
function keep(part: string, language: Language): string | undefined {
  if (isDigitRun(part)) return isYearWord(part) ? part : undefined;
  if (part.length < 2 || part.length > MAX_TOKEN || STOPWORDS.has(part)) return undefined;
  return stemWord(part, language);
}

/**
 * Index/query terms in order (duplicates kept, for term frequencies); language detected unless
 * given. Letter–digit runs split into their letter and digit parts, so scanning parts directly
 * is the same as scanning runs and splitting the mixed ones (and cheaper: this runs per page).
 */
export function tokenize(text: string, language: Language = detectLanguage(text)): string[] {
  const out: string[] = [];
  const normal = normaliseText(text);
  for (const part of normal.match(asciiWordsOnly(normal) ? PART_ASCII : PART) ?? []) {
    const t = keep(part, language);
    if (t) out.push(t);
  }
  return out;
}

/**
 * A lowercase ASCII run's letter and digit parts, as PART splits it (most of a filing's words:
 * the Unicode regexes cost ~3 ms per search on the excerpts); undefined for any other run.
 */
function asciiParts(run: string): string[] | undefined {
  let letters = false;
  let digits = false;
  for (let i = 0; i < run.length; i++) {
    const c = run.charCodeAt(i);
    if (c >= 48 && c <= 57) digits = true;
    else if (c >= 97 && c <= 122) letters = true;
    else return undefined;
  }
  if (!(letters && digits)) return [run];
  const parts: string[] = [];
  let from = 0;
  for (let i = 1; i <= run.length; i++) {
    if (i === run.length || (run.charCodeAt(i) <= 57) !== (run.charCodeAt(from) <= 57)) {
      parts.push(run.slice(from, i));
      from = i;
    }
  }
  return parts;
}

/**
 * Tokens with their character offsets in the original text (for excerpts). Offsets refer
 * to `text` itself; abbreviations are not expanded here.
 */
export function tokenizeWithOffsets(text: string, language: Language = detectLanguage(text)): Array<{ term: string; start: number; end: number }> {
  const out: Array<{ term: string; start: number; end: number }> = [];
  const re = asciiWordsOnly(text) ? /[A-Za-z0-9]+/g : /[\p{L}\p{N}]+/gu;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const lower = m[0].toLowerCase();
    const parts = asciiParts(lower) ?? (/\p{L}/u.test(lower) && /\p{N}/u.test(lower) ? (lower.match(PART) ?? []) : [lower]);
    for (const p of parts) {
      const t = keep(p, language);
      if (t) out.push({ term: t, start: m.index, end: m.index + m[0].length });
    }
  }
  return out;
}

/** Distinct sorted terms with frequencies and the token count (BM25 length). */
export function termStats(text: string, language?: Language): { terms: string[]; tfs: number[]; length: number } {
  const tokens = tokenize(text, language);
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  const terms = [...counts.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { terms, tfs: terms.map((t) => Math.min(counts.get(t)!, 32767)), length: tokens.length };
}
