/**
 * Which metric a question asks for: "X as a % of Y" / "X to Y" / "what percentage of Y was X"
 * make a ratio of two names; otherwise the first metric or line-item name of the ask; a definition
 * stated in the question replaces the formula (keeping the catalog's name and unit when it names
 * a known metric).
 */
import type { QuestionDefinition } from "./question";
import { div } from "./expr";
import { lineItemLabel } from "./line-items";
import { findTerms, type TermMatch } from "./terms";
import type { AnswerFormat, Expr, MetricFormula, MetricUnit } from "./types";

const SHARE_OF = /^\s*(?:as (?:a )?(?:%|percent(?:age)?|share|proportion|fraction) of|to|divided by|over|relative to)\s*(?:total\s+)?$/;
const PART_OF = /\b(?:what|which|the)\s+(?:percentage|percent|share|proportion|portion|fraction|%)\s+of\s+(?:total\s+|the\s+)?$/;

/** The metric asked: "X as a % of Y" / "X to Y" makes X / Y; otherwise the first name in the ask. */
export function pickMetric(ask: string, terms: TermMatch[]): MetricFormula | undefined {
  for (let i = 0; i + 1 < terms.length; i++) {
    const [a, b] = [terms[i]!, terms[i + 1]!];
    if (SHARE_OF.test(ask.slice(a.end, b.start)) && a.metric.unit === "amount" && b.metric.unit === "amount") {
      const percent = /%|percent|share|proportion|fraction/.test(ask.slice(a.end, b.start));
      return { id: `${a.metric.id}_to_${b.metric.id}`, name: `${a.metric.name} as % of ${b.metric.name.toLowerCase()}`, unit: percent ? "percent" : "ratio", formula: div(a.metric.formula, b.metric.formula), better: a.metric.better };
    }
  }
  // "what percentage of revenue was spent on R&D": the later name over the one after "percentage of"
  for (let i = 0; i + 1 < terms.length; i++) {
    const [whole, part] = [terms[i]!, terms[i + 1]!];
    if (PART_OF.test(ask.slice(Math.max(0, whole.start - 30), whole.start)) && whole.metric.unit === "amount" && part.metric.unit === "amount") {
      return { id: `${part.metric.id}_to_${whole.metric.id}`, name: `${part.metric.name} as % of ${whole.metric.name.toLowerCase()}`, unit: "percent", formula: div(part.metric.formula, whole.metric.formula), better: part.metric.better };
    }
  }
  // "how much cash did it spend on buybacks": cash is the medium, the later name the figure
  const first = terms[0];
  if (first?.text === "cash" && terms[1] && /\bhow much\s+$/.test(ask.slice(0, first.start))) return terms[1].metric;
  return first?.metric;
}

/** The ask with metric names blanked, so words inside a name ("net change in cash") are not read as asking for a change. */
export function outsideTerms(ask: string, terms: TermMatch[]): string {
  let out = ask;
  for (const t of [...terms].reverse()) out = `${out.slice(0, t.start)}${"_".repeat(t.end - t.start)}${out.slice(t.end)}`;
  return out;
}

/** A defined metric's unit when the catalog does not know its name. */
function inferUnit(name: string, formula: Expr, format: AnswerFormat): MetricUnit {
  if (format.percent || /%|margin|rate|percent|return on/.test(name)) return "percent";
  if (/\bdays?\b/.test(name) || JSON.stringify(formula).includes('"value":365')) return "days";
  return formula.kind === "op" && formula.op === "/" ? "ratio" : "amount";
}

export function metricOf(ask: string, terms: TermMatch[], definition: QuestionDefinition | undefined, format: AnswerFormat): MetricFormula | undefined {
  const named = pickMetric(ask, terms);
  if (!definition) return named;
  const formula = definition.formula;
  const defTerm = findTerms(definition.name)[0]?.metric ?? named;
  const name = defTerm?.name ?? (definition.name.replace(/^(?:the|a|an)\s+/, "") || "Defined metric");
  const unit = defTerm && defTerm.unit !== "amount" ? defTerm.unit : inferUnit(definition.name, formula, format);
  return { id: "defined", name, unit, formula, better: defTerm?.better ?? "higher" };
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
