/**
 * Identity checks of a read statement: the balance sheet's total assets = total liabilities and
 * equity; the cash-flow sections (+ exchange-rate effect) = the change in cash, and beginning +
 * change = end; net income = pretax income − tax (± the lines between); gross profit = revenue −
 * cost of revenue; and every "Total …" line = the sum of the lines above it in its block (the
 * block found as the run of lines just above that sums to it, nested totals counted once).
 * Tolerance: the printed rounding, one unit of the last digit per term plus one.
 */
import type { LineItemKey, Statement, StatementKind, StatementLine } from "./types";

export type Check = Statement["checks"][number];

/** Smallest printed unit of a line's values (1 for whole numbers, 0.01 for cents). */
function unitOf(line: StatementLine): number {
  return line.values.some((v) => v !== null && !Number.isInteger(v)) ? 0.01 : 1;
}

/** Per column: does `sum(terms) == target`? null when a column cannot be computed. */
function columnsAgree(target: StatementLine, terms: Array<{ line: StatementLine; sign: number }>): boolean | null {
  const unit = Math.max(unitOf(target), ...terms.map((t) => unitOf(t.line)));
  let computed = 0;
  let ok = true;
  target.values.forEach((tv, c) => {
    if (tv === null) return;
    const vals = terms.map((t) => t.line.values[c]);
    if (vals.every((v) => v === null || v === undefined)) return;
    const sum = terms.reduce((s, t) => s + t.sign * (t.line.values[c] ?? 0), 0);
    computed++;
    if (Math.abs(sum - tv) > unit * (terms.length + 1) + 1e-9) ok = false;
  });
  return computed === 0 ? null : ok;
}

function fmt(line: StatementLine): string {
  return `${line.label} ${line.values.map((v) => (v === null ? "—" : v)).join(" / ")}`;
}

function identity(name: string, target: StatementLine | undefined, terms: Array<[StatementLine | undefined, number]>): Check | undefined {
  if (!target || terms.some(([l]) => !l)) return undefined;
  const ok = columnsAgree(target, terms.map(([line, sign]) => ({ line: line!, sign })));
  if (ok === null) return undefined;
  return { name, ok, detail: ok ? fmt(target) : `${fmt(target)} ≠ ${terms.map(([l, s]) => `${s < 0 ? "−" : "+"}(${fmt(l!)})`).join(" ")}` };
}

const SUBTOTAL_KEYS = new Set<LineItemKey>(["total_current_assets", "total_assets", "total_current_liabilities", "total_liabilities", "total_equity", "total_equity_including_nci", "total_liabilities_and_equity", "operating_cash_flow", "investing_cash_flow", "financing_cash_flow", "operating_expenses"]);

/** A line that sums a block and is checked ("Total …", the statements' own subtotals). */
function totalLike(line: StatementLine): boolean {
  return /^total\b/i.test(line.label) || (line.key !== undefined && SUBTOTAL_KEYS.has(line.key));
}

/** A line that may sum the block above it without saying so ("Net cash used in financing activities" after its parts). */
function mayCollapse(line: StatementLine): boolean {
  return totalLike(line) || /^net cash\b|^cash (?:flows? )?(?:provided|used|generated|from)\b/i.test(line.label);
}

interface Item { line: StatementLine; sign: number }

/** A run at the end of `stack` that sums to `line` (as printed, or first − rest); its start index or -1. */
function matchingRun(stack: Item[], line: StatementLine, maxLen: number, differences: boolean): { start: number; terms: Item[] } | undefined {
  const min = Math.max(0, stack.length - maxLen);
  for (let start = stack.length - 1; start >= min; start--) {
    const run = stack.slice(start);
    if (columnsAgree(line, run) === true) return { start, terms: run };
    if (differences && run.length >= 2) {
      const diff = run.map((t, i) => ({ line: t.line, sign: i === 0 ? t.sign : -t.sign }));
      if (columnsAgree(line, diff) === true) return { start, terms: diff };
    }
  }
  return undefined;
}

/**
 * "Total …" lines against the lines above them; other lines that a run sums to exactly collapse
 * silently ("Gross property", "PP&E — net"). Returns the checks and the lines left uncollapsed
 * (the top-level blocks), which for a cash-flow statement read up to the change in cash are its sections.
 */
function subtotals(kind: StatementKind, lines: StatementLine[]): { checks: Check[]; stack: Item[] } {
  const out: Check[] = [];
  const stack: Item[] = [];
  for (const line of lines) {
    if (line.values.every((v) => v === null)) continue;
    const sign = /^less\b/i.test(line.label) && line.values.every((v) => v === null || v >= 0) ? -1 : 1;
    if (totalLike(line) && stack.length > 0) {
      const hit = matchingRun(stack, line, 40, kind === "income");
      if (hit) {
        stack.splice(hit.start);
        out.push({ name: `subtotal: ${line.label}`, ok: true, detail: `${fmt(line)} = ${hit.terms.length} lines above` });
      } else if (!totalLike(stack[stack.length - 1]!.line)) {
        out.push({ name: `subtotal: ${line.label}`, ok: false, detail: `${fmt(line)}: no run of the lines above sums to it` });
      }
      // else: a total printed right under another block's total has no items of its own to check (a condensed statement)
    } else if (stack.length >= 2) {
      const hit = matchingRun(stack, line, mayCollapse(line) ? 40 : 8, false);
      if (hit && hit.terms.length >= 2 && line.values.some((v) => v !== null && v !== 0)) stack.splice(hit.start);
    }
    stack.push({ line, sign });
  }
  return { checks: out, stack };
}

function first(lines: StatementLine[], key: LineItemKey): StatementLine | undefined {
  return lines.find((l) => l.key === key);
}

function balanceChecks(lines: StatementLine[]): Check[] {
  const c = identity("total assets = total liabilities and equity", first(lines, "total_liabilities_and_equity"), [[first(lines, "total_assets"), 1]]);
  return c ? [c] : [];
}

function cashFlowChecks(lines: StatementLine[]): Check[] {
  const out: Check[] = [];
  const op = first(lines, "operating_cash_flow"), inv = first(lines, "investing_cash_flow"), fin = first(lines, "financing_cash_flow");
  const change = first(lines, "net_change_in_cash"), begin = first(lines, "cash_beginning"), end = first(lines, "cash_end");
  if (op && inv && fin) {
    // the sections as collapsed by their totals, plus what follows them (exchange-rate effect, discontinued operations)
    const stop = change ? lines.indexOf(change) : begin ? lines.indexOf(begin) : lines.length;
    const top = subtotals("cash_flow", lines.slice(0, stop).filter((l) => l.key !== "cash_beginning")).stack;
    const collapsed = top.map((t): [StatementLine, number] => [t.line, t.sign]);
    // or: the three section totals and what is printed after the last of them (exchange-rate effect)
    const last = Math.max(lines.indexOf(op), lines.indexOf(inv), lines.indexOf(fin));
    const after = lines.slice(last + 1, stop).filter((l) => l.values.some((v) => v !== null) && l.key !== "cash_beginning");
    const sections: Array<[StatementLine, number]> = [[op, 1], [inv, 1], [fin, 1], ...after.map((l): [StatementLine, number] => [l, 1])];
    const name = "operating + investing + financing (+ fx) = change in cash";
    const tries = change ? [identity(name, change, sections), identity(name, change, collapsed)] : [];
    const c = tries.find((t) => t?.ok) ?? tries.find((t) => t);
    const terms = collapsed;
    if (c) out.push(c);
    else if (begin && end) {
      const r = identity("operating + investing + financing (+ fx) = end − beginning cash", end, [...terms, [begin, 1]]);
      if (r) out.push(r);
    }
  }
  if (begin && change && end) {
    // lines between the change and the end balance ("cash held for sale") count too
    const between = lines.slice(lines.indexOf(change) + 1, lines.indexOf(end)).filter((l) => l !== begin && l.values.some((v) => v !== null));
    const r = identity("beginning cash + change = end cash", end, [[begin, 1], [change, 1], ...between.map((l): [StatementLine, number] => [l, 1])]);
    if (r) out.push(r);
  }
  return out;
}

function incomeChecks(lines: StatementLine[]): Check[] {
  const out: Check[] = [];
  const rev = first(lines, "revenue"), cost = first(lines, "cost_of_revenue"), gp = first(lines, "gross_profit");
  if (rev && cost && gp && lines.indexOf(gp) > lines.indexOf(cost)) {
    // cost of revenue printed in parts with no total line ("Cost of products", "Cost of services"): all parts
    const costs = lines.filter((l) => l.key === "cost_of_revenue" && lines.indexOf(l) < lines.indexOf(gp));
    const totalLine = costs.find((l) => /^total\b/i.test(l.label));
    const parts = totalLine ? [totalLine] : costs.length ? costs : [cost];
    const c = identity("gross profit = revenue − cost of revenue", gp, [[rev, 1], ...parts.map((p): [StatementLine, number] => [p, p.values.some((v) => v !== null && v < 0) ? 1 : -1])]);
    if (c) out.push(c);
  }
  const pre = first(lines, "pretax_income"), tax = first(lines, "income_tax_expense");
  if (pre && tax && lines.indexOf(tax) > lines.indexOf(pre)) {
    const ti = lines.indexOf(tax);
    const ni = lines.slice(ti + 1).find((l) => l.key === "net_income" || l.key === "net_income_including_nci");
    if (ni) {
      const between = lines.slice(ti + 1, lines.indexOf(ni)).filter((l) => l.values.some((v) => v !== null));
      const tries = [-1, 1].map((taxSign) => {
        // a line equal to the running sum is a subtotal ("Income from continuing operations"): not added again
        const terms: Array<[StatementLine, number]> = [[pre, 1], [tax, taxSign]];
        for (const l of between) {
          const sub = identity("", l, terms);
          if (!(sub && sub.ok)) terms.push([l, 1]);
        }
        return identity("net income = pretax income − income tax (± lines between)", ni, terms);
      });
      const c = tries.find((t) => t?.ok) ?? tries[0];
      if (c) out.push(c);
    }
  }
  return out;
}

/** All checks of a statement, in order: identities first, then subtotals. */
export function runChecks(kind: StatementKind, lines: StatementLine[]): Check[] {
  const identities = kind === "balance" ? balanceChecks(lines) : kind === "cash_flow" ? cashFlowChecks(lines) : incomeChecks(lines);
  return [...identities, ...subtotals(kind, lines).checks];
}
