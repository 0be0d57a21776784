/**
 * A definition stated in a question ("DPO is defined as: 365 * (average accounts payable between
 * FY2016 and FY2017) / (FY2017 COGS + change in inventory between FY2016 and FY2017)") read into a
 * formula. Hand-rolled: the grammar is arithmetic (+ − × ÷, parentheses, numbers, "divided by",
 * "times", "plus", "minus") over phrases naming line items or metrics, each optionally qualified
 * by periods ("FY2017 COGS", "average X between A and B", "change in X between A and B",
 * "average X" = opening and closing balances); a parser library would still need the phrase reader.
 * A question may define several names ("CCC is defined as DIO + DSO − DPO. DIO is defined as …"):
 * a phrase naming one of them uses that definition.
 */
import { at, avgBalance, avgOver, sub, yearChange } from "./expr";
import { periodMentions, sortLabels } from "./periods";
import { termOf } from "./terms";
import type { Expr } from "./types";

type Token = { t: "(" | ")" | "+" | "-" | "*" | "/" } | { t: "num"; v: number } | { t: "phrase"; s: string };

const WORD_OPS: Array<[RegExp, string]> = [
  [/\s+divided by\s+/g, " / "],
  // "cogs over average inventory" divides; "over 2016 and 2017", "over the last two years" name periods
  [/\s+over\s+(?!\d|fy\d|(?:the\s+)?(?:last|past|prior|previous|two|three|four|five|fiscal|years?|periods?|quarters?)\b)/g, " / "],
  [/\s+(?:times|multiplied by|x|×)\s+/g, " * "],
  [/\s+plus\s+/g, " + "],
  [/\s+(?:minus|less)\s+/g, " - "],
  [/÷/g, " / "],
];

/** An operator between a formula's terms, as a sign or a word, with spaces around it in the text ("cfo - capex", "fcf / ni", "ebit plus d&a"). */
export const FORMULA_OPERATOR = String.raw`\/|÷|-|–|\+|×|\*|divided by|over|minus|less|plus|times`;

/** A formula's operators written as words ("divided by", "over", "less", "plus", "times") as signs; the one reading of them. */
export const spellWordOperators = (text: string): string => WORD_OPS.reduce((s, [re, op]) => s.replace(re, op), text);

function tokenize(text: string): Token[] {
  const s = spellWordOperators(text);
  const out: Token[] = [];
  let phrase = "";
  const flush = () => {
    const p = phrase.trim();
    phrase = "";
    if (!p) return;
    const n = p.replace(/,/g, "");
    out.push(/^\d+(?:\.\d+)?$/.test(n) ? { t: "num", v: Number(n) } : { t: "phrase", s: p });
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    const minus = c === "-" && (i === 0 || /[\s(]/.test(s[i - 1]!)) && /[\s(]/.test(s[i + 1] ?? " ");
    if ("()+*/".includes(c) || minus) {
      flush();
      out.push({ t: c as "(" | ")" | "+" | "-" | "*" | "/" });
    } else phrase += c;
  }
  flush();
  return out;
}

/** A period placeholder with the words that attach it to an item ("between § and §", "year end §"). */
const PERIOD_WORDS = /(?:\b(?:between|from|for|over|during|in|of|as of|at|(?:at )?(?:the )?(?:fiscal )?year end(?:ed)?|(?:at )?the end of)\s+)?§(?:\s*(?:and|to|through|-)\s*§)?/g;

/** Words a phrase may have around its line item without naming anything else. */
const FILLER = /\((?:from|as|per|on|in) [^)]*\)|\b(?:the|a|an|total|amount|of|value|figure|balance|reported|unadjusted|company'?s|year|annual|fiscal|full|ending|closing|period|end|level|as reported)\b/g;

/** The phrase names the term and nothing else ("operating income and d&a" names two things: not covered). */
export function coveredBy(core: string, term: { start: number; end: number }): boolean {
  const rest = (core.slice(0, term.start) + " " + core.slice(term.end)).replace(FILLER, " ").replace(/[^a-z0-9&]+/g, " ").trim();
  return rest === "";
}

/** A phrase's line item or metric with its periods. */
function readPhrase(raw: string, defined: Defined): Expr | undefined {
  let p = raw.trim().replace(/^the\s+/, "").replace(/[.,;:]+$/, "");
  const labels = periodMentions(p).map((m) => m.label);
  for (const m of periodMentions(p).reverse()) p = `${p.slice(0, m.start)}§${p.slice(m.end)}`;
  p = p.replace(/\b(?:of|over|for) (?:the )?(?:two|2|last two|past two) (?:fiscal )?years\b/, " ");
  const average = /^\s*(?:the )?(?:average|mean)\b(?: of)?/.exec(p);
  const change = /^\s*(?:the )?(?:(?:year over year |yoy |annual )?(?:change|increase|difference|growth)|(decrease|decline|reduction)) in\b/.exec(p);
  if (average) p = p.slice(average[0].length);
  if (change) p = p.slice(change[0].length);
  const core = p.replace(PERIOD_WORDS, " ").replace(/\s+/g, " ").trim();
  const term = termOf(core);
  const own = defined.get(core) ?? (term && coveredBy(core, term) ? defined.get(term.metric.id) : undefined);
  if (!own && (!term || !coveredBy(core, term))) return undefined;
  const f = own ?? term!.metric.formula;
  const ps = sortLabels(labels);
  if (average) return ps.length >= 2 ? avgOver(ps.map((label) => ({ label })), f) : ps[0] ? at({ label: ps[0] }, avgBalance(f)) : avgBalance(f);
  if (change) {
    const delta = ps.length >= 2 ? sub(at({ label: ps[ps.length - 1]! }, f), at({ label: ps[0]! }, f)) : ps[0] ? at({ label: ps[0] }, yearChange(f)) : yearChange(f);
    return change[1] ? sub({ kind: "num", value: 0 }, delta) : delta;
  }
  return ps.length ? at({ label: ps[ps.length - 1]! }, f) : f;
}

/**
 * "Gross margin percentage is defined as gross margin divided by total net sales": a ratio metric
 * ("gross margin" = gross profit / revenue) divided by its own denominator means the amount the
 * phrase also names (the gross margin line), not the ratio divided again (a result near zero).
 */
function amountOfRatio(left: Expr, right: Expr): Expr {
  return left.kind === "op" && left.op === "/" && JSON.stringify(left.right) === JSON.stringify(right) ? left.left : left;
}

/** Recursive descent over the tokens: expr = term (± term)*, term = factor (×÷ factor)*. */
class Parser {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly defined: Defined,
  ) {}

  parse(): Expr | undefined {
    const e = this.expr();
    return e && this.i === this.tokens.length ? e : undefined;
  }

  private expr(): Expr | undefined {
    return this.chain(["+", "-"], () => this.term());
  }

  private term(): Expr | undefined {
    return this.chain(["*", "/"], () => this.factor());
  }

  /** operand (op operand)*, left-associative, for one precedence level. */
  private chain(ops: Array<"+" | "-" | "*" | "/">, operand: () => Expr | undefined): Expr | undefined {
    let left = operand();
    while (left && (ops as string[]).includes(this.peek() ?? "")) {
      const op = this.tokens[this.i++]!.t as "+" | "-" | "*" | "/";
      const right = operand();
      left = right ? { kind: "op", op, left: op === "/" ? amountOfRatio(left, right) : left, right } : undefined;
    }
    return left;
  }

  private factor(): Expr | undefined {
    const tok = this.tokens[this.i++];
    if (!tok) return undefined;
    if (tok.t === "num") return { kind: "num", value: tok.v };
    if (tok.t === "phrase") return readPhrase(tok.s, this.defined);
    if (tok.t === "-") {
      const inner = this.factor();
      return inner && { kind: "op", op: "-", left: { kind: "num", value: 0 }, right: inner };
    }
    if (tok.t === "(") {
      const inner = this.expr();
      return inner && this.tokens[this.i++]?.t === ")" ? inner : undefined;
    }
    return undefined;
  }

  private peek(): string | undefined {
    return this.tokens[this.i]?.t;
  }
}

/** The formula of a definition's text (normalised), or undefined when a part of it names nothing known. */
/** Formulas defined earlier in the same question, by the defined name and by its catalog id ("dpo"). */
export type Defined = Map<string, Expr>;

/** The keys a defined name is found by in later formulas: its words, and the metric it names. */
export function definedKeys(name: string): string[] {
  const words = name.replace(/^(?:the|a|an)\s+/, "").trim();
  const term = termOf(words);
  return [words, ...(term && coveredBy(words, term) ? [term.metric.id] : [])];
}

/** Shorthand typed in formulas, spelled as the phrases the parser reads ("Δ inventory", "chg in AP", "avg AP"). */
const SHORTHAND: Array<[RegExp, string]> = [
  [/[Δ∆δ]\s*/g, "change in "],
  [/\bchg\.?\s+(?:in\s+)?/g, "change in "],
  [/\bavg\.?\s+(?:of\s+)?/g, "average "],
];
/** What may join two periods into a span: a dash or an arrow anywhere; in brackets also a comma, "and" or "to". */
const SPAN_JOIN = /^\s*(?:-|→|->)\s*$/;
const BRACKET_SPAN_JOIN = /^\s*(?:-|→|->|,|and|to|through)\s*$/;

/**
 * Two periods joined as a span ("fy16 - fy17", "fy19→fy20", "avg AP (fy16, fy17)") spelled "between A
 * and B", which a phrase reads as its periods; a dash between periods is no minus sign.
 */
export function spellNotation(text: string): string {
  let s = SHORTHAND.reduce((t, [re, word]) => t.replace(re, word), text);
  const ms = periodMentions(s);
  for (let i = ms.length - 2; i >= 0; i--) {
    const [a, b] = [ms[i]!, ms[i + 1]!];
    const bracketed = /\(\s*$/.test(s.slice(0, a.start)) && /^\s*\)/.test(s.slice(b.end));
    if (!(bracketed ? BRACKET_SPAN_JOIN : SPAN_JOIN).test(s.slice(a.end, b.start))) continue;
    const from = bracketed ? s.lastIndexOf("(", a.start) : a.start;
    const to = bracketed ? s.indexOf(")", b.end) + 1 : b.end;
    s = `${s.slice(0, from)} between ${s.slice(a.start, a.end)} and ${s.slice(b.start, b.end)} ${s.slice(to)}`;
  }
  return s;
}

/** "A, divided by B plus C": the comma sets the numerator apart, so all after it is the denominator. */
function commaQuotient(text: string): string {
  const parts = text.split(/,\s*divided by\s+/);
  return parts.length === 2 ? `(${parts[0]}) / (${parts[1]})` : text;
}

export function parseDefinition(text: string, defined: Defined = new Map()): Expr | undefined {
  // source notes in brackets ("(from the cash flow statement)") are not operands
  const clean = commaQuotient(spellNotation(text))
    .replace(/^\s*:\s*/, "")
    .replace(/[([](?:from|as|per|on|in|see|using|reported)\b[^()[\]]*[)\]]/g, " ")
    // "cash + cash equivalents" is the one balance-sheet line, not two
    .replace(/\bcash\s*(?:\+|and|&)\s*cash equivalents\b/g, "cash and cash equivalents");
  const tokens = tokenize(clean);
  return tokens.length ? new Parser(tokens, defined).parse() : undefined;
}
