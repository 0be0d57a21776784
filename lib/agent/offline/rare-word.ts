/**
 * A quoted answer must say what the question is about. The word of a question the deal itself uses
 * least ("IPO", "AppleCare", "cyclicality") is what the question is about; a quote that shares the
 * question's common words but not that one ("… the offering of notes …" for "when did it complete its
 * IPO?") does not answer it. How rarely the deal uses each word is data: search_documents returns
 * each query word's count of the deal's chunks, so the check reads the deal's own vocabulary, not a
 * word list. A rare word inside a concept the question names is also said by the concept's other
 * names ("acquired" for "takeover").
 */
import { classifyQuestion, questionClause } from "@/lib/answers/narrative/answer-type";
import { causeAt, MONEY } from "@/lib/answers/narrative/fit";
import { questionTerms, textKeys } from "@/lib/answers/narrative/terms";
import { directionOf } from "../concepts/directions";
import { findConcepts, tokens } from "../concepts/match";
import type { Passage, SearchDocumentsOutput } from "../evidence/passages";
import type { Reading } from "../reader/read";
import type { ToolExchange } from "./conversation";
import { closestPassage } from "./answers-from/not-found";
import { givesVerdict, NO_ANSWER, QUESTION_OPENING, quotedPassage } from "./evidence-path";

/** The probe asks for few passages: the words' counts are what it is for. Its size tells it from the evidence path's searches. */
const FIT_PROBE_K = 3;
/** A word is rare when at most this share of the deal's chunks hold it (a filing's chunks are about its pages), or RARE_MIN chunks in a small deal. */
const RARE_SHARE = 0.05;
const RARE_MIN = 3;

export const isFitProbe = (t: ToolExchange) => t.toolName === "search_documents" && t.input.k === FIT_PROBE_K;

export function fitProbeCall(r: Reading): { toolName: string; input: Record<string, unknown> } {
  return { toolName: "search_documents", input: { query: r.text, ...(r.company ? { company: r.company } : {}), k: FIT_PROBE_K } };
}

interface Quote {
  text: string;
  document: string;
  page: number;
}

/** Every quote of a list answer: `"…" (source: FILE, p.N)`. */
const QUOTED = /"([^"]{20,})" \(source: ([^,)]+), p\.(\d+)\)/g;

/** The quotes an answer gives as its answer (each of a list, else the one quote or figure sentence); none for an abstention. */
export function answerQuotes(text: string): Quote[] {
  if (NO_ANSWER.test(text.trim())) return [];
  const body = text.split(/\n\s*\n\(Quoted from /)[0]!;
  const quotes = [...body.matchAll(QUOTED)].map((m) => ({ text: m[1]!, document: m[2]!, page: Number(m[3]) }));
  if (quotes.length) return quotes;
  const one = quotedPassage(text);
  return one ? [{ text: one.text, document: one.document, page: one.page }] : [];
}

/**
 * The question's words the deal uses rarely (company names aside), rarest first: what the question
 * is about. Words of the question's form count too ("primary cause", "main customers"): on the
 * paraphrase set, leaving them out let seven wrong quotes through to save one right one.
 */
function rareWords(out: SearchDocumentsOutput | undefined, skip: ReadonlySet<string>): Array<{ word: string; chunks: number }> {
  const rarity = out?.rarity;
  if (!rarity?.chunks) return [];
  const limit = Math.max(RARE_MIN, rarity.chunks * RARE_SHARE);
  return rarity.words.filter((w) => w.chunks > 0 && w.chunks <= limit && w.word.length >= 3 && !/\d/.test(w.word) && !skip.has(w.word));
}

/**
 * The text says the word: its stem, another word of its group in the narrative vocabulary ("legal
 * battles" said as "legal proceedings"), a word of the same direction ("jump" as "increased"), or
 * another name of the catalog concept the question names with it.
 */
function says(text: string, word: string, question: string): boolean {
  const have = new Set(tokens(text).map((t) => t.stem));
  const [w] = tokens(word);
  if (!w || have.has(w.stem)) return true;
  // a word of direction is said by any word of the same direction ("jump" by "increased", "lower" by "decreased")
  const way = directionOf([w]);
  if (way && tokens(text).some((t) => directionOf([t]) === way)) return true;
  const grouped = questionTerms(question).find((t) => t.key.startsWith("#") && t.word.split(" ").includes(word));
  if (grouped && textKeys(text).has(grouped.key)) return true;
  const q = tokens(question);
  const at = q.findIndex((t) => t.stem === w.stem);
  const concept = findConcepts(question, q).find((h) => at >= h.from && at < h.to)?.concept;
  if (!concept) return false;
  return findConcepts(text).some((h) => h.concept.id === concept.id) || concept.terms.some((t) => tokens(t).every((x) => have.has(x.stem)));
}

/** Words of the company names a question may use: never what it is about. */
function nameWords(r: Reading, companies: ReadonlyArray<{ name: string; tickers: string[] }>): Set<string> {
  return new Set([r.company ?? "", ...companies.flatMap((c) => [c.name, ...c.tickers])].flatMap((n) => tokens(n).map((t) => t.word)));
}

export type RareWordVerdict = { kind: "holds" } | { kind: "probe" } | { kind: "misfit"; text: string };

/**
 * Whether a quoted answer says one of the question's rare words: "probe" when the word counts are not in
 * yet (a search_documents call with the question brings them), "misfit" with the abstention to give.
 */
export function judgeQuotes(r: Reading, text: string, done: ToolExchange[], companies: ReadonlyArray<{ name: string; tickers: string[] }>, o: { fact?: boolean } = {}): RareWordVerdict {
  const quotes = answerQuotes(text);
  if (!quotes.length) return { kind: "holds" };
  // money asked of a figure the reader could not name ("stubhub sale price", "what did they pay for it"): a quote stating no amount is no answer
  // (…or of a person: "what did calhoun get paid, total ceo comp" is no officer's biography)
  const unnamedFigure = !r.concepts.length || r.concepts.every((c) => c.kind === "person");
  if (unnamedFigure && !r.polar && classifyQuestion(r.text).money && !quotes.some((q) => MONEY.test(q.text))) return { kind: "misfit", text: writeNoAmount(quotes[0]!) };
  // a topic typed as keywords of something the reader could not name ("applecare what's offered"): no answer type a quote could be held to
  if (o.fact && !r.concepts.length && !r.polar && untyped(r.text) && !givesVerdict(text)) return { kind: "misfit", text: writeUntyped(quotes) };
  // "what pushed them into a loss": a reason, which a quote stating no cause ("due to", "driven by", "as a result of") does not give
  if (!r.concepts.length && r.reason && !quotes.some((q) => causeAt(q.text) >= 0)) return { kind: "misfit", text: writeNoCause(quotes) };
  const probe = done.find(isFitProbe);
  if (!probe) return { kind: "probe" };
  const out = probe.output as SearchDocumentsOutput | undefined;
  const rare = rareWords(out, nameWords(r, companies));
  // a quote saying any of them is about the question; one saying none shares only its common words
  if (!rare.length || quotes.some((q) => rare.some((w) => says(q.text, w.word, r.text)))) return { kind: "holds" };
  const withWord = (out?.passages ?? []).filter((p) => rare.some((w) => says(p.text, w.word, r.text)));
  return { kind: "misfit", text: writeMisfit(rare, quotes[0]!, withWord) };
}

/**
 * Keywords rather than a question ("boeing cyclicality", "applecare what's offered"), asking no kind of
 * answer a passage can be checked for: no person, organisation, place, date, count, amount, list,
 * reason, definition or figure. A quote that shares their words can then not be told from one that
 * answers them. (A question's own form, "what was discussed under …", says what it asks.)
 */
function untyped(question: string): boolean {
  const t = classifyQuestion(question);
  return t.kind === "description" && !QUESTION_OPENING.test(questionClause(question)) && !t.defines && !t.describes && !t.figure && !t.place && !t.money;
}

/** A quote as closest evidence: its document, page and first 200 characters. */
const closestQuote = (q: Quote) => `- passage on ${q.document}, p.${q.page}: "${q.text.slice(0, 200)}${q.text.length > 200 ? "…" : ""}"`;

/** An abstention: why, the closest quotes (and passages), and the offer. */
function withClosest(why: string, closest: string[], offer = "Would you like me to add this question to the Q&A list?"): string {
  return [why, "Closest evidence (not an answer to the question as asked):", ...closest, offer].join("\n");
}

const writeUntyped = (quotes: Quote[]) =>
  withClosest(
    "I couldn't tell what kind of answer this asks for (a figure, a name, a date, a reason), so I won't give a passage that only shares its words as the answer.",
    quotes.slice(0, 2).map(closestQuote),
    "Ask for the figure, name or date you need, or would you like me to add this question to the Q&A list?",
  );

const writeNoCause = (quotes: Quote[]) =>
  withClosest("I couldn't find a passage stating the reason asked. The closest ones I found state no cause, so I won't give them as the answer.", quotes.slice(0, 2).map(closestQuote));

const writeNoAmount = (quote: Quote) =>
  withClosest("I couldn't find a passage stating the amount asked. The closest one I found states no amount, so I won't give it as the answer.", [closestQuote(quote)]);

function writeMisfit(rare: Array<{ word: string; chunks: number }>, quote: Quote, withWord: Passage[]): string {
  const words = rare.slice(0, 3).map((w) => `"${w.word}"`).join(" or ");
  const uses = rare.slice(0, 3).map((w) => `"${w.word}" in ${w.chunks}`).join(", ");
  return withClosest(
    `I couldn't find a passage that answers this. The closest one I found does not mention ${words}, which the question is about (the documents use ${uses} of their passages), so I won't give it as the answer.`,
    [closestQuote(quote), ...withWord.slice(0, 2).map(closestPassage)],
  );
}
