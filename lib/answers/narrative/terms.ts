/**
 * The words a narrative question is about, and how a sentence is matched against them.
 *
 * Terms come from the search tokenizer (lib/search/tokenize: stopwords, plural stemming, and
 * whatever stemmer it adopts), then a light suffix folding on both sides so "cyclicality" meets
 * "cyclical", "acquired" meets "acquire" and "utredaren" meets "utredare". Hand-rolled because
 * it only has to make question and sentence agree, not produce dictionary stems.
 *
 * Words every filing uses about itself ("company", "fiscal", "report") and proper nouns of the
 * question (the registrant calls itself "we") are optional: they add to a match but are not
 * required for one.
 */
import { tokenize, tokenizeWithOffsets } from "@/lib/search/tokenize";

/** Endings with the shortest stem each may leave: Swedish ones leave longer stems, so English "compete" never meets "compare". */
const SUFFIXES: Array<[string, number]> = [
  ...["ations", "ation", "itions", "ition", "ions", "ion", "ities", "ity", "ments", "ment", "ness", "ings", "ing", "ically", "ical", "ally", "ed", "ies", "es", "ly", "al", "ic", "e", "s"].map((s): [string, number] => [s, 4]),
  ...["arnas", "ernas", "arna", "erna", "orna", "aren", "ares", "are", "ens", "en", "et", "ar", "er", "or"].map((s): [string, number] => [s, 5]),
].sort((a, b) => b[0].length - a[0].length);

/**
 * Folds a token to a crude stem: one ending off (cyclicality → cyclical, utredaren → utred), never
 * an "s" that ends "ss"/"us"/"is" (process, status, basis): the tokenizer's stemmer did the rest.
 */
export function fold(term: string): string {
  const suffix = SUFFIXES.find(([s, min]) => term.endsWith(s) && term.length - s.length >= min && !(s === "s" && /[sui]s$/.test(term)));
  return suffix ? term.slice(0, -suffix[0].length) : term;
}

/**
 * Ways filings name the same narrative concept (general English and Swedish business vocabulary,
 * not any filing's wording): a question term in a group matches a sentence term of the group.
 */
const CONCEPTS: string[][] = [
  ["litigation", "lawsuit", "lawsuits", "legal proceedings", "legal matters", "legal actions", "legal battles", "proceedings", "suit", "suits", "court", "plaintiffs", "class action", "disputes", "rättegång", "tvist", "tvister"],
  ["customer", "customers", "client", "clients", "buyers", "kund", "kunder"],
  ["supplier", "suppliers", "vendors", "leverantör", "leverantörer"],
  ["competitor", "competitors", "competition", "compete", "competitive", "rival", "rivals", "konkurrent", "konkurrenter"],
  // (buying or bought a business is acquiring it — "buys" is as often a customer buying — and buying back shares is a
  // repurchase, its own group, matched first as a phrase)
  ["acquire", "acquired", "acquiring", "acquisition", "acquisitions", "buying", "bought", "förvärv", "förvärvade"],
  ["repurchase", "repurchased", "repurchases", "repurchasing", "buyback", "buybacks", "buy back", "buys back", "buying back", "bought back", "återköp"],
  ["founded", "founding", "started", "established", "inception", "grundades", "grundat"],
  ["employee", "employees", "headcount", "workforce", "personnel", "staff", "anställda"],
  ["cyclicality", "cyclical", "cycle", "cycles", "cyclic", "konjunktur"],
  ["spin", "spinoff", "separation", "separate", "divest", "divestiture"],
  ["forecast", "forecasting", "expect", "expects", "expected", "anticipate", "anticipates", "plan", "plans", "outlook", "guidance"],
  ["production", "produce", "produced", "manufacture", "manufacturing", "tillverkning"],
  ["ceo", "chief executive officer", "verkställande direktör"],
  ["cfo", "chief financial officer", "finanschef"],
  ["seasonal", "seasonality", "season", "säsong"],
  ["headquarters", "headquartered", "principal executive offices"],
  ["termination fee", "breakup fee", "break-up fee", "break fee", "reverse termination fee"],
  ["union", "unions", "unionized", "unionised", "collective bargaining", "bargaining unit", "bargaining units", "fackförbund", "kollektivavtal"],
  ["primary", "major", "principal", "largest", "main", "biggest", "största", "viktigaste"],
];

const CONCEPT_OF = new Map<string, number>();
/** Multi-word names of a concept ("chief executive officer"): matched as phrases, never word by word. */
const CONCEPT_PHRASES: Array<{ words: string[]; concept: number }> = [];
CONCEPTS.forEach((group, i) => {
  for (const phrase of group) {
    const words = tokenize(phrase).map(fold);
    if (words.length === 1) CONCEPT_OF.set(words[0]!, i);
    else if (words.length > 1) CONCEPT_PHRASES.push({ words, concept: i });
  }
});

function hasPhrase(folded: string[], words: string[]): boolean {
  for (let i = 0; i + words.length <= folded.length; i++) if (words.every((w, j) => folded[i + j] === w)) return true;
  return false;
}

/** Words of the question form and of any filing about itself: they never make a match alone. */
const GENERIC = new Set(
  (
    "company companies business businesses fiscal year years fy annual quarter quarterly report reports reported reporting mention mentioned filing 10k 10q " +
    "primary main major key principal significant material materially important current currently ongoing still anymore now today total based data information describe explain " +
    "give list name named tell show subject exposed involve involved face faces facing faced many much how complete completed make made announce announced undertake undertaken conduct conducted please provide detail details state stated discuss discussed relevant useful metric kind type way see sees view views regard regards consider considers actually really basically exactly so" +
    " one two three four five six seven eight nine ten first second third large small big" +
    " count counts number numbers amount amounts figure figures ye yr" +
    " bolag företaget verksamhet år rapport en ett två tre fyra fem några någon något många mycket finns fanns gjort göra lämnat lämna"
  ).split(/\s+/).flatMap((w) => tokenize(w).map(fold)),
);

/** Generic words that are the subject when a question has no other content word. */
const SUBJECT_WHEN_ALONE = new Set(["business", "businesses", "operations", "segment", "segments", "verksamhet"].flatMap((w) => tokenize(w).map(termKey)));

export interface QuestionTerm {
  /** Folded term (or the concept's key). */
  key: string;
  /** The word as the question wrote it. */
  word: string;
  /** Required for a match (content word) or only a bonus (generic word, proper noun, year). */
  core: boolean;
  /** The key of an abbreviation the question gives this word's phrase ("gross merchandise volume (GMV)"). */
  alias?: string;
}

/**
 * "gross merchandise volume (GMV)": the words the abbreviation stands for (as many as its letters,
 * at most five, just before it), by token index, with the abbreviation's key.
 */
function abbreviated(question: string, located: Array<{ term: string; start: number; end: number }>): Map<number, string> {
  const out = new Map<number, string>();
  for (const m of question.matchAll(/\(\s*(\p{Lu}[\p{Lu}\p{N}&]{1,4})\s*\)/gu)) {
    const before = located.map((t, i) => ({ t, i })).filter(({ t }) => t.end <= m.index!);
    const alias = termKey(m[1]!.toLowerCase());
    for (const { i } of before.slice(-Math.min(m[1]!.length, 5))) out.set(i, alias);
  }
  return out;
}

/** The key a token matches by: its concept group when it has one, else its fold. */
export function termKey(token: string): string {
  const f = fold(token);
  const c = CONCEPT_OF.get(f);
  return c === undefined ? f : `#${c}`;
}

/** Capitalised words inside the question (names: "Acme's", "Globex"), lower-cased. */
export function properNouns(question: string): Set<string> {
  const out = new Set<string>();
  const words = question.match(/[\p{L}][\p{L}\p{N}&.'’-]*/gu) ?? [];
  words.forEach((w, i) => {
    const bare = w.replace(/['’]s$/u, "").replace(/[.'’-]+$/u, "");
    if (i > 0 && /^\p{Lu}/u.test(bare) && !/^(?:I|CEO|CFO|COO|CTO|FY\d*|Q[1-4])$/.test(bare)) for (const t of tokenize(bare)) out.add(t);
  });
  return out;
}

/** "On what date / in which year did …": the kind of answer asked, which the answering sentence states, not names. */
function askedForm(question: string, at: { start: number }, word: string | undefined): boolean {
  return /^(?:date|day|month|year|time)$/.test(word ?? "") && /\b(?:what|which)\s+$/i.test(question.slice(0, at.start));
}

/** The question's terms: content words (core) and generic words, names and years (optional). */
export function questionTerms(question: string): QuestionTerm[] {
  const names = properNouns(question);
  const seen = new Set<string>();
  const out: QuestionTerm[] = [];
  const located = tokenizeWithOffsets(question);
  const tokens = located.map((t) => t.term);
  const surface = located.map((t) => question.slice(t.start, t.end).toLowerCase());
  const folded = tokens.map(fold);
  const consumed = new Set<number>();
  const aliases = abbreviated(question, located);
  for (const p of CONCEPT_PHRASES) {
    for (let i = 0; i + p.words.length <= folded.length; i++) {
      if (!p.words.every((w, j) => folded[i + j] === w)) continue;
      p.words.forEach((_, j) => consumed.add(i + j));
      const key = `#${p.concept}`;
      if (!seen.has(key)) out.push({ key, word: surface.slice(i, i + p.words.length).join(" "), core: true });
      seen.add(key);
    }
  }
  tokens.forEach((t, i) => {
    if (consumed.has(i)) return;
    const key = termKey(t);
    if (seen.has(key)) return;
    seen.add(key);
    const core = !GENERIC.has(fold(t)) && !names.has(t) && !/^\d+$/.test(t) && t.length > 1 && !askedForm(question, located[i]!, surface[i]);
    const alias = aliases.get(i);
    out.push({ key, word: surface[i] ?? t, core, ...(alias && alias !== key ? { alias } : {}) });
  });
  // "What are X's three businesses?": with no other content word, the business itself is what is asked
  if (!out.some((t) => t.core)) for (const t of out) if (SUBJECT_WHEN_ALONE.has(t.key)) t.core = true;
  return out;
}

/** The match keys of a text (sentence or row): its words' keys and the concepts its phrases name. */
export function textKeys(text: string): Set<string> {
  const tokens = tokenize(text);
  const keys = new Set(tokens.map(termKey));
  const folded = tokens.map(fold);
  for (const p of CONCEPT_PHRASES) if (hasPhrase(folded, p.words)) keys.add(`#${p.concept}`);
  return keys;
}

export interface TermMatch {
  /** Weighted share of the question's core terms the text contains (1 when it has none). */
  coverage: number;
  /** Unweighted share of the question's core terms the text contains. */
  share: number;
  coreHits: number;
  coreTotal: number;
  optionalHits: number;
}

/**
 * Weights of the question's terms among candidate texts: a term most candidates contain (the
 * company's name, "business") tells less than one few contain ("dividend") — inverse document
 * frequency over the units read, so the same question weighs its words by the pages at hand.
 */
export function termWeights(terms: QuestionTerm[], texts: Array<Set<string>>): Map<string, number> {
  const n = texts.length;
  const df = new Map(terms.map((t) => [t.key, texts.filter((k) => k.has(t.key)).length]));
  const present = terms.filter((t) => df.get(t.key)! > 0).map((t) => Math.log(1 + (n + 1) / (df.get(t.key)! + 1)));
  // a word no candidate contains is mostly the question's own phrasing ("involved in"): it counts, at half the usual weight
  const absent = present.length ? (present.reduce((a, b) => a + b, 0) / present.length) * 0.5 : 1;
  return new Map(terms.map((t) => [t.key, df.get(t.key)! > 0 ? Math.log(1 + (n + 1) / (df.get(t.key)! + 1)) : absent]));
}

/** Pairs of consecutive question terms ("primary customers", "legal proceedings"), by key. */
export function termPairs(question: string): Array<[string, string]> {
  const keys = tokenize(question).map(termKey);
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < keys.length; i++) if (keys[i] !== keys[i + 1]) out.push([keys[i]!, keys[i + 1]!]);
  return out;
}

/** How many of the question's term pairs the text has side by side (phrase match). */
export function pairHits(pairs: Array<[string, string]>, text: string): number {
  if (!pairs.length) return 0;
  const keys = tokenize(text).map(termKey);
  const adjacent = new Set<string>();
  for (let i = 0; i + 1 < keys.length; i++) adjacent.add(`${keys[i]} ${keys[i + 1]}`);
  return pairs.filter(([a, b]) => adjacent.has(`${a} ${b}`)).length;
}

export function matchTerms(terms: QuestionTerm[], keys: Set<string>, weights?: Map<string, number>): TermMatch {
  const core = terms.filter((t) => t.core);
  const w = (t: QuestionTerm) => weights?.get(t.key) ?? 1;
  const hit = core.filter((t) => keys.has(t.key) || (!!t.alias && keys.has(t.alias)));
  const total = core.reduce((a, t) => a + w(t), 0);
  const optionalHits = terms.filter((t) => !t.core && keys.has(t.key)).length;
  return { coverage: core.length ? hit.reduce((a, t) => a + w(t), 0) / total : 1, share: core.length ? hit.length / core.length : 1, coreHits: hit.length, coreTotal: core.length, optionalHits };
}
