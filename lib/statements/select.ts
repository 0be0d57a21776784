/**
 * Which of the statements read is the primary one of its kind: a filing also prints statement
 * titles in its table of contents, in prose, in summaries and in parent-only or guarantor
 * schedules. The primary statement has its closing line, the notes cue, many canonical lines and
 * identities that hold; ties go to the earliest (a second registrant's statements come later).
 */
import type { Draft } from "./assemble";
import type { Check } from "./checks";
import { LINE_ITEMS, type StatementKind } from "./types";

const ANCHORS: Record<StatementKind, string[]> = {
  income: ["revenue", "net_income", "pretax_income", "income_tax_expense", "operating_income", "eps_diluted"],
  balance: ["total_assets", "total_liabilities_and_equity", "total_current_assets", "total_current_liabilities", "cash"],
  cash_flow: ["operating_cash_flow", "investing_cash_flow", "financing_cash_flow", "cash_end", "net_change_in_cash"],
};

const SIDE_TABLE = /condensed consolidating|guarantor|parent company only|condensed financial information of (?:the )?(?:parent|registrant)|schedule i\b|selected (?:consolidated )?financial data|quarterly (?:financial )?(?:data|results)|segment information|pro forma/i;

export function scoreOf(d: Draft, checks: Check[], pageText: string): number {
  const keys = new Set(d.lines.filter((l) => l.key && LINE_ITEMS[l.key] === d.kind).map((l) => l.key!));
  const anchors = ANCHORS[d.kind].filter((k) => keys.has(k as never)).length;
  const valued = d.lines.filter((l) => l.values.some((v) => v !== null)).length;
  let s = anchors * 3 + Math.min(keys.size, 12) + Math.min(valued, 30) / 5;
  if (d.closed) s += 4;
  if (d.notesCue) s += 2;
  if (d.title && d.titleRow <= 12) s += 2;
  if (checks.length > 0 && checks.every((c) => c.ok)) s += 4;
  s -= checks.filter((c) => !c.ok).length * 0.5;
  if (SIDE_TABLE.test(pageText.slice(0, 1500))) s -= 8;
  if (d.dates.length === 0) s -= 20;
  // a statement of comprehensive income stands in for the income statement only when it has revenue (a combined statement)
  if (d.comprehensive) s -= keys.has("revenue") ? 6 : 30;
  return s;
}
