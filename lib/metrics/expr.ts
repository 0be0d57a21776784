/** Builders for formulas, so catalog entries read like the formulas analysts write. */
import type { LineItemKey } from "@/lib/statements/types";
import type { Expr, PeriodRef } from "./types";

export const item = (key: LineItemKey): Expr => ({ kind: "item", key });
/** A line item statements omit when it is nil: zero when `statementLine` of the same statement is there. */
export const itemOrNil = (key: LineItemKey, statementLine: LineItemKey): Expr => ({ kind: "item", key, zeroWithout: statementLine });
export const num = (value: number): Expr => ({ kind: "num", value });
export const add = (left: Expr, right: Expr): Expr => ({ kind: "op", op: "+", left, right });
export const sub = (left: Expr, right: Expr): Expr => ({ kind: "op", op: "-", left, right });
export const mul = (left: Expr, right: Expr): Expr => ({ kind: "op", op: "*", left, right });
export const div = (left: Expr, right: Expr): Expr => ({ kind: "op", op: "/", left, right });
export const at = (period: PeriodRef, arg: Expr): Expr => ({ kind: "at", period, arg });
/** The average of opening and closing balances (this period and the year before). */
export const avgBalance = (arg: Expr): Expr => ({ kind: "avg", periods: [{ offset: -1 }, { offset: 0 }], arg });
export const avgOver = (periods: PeriodRef[], arg: Expr): Expr => ({ kind: "avg", periods, arg });
/** The change from the year before to this period. */
export const yearChange = (arg: Expr): Expr => sub(arg, at({ offset: -1 }, arg));

/** The line items a formula reads (for tests and for naming inputs). */
export function itemsOf(e: Expr): LineItemKey[] {
  switch (e.kind) {
    case "item":
      return [e.key];
    case "num":
      return [];
    case "op":
      return [...itemsOf(e.left), ...itemsOf(e.right)];
    case "at":
    case "avg":
      return itemsOf(e.arg);
  }
}
