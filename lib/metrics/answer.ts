/**
 * formatMetricAnswer: the analyst-facing markdown. The first sentence is the result ("Yes." /
 * "No." first for a judgement), then the formula and the inputs table, each input with its own
 * `(source: FILE.pdf, p.N)`; when inputs are missing, which ones, instead of a figure.
 */
import { comparePeriods } from "@/lib/periods";
import { formatPrinted } from "./numbers";
import { inSentence } from "./words";
import type { MetricInput, MetricResult, MissingInput } from "./types";

const PER_SHARE = new Set(["eps_basic", "eps_diluted"]);

function periodSpan(r: MetricResult): string {
  const p = r.periods;
  if (!p.length) return "";
  if (r.request.judgement && p.length > 1) return `${p[0]}–${p[p.length - 1]}`;
  if (r.request.aggregate === "value" || p.length === 1) return p[p.length - 1]!;
  return r.request.aggregate === "average" || r.request.aggregate === "series" ? `${p[0]}–${p[p.length - 1]}` : `from ${p[0]} to ${p[p.length - 1]}`;
}

function context(r: MetricResult): string {
  const parts = r.series.filter((s) => s.formatted).map((s) => `${s.period} ${s.formatted}`);
  return r.request.aggregate !== "value" && parts.length > 1 ? ` (${parts.join(", ")})` : "";
}

function headline(r: MetricResult): string {
  if (r.judgement) {
    const lead = r.judgement.polarity ? `${r.judgement.polarity === "yes" ? "Yes" : "No"}. ` : "";
    return `${lead}${r.judgement.statement}`;
  }
  const span = periodSpan(r);
  if (r.request.aggregate === "series") return `${r.name} ${span}: ${r.series.map((s) => `${s.period} **${s.formatted}**`).join(", ")}.`;
  return `${r.name}${span ? (span.startsWith("from") ? ` ${span}` : ` for ${span}`) : ""}: **${r.formatted}**${context(r)}.`;
}

/** Whether the answer states a result (else it names what is missing, or why nothing was computed). */
function isComplete(r: MetricResult): boolean {
  return r.missing.length === 0 && (r.formatted !== undefined || r.judgement !== undefined);
}

/**
 * The result figures the answer's headline states, as it formats them ("26.0%", "USD 1,577 million";
 * each period's for a series); none for a judgement (its statement is the result) or an incomplete one.
 */
export function statedResults(r: MetricResult): string[] {
  if (!isComplete(r) || r.judgement) return [];
  if (r.request.aggregate === "series") return r.series.flatMap((s) => (s.formatted ? [s.formatted] : []));
  return r.formatted ? [r.formatted] : [];
}

const lower = inSentence;
const listOf = (xs: string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}` : (xs[0] ?? ""));

function missingSentence(r: MetricResult): string {
  const what = r.missing.map((m: MissingInput) => `the ${m.period} ${m.label}`);
  const span = r.periods.length ? ` for ${periodSpan(r).replace(/^from /, "")}` : "";
  const j = r.request.judgement;
  const target = j?.kind === "extreme" ? `compare ${listOf(j.candidates.map((c) => lower(c.name)))}${span}` : `compute the ${lower(r.name)}${span}`;
  const plural = what.length > 1 || /(?:s|equivalents)$/.test(r.missing[0]!.label);
  return `I couldn't ${target}: ${listOf(what)} ${plural ? "are" : "is"} not in the documents.`;
}

function inputRow(i: MetricInput): string {
  const printed = formatPrinted(i.value, i.scale, i.currency, PER_SHARE.has(i.key));
  return `| ${i.label.replace(/\|/g, "/")} | ${i.period} | ${printed} | ${i.citation} |`;
}

/** Inputs in period order (stable within a period: the order the formula read them). */
function inputsTable(inputs: MetricInput[]): string[] {
  if (!inputs.length) return [];
  const ordered = inputs.map((i, n) => ({ i, n })).sort((a, b) => comparePeriods(a.i.period, b.i.period) || a.n - b.n).map((x) => x.i);
  return ["", "| Input | Period | Value | Source |", "|---|---|---|---|", ...ordered.map(inputRow)];
}

export function formatMetricAnswer(r: MetricResult): string {
  const complete = isComplete(r);
  const lines: string[] = [];
  if (complete) lines.push(headline(r));
  else if (r.missing.length) lines.push(missingSentence(r));
  else lines.push(`I couldn't compute the ${lower(r.name)}${r.notes.length ? `: ${r.notes.join(" ")}` : "."}`);
  lines.push("", `Formula: ${r.formula}`);
  lines.push(...inputsTable(r.inputs));
  const notes = complete ? r.notes : [];
  if (notes.length) lines.push("", ...notes.map((n) => `Note: ${n}`));
  return lines.join("\n");
}
