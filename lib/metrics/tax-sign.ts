/**
 * The sign of an income-tax line. Statements print the expense as a positive line ("Provision for
 * income taxes 491"), as a deduction ("(491)"), or under a label with the expense in brackets
 * ("Income tax (expense) benefit (31)"). The statement itself says which: pre-tax income minus
 * the tax expense is net income (up to equity-method income and discontinued operations), so the
 * sign that closes that sum best is the printed sign of an expense. The label decides only when
 * pre-tax or net income is not there.
 */
import type { LineItemKey, LineItemValue } from "@/lib/statements/types";

type Read = (key: LineItemKey) => Promise<LineItemValue | undefined>;

/** A label with the expense in brackets prints an expense negative. */
export function labelSign(label: string): 1 | -1 {
  return /\((?:expense|provision)|benefit\s*\(expense\)|benefit\s*\/\s*\(expense\)/i.test(label) ? -1 : 1;
}

/** +1 when the printed value is the expense, −1 when it is the expense negated. */
export async function taxExpenseSign(tax: LineItemValue, read: Read): Promise<1 | -1> {
  const pretax = await read("pretax_income");
  const net = (await read("net_income_including_nci")) ?? (await read("net_income"));
  if (!pretax || !net) return labelSign(tax.label);
  const asPrinted = Math.abs(pretax.value - tax.value - net.value);
  const negated = Math.abs(pretax.value + tax.value - net.value);
  return asPrinted === negated ? labelSign(tax.label) : asPrinted < negated ? 1 : -1;
}
