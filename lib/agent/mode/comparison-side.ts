/**
 * One side of a comparison as the turn's own tools returned it. A comparison is asked one period
 * at a time; when a turn answers with the change or the growth ("Change in net income from FY2015
 * to FY2016: +USD 4,605 million") instead of the period's level, the level is still among its tool
 * results: a statement row's column for the period, or the metric engine's input for the period.
 * That value, the concept's and the period's, is the side; nothing is read from the answer's prose.
 * Only the company's statements and the metric engine's inputs count: a table row may be a part's.
 */
import type { AgentToolCall } from "@/lib/agent/run";
import type { LineItemRow } from "@/lib/agent/evidence/line-items";
import type { RequestItem } from "@/lib/agent/reader/items";
import { formatAmount } from "@/lib/metrics/numbers";
import { namesConcept } from "./evidence-scope";

export interface Side {
  /** In units (dollars, a count). */
  value: number;
  display: string;
  scale: number;
  currency?: string;
  citation: string;
  /** The row or input it was read from, as a line of the answer. */
  line: string;
}

interface Input {
  label: string;
  period: string;
  value: number;
  citation: string;
  scale?: number;
  currency?: string;
  row?: string;
}

/** The value as the metric engine's answer table prints it ("| Net income | FY2016 | USD 16,798 million | … |"). */
function printedIn(answer: string | undefined, i: Input): string | null {
  const line = (answer ?? "").split("\n").find((l) => l.startsWith(`| ${i.label} | ${i.period} |`));
  return line?.split("|")[3]?.trim() || null;
}

function fromInput(i: Input, answer: string | undefined): Side | null {
  const shown = i.scale ? formatAmount(i.value, i.scale, i.currency) : printedIn(answer, i);
  if (!shown) return null;
  const scale = i.scale ?? (/\bbillion\b/.test(shown) ? 1e9 : /\bmillion\b/.test(shown) ? 1e6 : /\bthousand\b/.test(shown) ? 1e3 : 1);
  const currency = i.currency ?? /^[A-Z]{3}\b/.exec(shown)?.[0];
  return { value: i.value, display: shown, scale, ...(currency ? { currency } : {}), citation: i.citation, line: `(${i.label}, ${i.period}, as printed: ${i.row ?? shown}) ${i.citation}` };
}

function fromRow(row: LineItemRow, period: string): Side | null {
  const col = row.columns.find((c) => c.period === period && c.value !== null && c.months !== 0);
  if (!col || col.value === null) return null;
  const currency = row.currency;
  return { value: col.value, display: formatAmount(col.value, row.scale, currency), scale: row.scale, ...(currency ? { currency } : {}), citation: row.citation, line: `(row "${row.label}" as printed: ${row.row}) ${row.citation}` };
}

/** The period's level of the item's concept among the turn's tool results, when exactly one value is found. */
export function sideFromTools(calls: AgentToolCall[], item: RequestItem, period: string): Side | null {
  const found: Side[] = [];
  for (const c of calls) {
    const out = c.output as Record<string, unknown> | undefined;
    if (!out || typeof out !== "object") continue;
    if (c.toolName === "get_line_items") {
      for (const row of (out.rows as LineItemRow[] | undefined) ?? []) {
        if (row.source !== "statement" || !namesConcept(row.label, item.concept, item.ask)) continue;
        const s = fromRow(row, period);
        if (s) found.push(s);
      }
    }
    if (c.toolName === "compute_metric" && out.status !== "error") {
      for (const i of (out.inputs as Input[] | undefined) ?? []) {
        if (i.period !== period || typeof i.value !== "number" || !namesConcept(i.label, item.concept, item.ask)) continue;
        const s = fromInput(i, typeof out.answer === "string" ? out.answer : undefined);
        if (s) found.push(s);
      }
    }
  }
  const values = new Set(found.map((s) => s.value));
  return values.size === 1 ? found[0]! : null;
}
