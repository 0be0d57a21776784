/** A formula in the words an analyst reads: "(Operating income + Depreciation & amortization) / Revenue". */
import { lineItemLabel } from "./line-items";
import { yearsApart } from "./periods";
import type { Aggregate, Expr, PeriodRef } from "./types";

const PRECEDENCE = { "+": 1, "-": 1, "*": 2, "/": 2 } as const;
const SYMBOL = { "+": "+", "-": "−", "*": "×", "/": "/" } as const;

function refWords(ref: PeriodRef): string {
  if ("label" in ref) return ref.label;
  return ref.offset === 0 ? "this year" : ref.offset === -1 ? "prior year" : `${-ref.offset} years earlier`;
}

function precedence(e: Expr): number {
  return e.kind === "op" ? PRECEDENCE[e.op] : 3;
}

export function formulaWords(e: Expr): string {
  switch (e.kind) {
    case "num":
      return String(e.value);
    case "item":
      return lineItemLabel(e.key);
    case "at":
      return `${formulaWords(e.arg)} (${refWords(e.period)})`;
    case "avg": {
      const refs = e.periods;
      const opening = refs.length === 2 && refs.every((r) => "offset" in r);
      const inner = e.arg.kind === "op" ? `(${formulaWords(e.arg)})` : formulaWords(e.arg);
      return `average ${inner} (${opening ? "opening and closing" : refs.map(refWords).join("–")})`;
    }
    case "op": {
      if (e.op === "-" && e.left.kind === "num" && e.left.value === 0) return `−${wrap(e.right, 3)}`;
      const p = PRECEDENCE[e.op];
      // the right operand of − and / needs brackets at equal precedence: a − (b − c), a / (b × c)
      const right = wrap(e.right, e.op === "-" || e.op === "/" ? p + 1 : p);
      return `${wrap(e.left, p)} ${SYMBOL[e.op]} ${right}`;
    }
  }
}

function wrap(e: Expr, min: number): string {
  const w = formulaWords(e);
  return precedence(e) < min ? `(${w})` : w;
}

/** How an aggregate over periods reads after the formula. */
export function aggregateWords(aggregate: Aggregate, periods: string[]): string {
  const span = periods.length > 1 ? `${periods[0]}–${periods[periods.length - 1]}` : (periods[0] ?? "");
  switch (aggregate) {
    case "value":
      return "";
    case "series":
      return `, each year ${span}`;
    case "average":
      return `, averaged over ${span}`;
    case "growth":
      return `; growth = (${periods[periods.length - 1]} − ${periods[0]}) / |${periods[0]}|`;
    case "cagr":
      return `; CAGR = (${periods[periods.length - 1]} / ${periods[0]})^(1/${Math.max(1, yearsApart(periods[0]!, periods[periods.length - 1]!))}) − 1`;
    case "change":
      return `; change = ${periods[periods.length - 1]} − ${periods[0]}`;
  }
}

/** A name inside a sentence: lower case, acronyms kept ("Net PP&E" → "net PP&E", "COGS as % of revenue" unchanged). */
export function inSentence(name: string): string {
  return name
    .split(" ")
    .map((w) => (/[A-Z].*[A-Z]/.test(w) ? w : w.toLowerCase()))
    .join(" ");
}
