/**
 * Words that say which way a figure moved ("japan sales down in 2022?", "did margins improve",
 * "is debt going up"), which side of zero it is on ("in the red"), or which side of a value ("did
 * they clear $7bn?"): yes/no questions the figures decide. Vocabulary as data, matched by stems
 * like the catalog's terms.
 */
import { stemWord } from "@/lib/search/stemming";
import type { Token } from "./match";
import { parsePrintedNumber, scaleOfWord } from "@/lib/metrics/printed-number";

export type Direction = "up" | "down";
/** "Is that up or down?", "did it rise or fall?": which way it moved is asked, not whether it moved one way. */
export type Asked = Direction | "either";

const WORDS: Record<Direction, string> = {
  up: "up higher rise rises rising rose risen increase increased increasing grow grows growing grew grown improve improved improving improvement gain gained climb climbed climbing jump jumps jumped jumping surge surged surging soar soared soaring spike spiked skyrocket skyrocketed balloon ballooned double doubled doubling triple tripled tripling boost boosted accelerate accelerated rebound rebounded better expand expanded expanding strengthen strengthened raise raised raising hike hiked hiking",
  down: "down lower fall falls falling fell fallen decrease decreased decreasing decline declined declining drop dropped dropping shrink shrank shrunk shrinking worsen worsened worse weaken weakened contract contracted slip slipped slide deteriorate deteriorated reduce reduced plunge plunged plunging tumble tumbled slump slumped dip dipped sink sank sunk halve halved halving erode eroded cut cuts slash slashed tank tanked tanking crater cratered plummet plummeted nosedive nosedived",
};

let stems: Map<string, Direction> | undefined;

function directionStems(): Map<string, Direction> {
  if (stems) return stems;
  stems = new Map();
  for (const d of ["up", "down"] as const) for (const w of WORDS[d].split(" ")) stems.set(stemWord(w), d);
  return stems;
}

/** The token is a word of direction. */
export const isDirectionWord = (t: Token) => directionStems().has(t.stem);

/** The one direction the words say, or none (none named, or both: "up or down?"). */
export function directionOf(toks: Token[]): Direction | undefined {
  const said = new Set(toks.map((t) => directionStems().get(t.stem)).filter((d): d is Direction => !!d));
  return said.size === 1 ? [...said][0] : undefined;
}

/** Verbs saying a business's size moved ("how fast did emea grow", "did the segment shrink"): a part that grew moved in its sales. As data, matched by stems. */
const SIZE_VERBS = "grow grows grew growing grown shrink shrinks shrank shrunk shrinking";

let sizeStems: Set<string> | undefined;

/** The token is a verb of a business's size moving. */
export const isSizeVerb = (t: Token) => (sizeStems ??= new Set(SIZE_VERBS.split(" ").map((w) => stemWord(w)))).has(t.stem);

/** Comparatives that say a direction only with "than" after them ("more stock in fy22 than in fy21"), as data. */
const COMPARATIVES: Record<Direction, string> = { up: "more greater bigger larger", down: "less fewer smaller" };

/** The direction a comparative with "than" says ("did they buy back more in fy22 than fy21"), or none. */
export function comparativeDirection(toks: Token[]): Direction | undefined {
  const than = toks.findIndex((t) => t.word === "than");
  if (than < 0) return undefined;
  const said = new Set((["up", "down"] as const).filter((d) => toks.slice(0, than).some((t) => COMPARATIVES[d].split(" ").includes(t.word))));
  return said.size === 1 ? [...said][0] : undefined;
}

/** The other direction. */
export const reversed = (d: Asked): Asked => (d === "up" ? "down" : d === "down" ? "up" : d);

/** The words name both directions ("up or down?", "higher or lower"): which way is asked. */
export function namesBothDirections(toks: Token[]): boolean {
  return new Set(toks.map((t) => directionStems().get(t.stem)).filter(Boolean)).size === 2;
}

/** Which side of zero a result is asked to be on: "in the red", "lose money" (a loss); "in the black", "turn a profit" (a profit). */
export type Sign = "loss" | "profit";

/** Phrases asking it, as data: matched by stems, word after word. */
const SIGN_PHRASES: Record<Sign, string[]> = {
  loss: ["in the red", "lose money", "lost money", "losing money", "loss making", "unprofitable", "a loss", "a net loss"],
  profit: ["in the black", "make money", "made money", "making money", "turn a profit", "turned a profit", "profitable", "in profit", "a profit", "a net profit"],
};

/**
 * Words naming a side of zero only as the figure's predicate ("was fcf positive in 2015?", "is cash flow
 * negative"): with nothing after them but a period ("a positive impact on revenue" asks no sign).
 */
const PREDICATE_SIGN: Record<Sign, string[]> = { loss: ["negative"], profit: ["positive"] };
const AFTER_PREDICATE = new Set(["in", "for", "during", "at", "on", "by", "this", "last", "that", "the", "fy", "year"]);

let signStems: Array<{ sign: Sign; stems: string[]; predicate: boolean }> | undefined;

/** A word naming a side of zero as a predicate ("positive", "negative"): no word of a part's name. */
export const isSignWord = (t: Token): boolean => Object.values(PREDICATE_SIGN).some((ws) => ws.some((w) => stemWord(w) === t.stem));

/** The one sign the words ask about, or none (none named, or both). */
export function signAsked(toks: Token[]): Sign | undefined {
  const stemsOf = (predicate: boolean) => ([sign, phrases]: [Sign, string[]]) => phrases.map((p) => ({ sign, predicate, stems: p.split(" ").map((w) => stemWord(w)) }));
  signStems ??= [...(Object.entries(SIGN_PHRASES) as Array<[Sign, string[]]>).flatMap(stemsOf(false)), ...(Object.entries(PREDICATE_SIGN) as Array<[Sign, string[]]>).flatMap(stemsOf(true))];
  const next = (i: number) => toks[i]?.word;
  const fits = (p: { stems: string[]; predicate: boolean }, i: number) =>
    p.stems.every((st, j) => toks[i + j]?.stem === st) && (!p.predicate || !next(i + p.stems.length) || AFTER_PREDICATE.has(next(i + p.stems.length)!) || /^(?:fy|q[1-4])?\d/.test(next(i + p.stems.length)!));
  const said = new Set(signStems.filter((p) => toks.some((_, i) => fits(p, i))).map((p) => p.sign));
  return said.size === 1 ? [...said][0] : undefined;
}

/**
 * A value the question asks the figure to be above or below ("did they clear $7bn in revenue",
 * "net income north of 1 bn?", "capex under $1.5 billion in 2018", "gross margin at least 40 pct"):
 * the side, the value as written, and where the words stand (the reader takes them out of the question).
 */
export interface Threshold {
  side: "above" | "below";
  /** "at least", "no more than": equal to the value is on the asked side. */
  inclusive: boolean;
  /** In units ("$7bn" → 7e9), or as written when no currency or scale word is ("7,000"). */
  value: number;
  percent: boolean;
  /** Written with a currency or a scale word: the value is in units, whatever the figure's scale. */
  sized: boolean;
  written: string;
  from: number;
  to: number;
}

/**
 * Phrases naming a side of a value, as data: matched by stems, the longest first ("no more than"
 * before "more than"). `sized`: a superlative's word too ("the top 3 customers"), a threshold only
 * before an amount or a rate.
 */
const THRESHOLD_PHRASES: Array<{ side: Threshold["side"]; inclusive: boolean; phrases: string; sized?: boolean }> = [
  { side: "above", inclusive: true, phrases: "at least|no less than|not less than|no fewer than|reach|reached|hit|hits" },
  { side: "below", inclusive: true, phrases: "at most|no more than|not more than|not above|not over" },
  { side: "above", inclusive: false, phrases: "over|above|more than|greater than|higher than|bigger than|larger than|exceed|exceeded|in excess of|north of|upwards of|surpass|surpassed|beat|clear|cleared|break|broke|cross|crossed|pass|passed|better than" },
  { side: "above", inclusive: false, phrases: "top|topped|tops", sized: true },
  { side: "below", inclusive: false, phrases: "under|below|less than|lower than|smaller than|fewer than|south of|short of|shy of|beneath|worse than" },
];

/** Comparison signs written for their words ("buybacks > $80B?", "margin >= 40%"), as data. */
const SIGN_WORDS: Record<string, string> = { ">=": "at least", "≥": "at least", "<=": "at most", "≤": "at most", ">": "more than", "<": "less than" };

/** The question with its comparison signs written as words (not an arrow, "2021->2022", nor a pair "<>"). */
export function spellComparisonSigns(text: string): string {
  return text.replace(/(?<![-=<>])(>=|<=|≥|≤|>|<)(?![-=<>])/g, (sign: string) => ` ${SIGN_WORDS[sign]} `).replace(/ {2,}/g, " ");
}

/** Phrases that are a rate of change by themselves ("grew double digits", "single-digit growth"), as data. */
const RATE_PHRASES: Array<{ phrase: string; side: Threshold["side"]; inclusive: boolean; value: number; reads: string }> = [
  { phrase: "double digit", side: "above", inclusive: true, value: 10, reads: "10% or more" },
  { phrase: "triple digit", side: "above", inclusive: true, value: 100, reads: "100% or more" },
  { phrase: "single digit", side: "below", inclusive: false, value: 10, reads: "under 10%" },
];

/** Words after a bare number that make it a span of time, not a value ("over 3 years"). */
const TIME_UNITS = "year years yr yrs quarter quarters qtr qtrs month months week weeks day days";
/** Words before a value that name none, and words after a number that make it a rate. */
const ARTICLES = new Set(["the", "a", "an"]);
const PERCENT_WORDS = new Set(["%", "pct", "percent", "per"]);
/** Words after a value that name it as a line to cross ("the $100bn mark"). */
const MARK_WORDS = new Set(["mark", "level", "threshold", "barrier", "line"]);

let thresholdStems: Array<{ side: Threshold["side"]; inclusive: boolean; sized?: boolean; stems: string[] }> | undefined;
let timeStems: Set<string> | undefined;
let rateStems: Array<(typeof RATE_PHRASES)[number] & { stems: string[] }> | undefined;

/** The one value the words ask the figure to be above or below, or none (none named, a year, a span of time, or two sides). */
export function thresholdAsked(text: string, toks: Token[]): Threshold | undefined {
  thresholdStems ??= THRESHOLD_PHRASES.flatMap((g) => g.phrases.split("|").map((p) => ({ side: g.side, inclusive: g.inclusive, sized: g.sized, stems: p.split(" ").map((w) => stemWord(w)) }))).sort((a, b) => b.stems.length - a.stems.length);
  timeStems ??= new Set(TIME_UNITS.split(" ").map((w) => stemWord(w)));
  rateStems ??= RATE_PHRASES.map((r) => ({ ...r, stems: r.phrase.split(" ").map((w) => stemWord(w)) }));
  const found: Threshold[] = [];
  for (let i = 0; i < toks.length; i++) {
    const rate = rateStems.find((p) => p.stems.every((st, j) => toks[i + j]?.stem === st));
    if (rate) {
      const end = toks[i + rate.stems.length - 1]!.end;
      found.push({ side: rate.side, inclusive: rate.inclusive, value: rate.value, percent: true, sized: false, written: `${text.slice(toks[i]!.start, end)} (${rate.reads})`, from: toks[i]!.start, to: end });
      i += rate.stems.length - 1;
      continue;
    }
    const phrase = thresholdStems.find((p) => p.stems.every((st, j) => toks[i + j]?.stem === st));
    if (!phrase) continue;
    const value = valueAfter(text, toks[i + phrase.stems.length - 1]!.end, timeStems);
    if (value && (!phrase.sized || value.sized || value.percent)) found.push({ side: phrase.side, inclusive: phrase.inclusive, ...value, from: toks[i]!.start });
    i += phrase.stems.length - 1;
  }
  return found.length === 1 ? found[0] : undefined;
}

/** The value written right after a threshold's words ("$7bn", "the 100 billion mark", "40 pct", "7b", "a billion"), or none. */
function valueAfter(text: string, at: number, times: Set<string>): Omit<Threshold, "side" | "inclusive" | "from"> | undefined {
  const rest = text.slice(at);
  const spans = [...rest.matchAll(/\S+/g)];
  const words = spans.map((m) => m[0].replace(/[?!.,;:)]+$/, ""));
  const lower = (i: number) => words[i]?.toLowerCase() ?? "";
  const article = ARTICLES.has(lower(0)) ? 1 : 0;
  // "more than a billion": the article is the number one before a scale word
  const one = lower(0) !== "the" && article === 1 && !!scaleOfWord(lower(1));
  const first = one ? "1" : (words[article] ?? "");
  const next = lower(one ? 1 : article + 1);
  // a scale or percent word after the number belongs to it ("4 billion", "40 pct", "40 per cent")
  const unitWord = PERCENT_WORDS.has(next) ? "%" : scaleOfWord(next) ? next : "";
  // a bare "7b" / "500m" after a threshold's words is a scale, as it is after a currency
  const bare = /^\d[\d,.]*[bmk]$/i.test(first) ? `$${first}` : first;
  const n = parsePrintedNumber(unitWord ? `${bare}${unitWord === "%" ? "%" : ` ${unitWord}`}` : bare);
  if (!n || n.value === null || n.negative) return undefined;
  const sized = !!n.currency || n.scale !== 1;
  // a year ("over 2019"), or a span of time ("over 3 years"), is no value to be above
  if (!sized && !n.percent && ((Number.isInteger(n.value) && n.value >= 1900 && n.value <= 2100 && !first.includes(",")) || times.has(stemWord(next)))) return undefined;
  const used = one ? 2 : article + 1 + (unitWord ? (next === "per" ? 2 : 1) : 0);
  const last = used + (MARK_WORDS.has(lower(used)) ? 1 : 0) - 1;
  return { value: n.value * n.scale, percent: n.percent, sized, written: words.slice(one ? 0 : article, used).join(" "), to: at + spans[last]!.index! + spans[last]![0].length };
}
