/**
 * Complete financial statements as findings: every line of the income statement, balance sheet
 * and cash-flow statement read by lib/statements becomes one candidate per period column, with
 * its canonical line item where one applies. A statement that fails its identities (assets =
 * liabilities + equity, cash-flow sections = change in cash, subtotals) goes to review instead of
 * being promoted: its confidence is set below the promotion bar and the reason names the check.
 */
import { effectiveMonth, parsePeriod, periodTypeOfMonths } from "@/lib/periods";
import { scaleOfWord } from "@/lib/metrics/printed-number";
import type { Statement, StatementLine } from "@/lib/statements/types";
import { pickExcerpt } from "../citation";
import type { Candidate, ExtractionPage, FindingPayload } from "../types";
import { statementLineScope } from "./scope";
import { keySlug } from "./key-slug";

/** Marks statement findings (staging_extractions.candidate_key) so the metric engine can read them apart. */
export const STATEMENT_KEY_PREFIX = "statement:";

const PER_SHARE = /\bper (?:common |ordinary )?share\b|\bper diluted\b|\bper basic\b|^(?:basic|diluted)$/i;
const SHARE_COUNT = /\bshares?\b.*\b(?:outstanding|used|weighted)\b|\bweighted[- ]average\b/i;

/** What a statement finding's payload carries beyond the finding's own columns. */
export interface StatementFacts {
  kind: Statement["kind"];
  title: string;
  /** The company printed above the title: which registrant of a combined filing the statement is. */
  entity?: string;
  /** The row as printed (exact substring of the page). */
  row: string;
  rowIndex: number;
  /** Printed value × scale = units (1 for per-share values and share counts). */
  scale: number;
  header: string;
  months: number;
  balanced: boolean;
  /** The heading the line sits under ("Cost of revenue" for "Subscription" under "Cost of revenue:"). */
  section?: string;
}

export type StatementFindingPayload = FindingPayload & { statement: StatementFacts };


/** "Other information: Employees (in thousands) 125.5": a count printed under a statement, in its own scale. */
const COUNT_LINE = /^(?:number of\s+)?(?:employees|headcount|full[- ]time equivalents?|ftes?|stores|restaurants|locations|branches|customers|subscribers|members|users)\b/i;
const LABEL_SCALE = /\((?:in\s+)?(thousands|millions|billions)\)/i;

/** "Basic 16,701,272" under "Shares used in computing earnings per share:": a share count, not an amount per share. */
function bareShareCount(line: StatementLine): boolean {
  return /^(?:basic|diluted)$/i.test(line.label.trim()) && line.values.some((v) => v !== null && Math.abs(v) >= 1000);
}

function unitOf(line: StatementLine): { unit: FindingPayload["unit"]; scaled: boolean; labelScale?: number } {
  if (SHARE_COUNT.test(line.label) || line.key === "shares_diluted" || (!line.key?.startsWith("eps_") && bareShareCount(line))) return { unit: "count", scaled: false };
  if (PER_SHARE.test(line.label) || line.key === "eps_basic" || line.key === "eps_diluted") return { unit: "currency", scaled: false };
  if (!line.key && COUNT_LINE.test(line.label.trim())) {
    const w = LABEL_SCALE.exec(line.label)?.[1];
    return { unit: "count", scaled: false, labelScale: (w ? scaleOfWord(w) : undefined) ?? 1 };
  }
  return { unit: "currency", scaled: true };
}

/** Decimals a number shows (up to 4): 2.3 → 1, 0.87 → 2. */
function decimalsOf(v: number): number {
  const s = String(Math.abs(v));
  const dot = s.indexOf(".");
  return dot < 0 || /e/i.test(s) ? 0 : Math.min(4, s.length - dot - 1);
}

/**
 * A value as the row prints it: a row prints its figures with one precision, so "2.30" in
 * "Basic $ 3.05 $ 0.87 $ 2.30" keeps its zero (read as 2.3, it would round to anything 2.25–2.35,
 * and a restated 2.27 would look unchanged).
 */
function formatPrinted(v: number, decimals = 0): string {
  const abs = Math.abs(v).toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: Math.max(4, decimals) });
  return v < 0 ? `(${abs})` : abs;
}

/** The finding's metric key: the canonical line item, else the label's own key (unique within the statement). */
function keysOf(st: Statement): string[] {
  const seen = new Map<string, number>();
  return st.lines.map((l) => {
    const base = l.key ?? `line:${st.kind}:${keySlug(l.label, 80, "line")}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}#${n + 1}`;
  });
}

/**
 * The finding's period: a fiscal year as analysts and questions name it ("FY2019" for the year
 * ended 2 February 2019), its real last day kept in periodEnd; other periods as the reader labels them.
 */
function findingPeriod(label: string): string {
  const p = parsePeriod(label);
  return p?.kind === "FY" ? `FY${p.year}` : label;
}

function failedChecks(st: Statement): string {
  return st.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`).join("; ") || "no identity could be checked";
}

/** Candidates for every line × period of the statements read from a document. */
export function statementCandidates(statements: Statement[], pages: ExtractionPage[]): Candidate<StatementFindingPayload>[] {
  const byNumber = new Map(pages.map((p) => [p.pageNumber, p]));
  const out: Candidate<StatementFindingPayload>[] = [];
  const taken = new Set<string>();
  for (const st of statements) {
    const keys = keysOf(st);
    st.lines.forEach((line, i) => {
      const page = byNumber.get(line.page);
      if (!page) return;
      const at = page.text.indexOf(line.excerpt);
      if (at < 0) return;
      const excerpt = pickExcerpt(page.text, at, at + line.excerpt.length, "line");
      if (!excerpt) return;
      const { unit, scaled, labelScale } = unitOf(line);
      const scale = scaled ? st.scale : labelScale ?? 1;
      const decimals = Math.max(0, ...line.values.filter((x): x is number => typeof x === "number").map(decimalsOf));
      line.values.forEach((v, c) => {
        const col = st.columns[c];
        if (v === null || v === undefined || !col) return;
        const metricKey = keys[i]!;
        const candidateKey = `${STATEMENT_KEY_PREFIX}${st.kind}:${metricKey}:${findingPeriod(col.period)}:${col.months}`;
        if (taken.has(candidateKey)) return; // the same line read twice (a statement continued on the next page)
        taken.add(candidateKey);
        out.push({
          candidateType: "finding",
          candidateKey,
          payload: {
            metric: line.label,
            metricKey,
            valueText: formatPrinted(v, decimals),
            valueNum: v * scale,
            unit,
            currency: labelScale !== undefined ? undefined : st.currency,
            period: findingPeriod(col.period),
            periodEnd: col.periodEnd,
            periodType: periodTypeOfMonths(col.months),
            periodMonths: col.months,
            // a currency line printed unscaled is an amount per share ("Diluted" under "Earnings per share:")
            ...(unit === "currency" && !scaled ? { scope: "per_share" as const } : statementLineScope(line.label)),
            isForecast: false,
            domain: "financial",
            statement: { kind: st.kind, title: st.title, ...(st.entity ? { entity: st.entity } : {}), row: line.excerpt, rowIndex: line.row, scale, header: col.header, months: col.months, balanced: st.balanced, ...(line.section ? { section: line.section } : {}) },
          },
          confidenceScore: st.balanced ? 0.95 : 0.6,
          confidenceReason: st.balanced
            ? `Line of the ${st.title} (${col.header}); the statement's identities hold`
            : `Line of the ${st.title} (${col.header}); the statement fails its identities (${failedChecks(st)}): review before use`,
          evidence: { text: excerpt, page: line.page },
          evidenceType: "formal",
        });
      });
    });
  }
  return out;
}

/** The pages a statement was read from: other table readers leave them alone. */
export function statementPages(statements: Statement[]): Set<number> {
  return new Set(statements.flatMap((s) => s.pages));
}

/** The month the fiscal year ends in, read off the statements' twelve-month columns (undefined when none prints one). */
export function fiscalYearEndOf(statements: Statement[]): number | undefined {
  // a year's flows first, else a balance the reader dated at a fiscal year end ("FY2023" at January 31)
  const cols = statements.flatMap((st) => st.columns);
  const col = cols.find((c) => c.months === 12 && c.periodEnd) ?? cols.find((c) => c.months === 0 && /^FY/.test(c.period) && c.periodEnd);
  if (!col) return undefined;
  const [y, m, d] = col.periodEnd!.split("-").map(Number);
  return effectiveMonth(y!, m!, d!).month;
}
