/**
 * Scores an answer to a natural check item (bench/lib/natural-questions.ts), in code:
 * correct / wrong / refused.
 *
 * - refused: the answer's first sentence declines (isAbstention of answers-scoring.ts, plus
 *   "<company> does not disclose / report / break out …").
 * - unanswerable: correct when it refuses or matches an `any_regex` ("not disclosed" replies);
 *   anything else, a figure above all, is wrong.
 * - yes_no with `any_regex`: the pattern, matched in the first sentence, decides (it carries
 *   the polarity).
 * - otherwise a hit on any `numbers` value is correct, and so is a hit on an `any_regex` pattern
 *   for person and org items or items listing no numbers (elsewhere the figures carry the answer:
 *   a pattern such as a segment's name alone does not). An item with neither is judged on
 *   `facts`: correct when most facts are covered, a fact being covered when its figures are all
 *   stated and most of its content-word stems are present.
 * - `now` items with `stale`: an answer that gives the superseded value (its figures, or for a
 *   name the words the stale answer does not share with the gold) and not the gold is wrong.
 * - any other non-refusal is wrong.
 *
 * Numbers (`{value, unit, tol_rel}`, in base units): an answer figure is read with its scale
 * word ("$10.7 billion", "10,708 million") or, when it has none, with a column scale the answer
 * names ("in millions"), else as a full amount, in millions or in thousands; "2.8x" is 2.8.
 * It matches when within tol_rel of the value; a percentage only matches a % value. A negative
 * value needs a sign: "(102)", "-102", or a loss / outflow / decrease word just before it.
 */
import { isAbstention, firstSentence, keyTerms, normaliseWords } from "./answers-scoring";
import { figuresIn, matchesFigure, stripNonFigures, type Figure } from "./answers-numbers";
import type { NaturalItem } from "./natural-questions";

export type NaturalVerdict = "correct" | "wrong" | "refused";
export interface NaturalScore { verdict: NaturalVerdict; why: string }
type Accept = NaturalItem["accept"];
type Num = Accept["numbers"][number];

// "Apple does not disclose unit sales": a refusal in the present tense; "No, it did not report a loss" answers.
const DISCLAIMS = /\b(?:does|do)\s?(?:not|n[’']t) (?:separately )?(?:disclose|report|break (?:out|down))\b/i;

export function isRefusal(answer: string): boolean {
  const head = firstSentence(answer);
  return isAbstention(answer) || (DISCLAIMS.test(head) && !/^\W*(?:yes|no)\b/i.test(head));
}

const stem = (w: string) => w.slice(0, 5);
const COLUMN_SCALE = /\b(?:in|\$|usd)\s?(?:\$\s?)?(thousands|millions|billions)\b|\((thousands|millions|billions)\)/i;
const SCALE_OF: Record<string, number> = { thousands: 1e3, millions: 1e6, billions: 1e9 };
const NEGATIVE_WORD = /\b(?:loss|losses|lost|losing|outflows?|used (?:in|for)|negative|decrease[sd]?|decline[sd]?|deficit|down|fell|minus)\b[^.\d]{0,40}$/i;

/** A range whose ends share one scale word ("$11.5-12.5 billion", "$2.46–$2.52 billion"): each end written with it. */
const SHARED_SCALE_RANGE = /(\d[\d,.]*)\s*[-–—]\s*([$€£]?\s?\d[\d,.]*)\s*(billion|million|thousand|bn|mn)\b/gi;
/** A range's dash between two figures ("2% - 4%", "$0.67 - $0.72"): "to", so the second end is not read as negative. */
const RANGE_DASH = /(\d%?)\s*[-–—]\s*(?=[$€£]?\s?\d)/g;

/** Figures of `text`, multiples ("2.8x") read as plain numbers, each with whether it is written negative. */
function signedFigures(text: string): Array<Figure & { negative: boolean }> {
  const ranges = text.replace(SHARED_SCALE_RANGE, "$1 $3 to $2 $3").replace(RANGE_DASH, "$1 to ");
  const clean = stripNonFigures(ranges.replace(/(\d)\s?[x×](?![a-z])/gi, "$1 "));
  return figuresIn(clean).filter((f) => !f.yearLike).map((f) => ({ ...f, negative: /^[-−–(]/.test(f.raw) || NEGATIVE_WORD.test(clean.slice(Math.max(0, f.index - 60), f.index)) }));
}

/** The full-unit readings of an answer figure for a value of `unit`. */
function readings(f: Figure, unit: string, columnScale: number | null): number[] {
  if (f.scale !== null) return [f.value * f.scale];
  if (unit !== "USD") return [f.value];
  return columnScale ? [f.value, f.value * columnScale] : [f.value, f.value * 1e6, f.value * 1e3];
}

export function matchesNumber(n: Num, answer: string): boolean {
  const col = COLUMN_SCALE.exec(answer);
  const columnScale = col ? SCALE_OF[(col[1] ?? col[2])!.toLowerCase()]! : null;
  const percent = n.unit === "%";
  const tol = Math.abs(n.value) * n.tol_rel + 1e-9;
  return signedFigures(answer).some((f) => {
    if (f.percent !== percent) return false;
    if (n.value < 0 && !f.negative) return false;
    return readings(f, n.unit, columnScale).some((v) => Math.abs(v - Math.abs(n.value)) <= tol);
  });
}

function matchesRegex(patterns: string[], answer: string): boolean {
  return patterns.some((p) => new RegExp(p, "i").test(answer));
}

/** A fact is covered when its figures are all stated and most of its content words are present. */
function factCovered(fact: string, answer: string, words: Set<string>, question: string, company: string): boolean {
  const figures = figuresIn(fact).filter((f) => !f.yearLike && (f.currency || f.percent || f.scale !== null || f.decimals > 0 || f.grouped));
  const found = figuresIn(answer);
  if (!figures.every((g) => found.some((c) => matchesFigure(g, c)))) return false;
  const all = keyTerms(fact, company);
  const asked = new Set(normaliseWords(question).map(stem));
  const fresh = all.filter((t) => !asked.has(t));
  const terms = fresh.length >= 2 ? fresh : all;
  return terms.filter((t) => words.has(t)).length >= Math.ceil(0.6 * terms.length);
}

function factsCovered(facts: string[], answer: string, question: string, company: string): number {
  const words = new Set(normaliseWords(answer).map(stem));
  return facts.filter((f) => factCovered(f, answer, words, question, company)).length;
}

/** Whether the answer gives the superseded value of a `now` item. */
function givesStale(item: NaturalItem, answer: string): boolean {
  const stale = item.stale?.answer;
  if (!stale) return false;
  const figures = figuresIn(stale).filter((f) => !f.yearLike);
  if (figures.length) return figures.some((g) => figuresIn(answer).some((c) => matchesFigure(g, c)));
  const own = new Set([...keyTerms(item.gold, item.company), ...normaliseWords(item.turns.join(" ")).map(stem)]);
  const distinct = keyTerms(stale, item.company).filter((t) => !own.has(t));
  const words = new Set(normaliseWords(answer).map(stem));
  return distinct.length > 0 && distinct.filter((t) => words.has(t)).length >= Math.ceil(distinct.length / 2);
}

const NAMED = new Set<NaturalItem["type"]>(["person", "org", "yes_no"]);

function hits(item: NaturalItem, answer: string): string | null {
  const { numbers, any_regex: regex, facts } = item.accept;
  // the first sentence takes the side; a "not" further on (a caveat, a quote) does not
  if (item.type === "yes_no" && regex.length) return matchesRegex(regex, firstSentence(answer)) ? "regex" : null;
  if (numbers.some((n) => matchesNumber(n, answer))) return "number";
  // a pattern names the answer for people, firms and yes/no; elsewhere the listed figures carry it
  if ((NAMED.has(item.type) || !numbers.length) && matchesRegex(regex, answer)) return "regex";
  if (numbers.length || regex.length || !facts.length) return null;
  const covered = factsCovered(facts, answer, item.turns.at(-1)!, item.company);
  return covered >= Math.ceil(0.6 * facts.length) ? `facts ${covered}/${facts.length}` : null;
}

/** The verdict on the answer to an item's last turn. `why` names rules, never gold content. */
export function scoreNatural(item: NaturalItem, answer: string): NaturalScore {
  const refused = isRefusal(answer);
  if (item.type === "unanswerable") {
    if (refused) return { verdict: "correct", why: "refused an unanswerable question" };
    return matchesRegex(item.accept.any_regex, answer) ? { verdict: "correct", why: "said it is not disclosed" } : { verdict: "wrong", why: "answered an unanswerable question" };
  }
  if (refused) return { verdict: "refused", why: "refused" };
  const hit = hits(item, answer);
  // the gold's figures or names outweigh a stale one also given; word overlap with the facts does not
  if (!hit || (hit.startsWith("facts") && givesStale(item, answer))) return { verdict: "wrong", why: givesStale(item, answer) ? "gave the superseded value" : "matched nothing" };
  return { verdict: "correct", why: hit };
}

/** A cited source is on a listed gold page (same file, 1-based page). */
export function citesNaturalPage(sources: Array<{ document: string; page: number }>, pages: Record<string, number[]>): boolean {
  const norm = (s: string) => s.replace(/\.[a-z0-9]+$/i, "").toLowerCase();
  const listed = new Map(Object.entries(pages).map(([f, ps]) => [norm(f), ps]));
  return sources.some((s) => listed.get(norm(s.document))?.includes(s.page) ?? false);
}
