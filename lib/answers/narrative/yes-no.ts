/**
 * A yes/no verdict from a quoted sentence: "yes" when it asserts the asked property, "no" when it
 * denies it (a negation in the clause that names the property), nothing when it only hedges
 * ("may", "could", "there can be no assurance") — then the evidence is quoted without a verdict.
 */
import { termKey, textKeys, type QuestionTerm } from "./terms";
import { tokenizeWithOffsets } from "@/lib/search/tokenize";

export type Verdict = "yes" | "no";

const NEGATION = /\b(?:no|not|never|none|neither|nor|without|cannot|can't|isn't|aren't|wasn't|weren't|doesn't|don't|didn't|hasn't|haven't|hadn't|won't|inte|ej|ingen|inget|inga|aldrig)\b/i;
/** Phrases with a negation word that deny nothing. */
const FALSE_NEGATION = /\b(?:not limited to|not only|no assurance|cannot assure|cannot predict|cannot be certain|whether or not|if not|no later than|not less than|no less than|not more than|no more than|not necessarily|inte bara|inte enbart)\b/gi;
// "is treated as a cash dividend for the purpose of this graph", "deemed reinvested": a convention of presentation, no fact
const HEDGE = /\b(?:may|might|could|would|if|whether|potential(?:ly)?|possible|possibly|can be|no assurance|treated as|deemed|for (?:the )?purposes? of|assum(?:e|es|ing)|as if|hypothetical(?:ly)?|kan komma|skulle kunna|eventuellt|kan)\b/i;

/** A sentence defining a term, as agreements and glossaries do ("1.21 Chapter 11 Cases means …", "“Effective Date” shall mean …"): it asserts nothing. */
const DEFINES_TERM = /^(?:\(?[\d.]+\)?\s+)?[^.;:]{0,80}?\b(?:means|shall mean|has the meaning|have the meaning|is defined as|are defined as)\b/i;

/** Clauses of a sentence (commas, semicolons, "but", "although", "however", "men"). */
function clauses(sentence: string): string[] {
  return sentence.split(/[,;:]\s+|\s+(?:but|although|though|however|whereas|while|except|men|dock)\s+/i).filter((c) => c.trim());
}

function negated(text: string): boolean {
  return NEGATION.test(text.replace(FALSE_NEGATION, " "));
}

/**
 * Does a negation govern the property in this clause? It must come before the property's first
 * word ("not a party to any legal proceedings", "there are no claims"), so "the claims are without
 * merit" denies the merit, not the claims.
 */
function deniesProperty(clause: string, core: QuestionTerm[]): boolean {
  const keys = new Set(core.map((t) => t.key));
  const first = tokenizeWithOffsets(clause).find((t) => keys.has(termKey(t.term)));
  // the property is named by a phrase no single word stands for ("legal proceedings" for litigation): a
  // negation elsewhere in the clause ("claims that have not been resolved") does not deny it
  return first ? negated(clause.slice(0, first.start)) : false;
}

/** The sentence up to the first word of the asked property. */
function beforeProperty(sentence: string, core: QuestionTerm[]): string {
  const keys = new Set(core.map((t) => t.key));
  const first = tokenizeWithOffsets(sentence).find((t) => keys.has(termKey(t.term)));
  return first ? sentence.slice(0, first.start) : sentence;
}

/** Is the question itself negated ("Does X not have …?")? Then a denial answers "yes". */
function questionNegated(question: string): boolean {
  return negated(question.replace(/^\s*(?:any|is there any|are there any)\b/i, ""));
}

/**
 * The verdict a sentence gives on the question's property, or undefined when it does not decide.
 * `terms` are the question's terms; the clause that names most of its core terms carries the polarity.
 */
export function decideYesNo(question: string, sentence: string, terms: QuestionTerm[]): Verdict | undefined {
  const core = terms.filter((t) => t.core);
  if (!core.length || DEFINES_TERM.test(sentence)) return undefined;
  const parts = clauses(sentence);
  const scored = parts.map((c, i) => {
    const keys = textKeys(c);
    return { c, i, hits: core.filter((t) => keys.has(t.key)).length };
  });
  const best = scored.sort((a, b) => b.hits - a.hits || a.i - b.i)[0];
  if (!best || best.hits === 0) return undefined;
  // the property's clause; a sentence that opens with a denial ("There are no …", "We are not …") denies all of it
  const opensWithDenial = /^\s*(?:there (?:is|are|was|were|have been|has been) no|no |we (?:are|were) not|we have not|the company (?:is|was) not|det finns (?:inga|inget|ingen))\b/i.test(sentence);
  const scope = opensWithDenial ? sentence : best.c;
  // a one-clause sentence is still read from its property on: "… subject to proceedings that have not been resolved" asserts them
  const denies = opensWithDenial ? negated(sentence) : deniesProperty(scope, core);
  // one clause naming the property asserts it and another denies it ("authorization remained, with no
  // repurchases in the period"): the sentence alone does not decide
  if (!opensWithDenial && !denies && scored.some((x) => x !== best && x.hits > 0 && deniesProperty(x.c, core))) return undefined;
  // a hedge before the property ("a breach could expose us to litigation") or in its clause leaves it open
  if (!denies && (HEDGE.test(scope.replace(FALSE_NEGATION, " ")) || HEDGE.test(beforeProperty(sentence, core).replace(FALSE_NEGATION, " ")))) return undefined;
  if (/\bno assurance|cannot assure|cannot predict\b/i.test(sentence) && !denies) return undefined;
  const answer: Verdict = denies ? "no" : "yes";
  return questionNegated(question) ? (answer === "yes" ? "no" : "yes") : answer;
}
