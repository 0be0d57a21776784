/**
 * The financial statement reader: the primary income statement, balance sheet and cash-flow
 * statement of a filing (10-K, 10-Q, earnings release), every line parsed with its canonical
 * line item, period columns, unit scale, excerpt and row, and checked by its identities.
 * Pure: pages in, statements out. Pages are screened by a cheap text test before any line is read.
 */
import { assemble, columnsOf, type AssembleOptions, type Draft, type ReadPage } from "./assemble";
import { runChecks } from "./checks";
import { effectiveMonth } from "@/lib/periods";
import { scoreOf } from "./select";
import { pageLines } from "./text";
import { mayHoldTitle, titleOf } from "./titles";
import type { LineItemKey, Statement, StatementKind, StatementLine } from "./types";

export interface ReadInput {
  pages: ReadPage[];
  /** Month the fiscal year ends in (cover page), when known: names quarters and year-end balance dates. */
  fiscalYearEndMonth?: number;
}

const KINDS: StatementKind[] = ["income", "balance", "cash_flow"];

/** Keys that should sit on the block's total when several lines match ("Total net sales" over "Net sales" lines). */
const PREFER_TOTAL = new Set<LineItemKey>(["revenue", "cost_of_revenue", "inventories", "operating_expenses", "ppe_net"]);

/** "Cash … at January 1" / "Cash … at December 31" right after the change in cash: the beginning and end balances. */
function datedCashBalances(lines: StatementLine[], byKey: Map<LineItemKey, StatementLine[]>): void {
  const change = byKey.get("net_change_in_cash")?.[0];
  if (!change || byKey.has("cash_end")) return;
  const after = lines.slice(lines.indexOf(change) + 1, lines.indexOf(change) + 4).filter((l) => /^cash\b.*\b(?:at|as of) \S+ \d{1,2}\b/i.test(l.label) && l.values.some((v) => v !== null));
  if (after.length < 2) return;
  after[0]!.key = "cash_beginning";
  after[1]!.key = "cash_end";
  byKey.set("cash_beginning", [after[0]!]);
  byKey.set("cash_end", [after[1]!]);
}

/** Line items statements may print in parts without a total line. */
const IN_PARTS = new Set<LineItemKey>(["cost_of_revenue", "short_term_debt"]);

/** One line per canonical key (or, for IN_PARTS, its parts): the total where the key prefers it, else the first; parent vs. including NCI. */
function settleKeys(lines: StatementLine[]): void {
  const byKey = new Map<LineItemKey, StatementLine[]>();
  for (const l of lines) if (l.key && l.values.some((v) => v !== null)) byKey.set(l.key, [...(byKey.get(l.key) ?? []), l]);
  for (const l of lines) if (l.key && !l.values.some((v) => v !== null)) delete l.key;
  const ni = byKey.get("net_income") ?? [];
  // the line attributable to the parent (after noncontrolling interests) is its net income; a line attributable to
  // common shareholders (after preferred dividends) is another figure, unless it is the parent's own net income
  // under a noncontrolling-interest line
  const toCommon = (l: StatementLine) => /\b(?:attributable|available) (?:to|for) common\b/i.test(l.label);
  const hasNci = lines.some((l) => /noncontrolling|non-controlling|minority/i.test(l.label) && l.values.some((v) => v !== null));
  const attributable = ni.find((l) => /attributable to|available to/i.test(l.label) && !toCommon(l)) ?? (hasNci ? ni.find((l) => /attributable to|available to/i.test(l.label)) : undefined);
  if (attributable && ni.length > 1) {
    const plain = ni.find((l) => l !== attributable && lines.indexOf(l) < lines.indexOf(attributable));
    if (plain && !byKey.has("net_income_including_nci")) {
      plain.key = "net_income_including_nci";
      byKey.set("net_income_including_nci", [plain]);
    }
    byKey.set("net_income", [attributable, ...ni.filter((l) => l !== attributable && l !== plain)]);
  }
  const eqAll = byKey.get("total_equity_including_nci");
  if (eqAll && !byKey.has("total_equity") && !lines.some((l) => /noncontrolling|non-controlling|minority/i.test(l.label) && l.values.some((v) => v !== null))) {
    eqAll.forEach((l) => (l.key = "total_equity"));
    byKey.set("total_equity", eqAll);
    byKey.delete("total_equity_including_nci");
  }
  datedCashBalances(lines, byKey);
  for (const [key, ls] of byKey) {
    if (ls.length < 2) continue;
    // printed in parts with no total ("Cost of products" + "Cost of services"; short-term borrowings +
    // current portion of long-term debt): every part keeps the key, and readers add them up
    if (IN_PARTS.has(key) && !ls.some((l) => /^total\b/i.test(l.label))) continue;
    let keep = ls[0]!;
    // the statement's own section total over the continuing-operations part
    if (/_cash_flow$/.test(key)) keep = ls.find((l) => !/continuing|discontinued/i.test(l.label)) ?? keep;
    if (PREFER_TOTAL.has(key)) keep = ls.find((l) => /^total\b/i.test(l.label)) ?? (key === "ppe_net" ? ls.find((l) => /\bnet\b/i.test(l.label)) : undefined) ?? keep;
    for (const l of ls) if (l !== keep) delete l.key;
  }
}

function finish(d: Draft, checks: Statement["checks"], fyEnd: number | undefined): Statement {
  return {
    kind: d.kind,
    title: d.title,
    ...(d.entity ? { entity: d.entity } : {}),
    pages: d.pages,
    scale: d.scale,
    currency: d.currency,
    columns: columnsOf(d, fyEnd),
    lines: d.lines,
    checks,
    balanced: checks.length > 0 && checks.every((c) => c.ok),
  };
}

/** Every titled statement in the document, in page order. */
function titledDrafts(pages: ReadPage[], fyEnd: number | undefined, opts: AssembleOptions): Array<{ draft: Draft; at: number }> {
  const out: Array<{ draft: Draft; at: number }> = [];
  pages.forEach((page, at) => {
    if (!mayHoldTitle(page.text)) return;
    const lines = pageLines(page.text);
    lines.forEach((line, row) => {
      const hit = titleOf(line.text);
      if (!hit || hit.continued) return;
      const draft = assemble(pages, at, row, hit.kind, fyEnd, opts, hit.comprehensive);
      if (draft) out.push({ draft, at });
    });
  });
  return out;
}

/** Lines every statement of a kind prints with amounts, for pages whose title was not found. */
const STRUCTURE: Record<StatementKind, RegExp[]> = {
  income: [/^(?:total )?(?:net )?(?:operating )?(?:revenues?|sales)\b.*\d/im, /^net (?:income|earnings|loss|\(loss\))\b.*\d/im, /\bper (?:common |diluted |basic )?share\b/i],
  balance: [/^total assets\b.*\d/im, /^total liabilities\b.*\b(?:equity|deficit|capital)\b.*\d/im],
  cash_flow: [/operating activities.*\d/i, /investing activities.*\d/i, /financing activities.*\d/i],
};

/** Statements of a kind found by their structure alone (no title line read): the whole page from its top. */
function untitledDrafts(pages: ReadPage[], kind: StatementKind, fyEnd: number | undefined, opts: AssembleOptions): Array<{ draft: Draft; at: number }> {
  const out: Array<{ draft: Draft; at: number }> = [];
  pages.forEach((page, at) => {
    if (!STRUCTURE[kind].every((re) => re.test(page.text))) return;
    const draft = assemble(pages, at, -1, kind, fyEnd, opts);
    if (draft) out.push({ draft, at });
  });
  return out;
}

const SPAN_MONTHS = { Q: 3, H: 6, "9M": 9 } as const;

/** Every interim column ends a whole number of quarters/halves/nine months after `fyEnd`. */
function fitsInterims(flows: Draft["dates"], fyEnd: number): boolean {
  return flows.every((c) => {
    if (c.duration === "FY" || c.duration === "point") return true;
    const into = ((effectiveMonth(c.year, c.month, c.day).month - fyEnd + 12) % 12) || 12;
    return into % SPAN_MONTHS[c.duration] === 0 && (c.duration !== "9M" || into === 9);
  });
}

/**
 * The fiscal year end month (effective, see periods.ts): from the annual columns of the flow
 * statements; else the given month (the cover page's "fiscal year ended February 3" may name the
 * month after the effective one, so the month before is tried when the interim columns fit it
 * better); else, for a 10-Q, the balance-sheet date that ends no interim period.
 */
function fiscalYearEnd(chosen: Draft[], given: number | undefined): number | undefined {
  const flows = chosen.filter((d) => d.kind !== "balance").flatMap((d) => d.dates);
  const fy = flows.find((c) => c.duration === "FY");
  if (fy) return effectiveMonth(fy.year, fy.month, fy.day).month;
  if (given) return [given, given === 1 ? 12 : given - 1].find((m) => fitsInterims(flows, m)) ?? given;
  const interimEnds = new Set(flows.map((c) => effectiveMonth(c.year, c.month, c.day).month));
  if (interimEnds.size === 0) return undefined;
  return chosen.find((d) => d.kind === "balance")?.dates.map((c) => effectiveMonth(c.year, c.month, c.day).month).find((m) => !interimEnds.has(m));
}

export function readStatementsWith(doc: ReadInput, opts: AssembleOptions): Statement[] {
  const hint = doc.fiscalYearEndMonth;
  const found = titledDrafts(doc.pages, hint, opts);
  const chosen: Array<{ draft: Draft; checks: Statement["checks"] }> = [];
  for (const kind of KINDS) {
    let candidates = found.filter((f) => f.draft.kind === kind);
    if (!candidates.some((f) => f.draft.closed)) candidates = [...candidates, ...untitledDrafts(doc.pages, kind, hint, opts)];
    const scored = candidates.map(({ draft, at }) => {
      settleKeys(draft.lines);
      const checks = runChecks(draft.kind, draft.lines);
      return { draft, checks, score: scoreOf(draft, checks, doc.pages[at]!.text) };
    });
    const top = Math.max(...scored.map((s) => s.score));
    // the first complete, balanced statement close to the best: a filing with two registrants prints the parent's first
    const best = scored.find((s) => s.score >= top - 3 && s.draft.closed && s.checks.length > 0 && s.checks.every((c) => c.ok)) ?? scored.find((s) => s.score === top);
    if (best && best.score >= 8) chosen.push(best);
  }
  const fyEnd = fiscalYearEnd(chosen.map((c) => c.draft), hint);
  return chosen.map((c) => finish(c.draft, c.checks, fyEnd));
}

/** The primary income statement, balance sheet and cash-flow statement of a filing, each checked by its identities. */
export function readStatements(doc: ReadInput): Statement[] {
  return readStatementsWith(doc, { useSpans: true });
}

