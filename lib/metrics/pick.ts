/**
 * Which metric a question asks for: "X as a % of Y" / "X to Y" / "what percentage of Y was X"
 * make a ratio of two names, "X less Y" a difference; otherwise the first metric or line-item name of the ask; a definition
 * stated in the question replaces the formula (keeping the catalog's name and unit when it names
 * a known metric).
 */
import type { CleanQuestion } from "./question";
import { coveredBy, type Defined } from "./definition";
import { add, div, sub } from "./expr";
import { lineItemLabel } from "./line-items";
import { inSentence } from "./words";
import { termOf, type TermMatch } from "./terms";
import type { AnswerFormat, Expr, MetricFormula, MetricUnit } from "./types";

const SHARE_OF = /^\s*(?:as (?:a )?(?:%|percent(?:age)?|share|proportion|fraction) of|to|divided by|over|relative to)\s*(?:total\s+)?$/;
const COMBINE = /^\s*(less|minus|net of|plus)\s*$/;
const PART_OF = /\b(?:what|which|the)\s+(?:percentage|percent|share|proportion|portion|fraction|%)\s+of\s+(?:total\s+|the\s+)?$/;

interface Picked {
  metric: MetricFormula;
  /** A name in it is defined by the question. */
  usesDefined: boolean;
}

const lower = inSentence;

/**
 * The metric asked: "X as a % of Y" / "X to Y" / "what percentage of Y was X" make X / Y, "X less
 * Y" makes X − Y; otherwise the first name in the ask. A name the question defines uses its definition.
 */
export function pickMetric(ask: string, terms: TermMatch[], defined: Defined = new Map()): Picked | undefined {
  const own = (t: TermMatch) => defined.get(t.metric.id) ?? defined.get(t.text);
  const formulaOf = (t: TermMatch) => own(t) ?? t.metric.formula;
  const uses = (...ts: TermMatch[]) => ts.some((t) => own(t) !== undefined);
  const amount = (t: TermMatch) => t.metric.unit === "amount";
  for (let i = 0; i + 1 < terms.length; i++) {
    const [a, b] = [terms[i]!, terms[i + 1]!];
    const between = ask.slice(a.end, b.start).replace(/\([^)]*\)|\[[^\]]*\]/g, " ");
    if (SHARE_OF.test(between) && amount(a) && amount(b)) {
      const percent = /%|percent|share|proportion|fraction/.test(between);
      return { usesDefined: uses(a, b), metric: { id: `${a.metric.id}_to_${b.metric.id}`, name: `${a.metric.name} as % of ${lower(b.metric.name)}`, unit: percent ? "percent" : "ratio", formula: div(formulaOf(a), formulaOf(b)), better: a.metric.better } };
    }
    const op = COMBINE.exec(between)?.[1];
    if (op && amount(a) && amount(b)) {
      const minus = op !== "plus";
      return { usesDefined: uses(a, b), metric: { id: `${a.metric.id}_${minus ? "less" : "plus"}_${b.metric.id}`, name: `${a.metric.name} ${minus ? "less" : "plus"} ${lower(b.metric.name)}`, unit: "amount", formula: minus ? sub(formulaOf(a), formulaOf(b)) : add(formulaOf(a), formulaOf(b)), better: a.metric.better } };
    }
  }
  // "what percentage of revenue was spent on R&D": the later name over the one after "percentage of"
  for (let i = 0; i + 1 < terms.length; i++) {
    const [whole, part] = [terms[i]!, terms[i + 1]!];
    if (PART_OF.test(ask.slice(Math.max(0, whole.start - 30), whole.start)) && amount(whole) && amount(part)) {
      return { usesDefined: uses(whole, part), metric: { id: `${part.metric.id}_to_${whole.metric.id}`, name: `${part.metric.name} as % of ${lower(whole.metric.name)}`, unit: "percent", formula: div(formulaOf(part), formulaOf(whole)), better: part.metric.better } };
    }
  }
  // "how much cash did it spend on buybacks": cash is the medium, the later name the figure
  const first = terms[0]?.text === "cash" && terms[1] && /\bhow much\s+$/.test(ask.slice(0, terms[0].start)) ? terms[1] : terms[0];
  return first && { usesDefined: uses(first), metric: { ...first.metric, formula: formulaOf(first) } };
}

/** The ask with metric names blanked, so words inside a name ("net change in cash") are not read as asking for a change. */
export function outsideTerms(ask: string, terms: TermMatch[]): string {
  let out = ask;
  for (const t of [...terms].reverse()) out = `${out.slice(0, t.start)}${"_".repeat(t.end - t.start)}${out.slice(t.end)}`;
  return out;
}

/** A defined figure's unit: a percentage or days by its name (or 365 in it), a ratio when it divides, else an amount. */
export function inferUnit(name: string, formula: Expr, format: AnswerFormat): MetricUnit {
  const ratio = formula.kind === "op" && formula.op === "/";
  if (/%|margin|\brate\b|percent|return on/.test(name) || (ratio && format.percent)) return "percent";
  if (/\bdays?\b/.test(name) || JSON.stringify(formula).includes('"value":365')) return "days";
  return ratio ? "ratio" : "amount";
}

/**
 * The metric with the question's definitions: the asked metric when it uses a defined name ("EBITDA
 * less capex", EBITDA defined); else the first definition (named by the catalog when its name is one).
 */
export function metricOf(ask: string, terms: TermMatch[], clean: CleanQuestion, format: AnswerFormat): MetricFormula | undefined {
  const picked = pickMetric(ask, terms, clean.defined);
  const definition = clean.definition;
  if (!definition) return picked?.metric;
  if (picked?.usesDefined) return { ...picked.metric, id: "defined" };
  const words = definition.name
    .replace(/^(?:the|a|an)\s+/, "")
    .replace(/\s+(?:here|in this (?:question|case|context|analysis)|for (?:this|our) (?:purpose|question|analysis)s?)$/, "")
    .trim();
  const term = termOf(words);
  // an unnamed definition ("use COGS divided by average inventory") defines the figure asked, unless that figure is one of its inputs
  const asked = picked && !JSON.stringify(definition.formula).includes(JSON.stringify(picked.metric.formula)) ? picked.metric : undefined;
  const known = term && coveredBy(words, term) ? term.metric : !words ? asked : undefined;
  const name = known?.name ?? (words ? words[0]!.toUpperCase() + words.slice(1) : "Defined metric");
  const unit = known ? known.unit : inferUnit(words || ask, definition.formula, format);
  return { id: "defined", name, unit, formula: definition.formula, better: known?.better ?? "higher" };
}

/**
 * A share metric asked in an amount ("gross margin in USD millions"; many income statements print
 * the gross profit line as "Gross margin"): the amount is its numerator.
 */
export function asAmountIfAsked(metric: MetricFormula, format: AnswerFormat): MetricFormula {
  const f = metric.formula;
  if (!format.scale || format.percent || metric.unit !== "percent" || metric.id === "defined" || f.kind !== "op" || f.op !== "/") return metric;
  const name = metric.name.replace(/\s*(?:margin|rate|ratio)$/i, "").trim();
  return { id: `${metric.id}_amount`, name: f.left.kind === "item" ? lineItemLabel(f.left.key) : name, unit: "amount", formula: f.left, better: metric.better };
}

/** A ratio asked in percent ("gross profit divided by revenue, in percent"): the same quotient, printed as a percentage. */
export function asPercentIfAsked(metric: MetricFormula, format: AnswerFormat): MetricFormula {
  return format.percent && metric.unit === "ratio" ? { ...metric, unit: "percent" } : metric;
}
