/**
 * Evaluating a formula at a period against a LineItemSource. Every line item read is recorded as
 * an input with its citation; every one not found is recorded as missing, and the value is then
 * undefined: a missing input is named, never guessed. Outflow lines are read as magnitudes, a tax
 * line as the expense (tax-sign.ts); a line
 * item the statements do not print is derived only where it follows exactly from others.
 */
import type { LineItemKey, LineItemSource, LineItemValue } from "@/lib/statements/types";
import { DERIVED, lineItemLabel, MAGNITUDE } from "./line-items";
import { taxExpenseSign } from "./tax-sign";
import { inSentence } from "./words";
import { shiftYears } from "./periods";
import type { Expr, MetricInput, MissingInput, PeriodRef } from "./types";

export function citationOf(v: Pick<LineItemValue, "document" | "page">): string {
  return `(source: ${v.document}, p.${v.page})`;
}


export class Evaluation {
  readonly inputs = new Map<string, MetricInput>();
  readonly missing = new Map<string, MissingInput>();
  readonly notes: string[] = [];
  private readonly cache = new Map<string, Promise<LineItemValue | undefined>>();

  constructor(private readonly source: LineItemSource) {}

  /** The formula's value at `period`, or undefined when an input is missing or a divisor is zero. */
  async value(e: Expr, period: string, deriving = false): Promise<number | undefined> {
    switch (e.kind) {
      case "num":
        return e.value;
      case "item": {
        if (e.zeroWithout && !(await this.read(e.key, period)) && (await this.read(e.zeroWithout, period))) {
          this.notes.push(`The ${period} statements print no ${inSentence(lineItemLabel(e.key))} line: counted as zero.`);
          return 0;
        }
        return this.item(e.key, period, deriving);
      }
      case "at":
        return this.value(e.arg, this.resolve(e.period, period), deriving);
      case "avg": {
        const values = await Promise.all(e.periods.map((p) => this.value(e.arg, this.resolve(p, period), deriving)));
        return values.some((v) => v === undefined) ? undefined : (values as number[]).reduce((a, b) => a + b, 0) / values.length;
      }
      case "op": {
        const [l, r] = await Promise.all([this.value(e.left, period, deriving), this.value(e.right, period, deriving)]);
        if (l === undefined || r === undefined) return undefined;
        if (e.op === "/" && r === 0) {
          this.notes.push(`A divisor is zero for ${period}.`);
          return undefined;
        }
        return e.op === "+" ? l + r : e.op === "-" ? l - r : e.op === "*" ? l * r : l / r;
      }
    }
  }

  /** The value without recording anything missing (for optional context such as an earlier year). */
  async tryValue(e: Expr, period: string): Promise<number | undefined> {
    const probe = new Evaluation(this.source);
    const v = await probe.value(e, period);
    if (v !== undefined) {
      for (const [k, input] of probe.inputs) this.inputs.set(k, input);
      this.notes.push(...probe.notes);
    }
    return v;
  }

  private resolve(ref: PeriodRef, period: string): string {
    return "label" in ref ? ref.label : shiftYears(period, ref.offset);
  }

  private read(key: LineItemKey, period: string): Promise<LineItemValue | undefined> {
    const k = `${key}@${period}`;
    if (!this.cache.has(k)) this.cache.set(k, this.source.get(key, period));
    return this.cache.get(k)!;
  }

  /** The value as a formula uses it: outflows as magnitudes, a tax line as the expense. */
  private async used(v: LineItemValue, period: string): Promise<number> {
    if (MAGNITUDE.has(v.key)) return Math.abs(v.value);
    if (v.key === "income_tax_expense") return v.value * (await taxExpenseSign(v, (k) => this.read(k, period)));
    return v.value;
  }

  private async item(key: LineItemKey, period: string, deriving: boolean): Promise<number | undefined> {
    const v = await this.read(key, period);
    if (v) {
      const used = await this.used(v, period);
      this.inputs.set(`${key}@${period}`, { ...v, used, citation: citationOf(v) });
      return used;
    }
    const derivation = DERIVED[key];
    if (derivation && !deriving) {
      const probe = new Evaluation(this.source);
      const derived = await probe.value(derivation, period, true);
      if (derived !== undefined) {
        for (const [k, input] of probe.inputs) this.inputs.set(k, input);
        this.notes.push(`${lineItemLabel(key)} for ${period} is not printed; computed from its components.`);
        return derived;
      }
    }
    this.missing.set(`${key}@${period}`, { key, period, label: inSentence(lineItemLabel(key)) });
    return undefined;
  }
}
