/**
 * The offline model's evidence path: the question reader (lib/agent/reader) turns the question into
 * the same typed tool calls a remote model makes (compute_metric, get_line_items, get_people,
 * get_company_facts, search_documents), and the answer is written from their results only when the
 * evidence fits the concept, company and period asked. When it does not (an input missing, no row,
 * rows that disagree with no total among them), the path steps aside and the older planner answers
 * or abstains; it never guesses.
 */
import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import { sentencePieces } from "@/lib/extraction/sentences";
import { formatAmount } from "@/lib/metrics/numbers";
import type { Concept } from "../concepts/catalog";
import type { ComputeOutput } from "../evidence/compute";
import type { CitedItem, EntitiesOutput } from "../evidence/entities";
import type { LineItemRow, LineItemsOutput } from "../evidence/line-items";
import type { SearchDocumentsOutput } from "../evidence/passages";
import { tokens } from "../concepts/match";
import { isMetricQuestion } from "../knowledge/metric-answer";
import { readQuestion, type Reading } from "../reader/read";
import type { Conversation, ToolExchange } from "./conversation";

export const EVIDENCE_PATH_TOOLS = new Set(["compute_metric", "get_line_items", "get_people", "get_company_facts", "search_documents"]);

interface Call {
  toolName: string;
  input: Record<string, unknown>;
}

/** The companies the system prompt's "# Data room" section lists. */
export function dataRoomCompanies(prompt: LanguageModelV3Prompt): string[] {
  const system = prompt.filter((m) => m.role === "system").map((m) => (typeof m.content === "string" ? m.content : "")).join("\n");
  const section = system.split(/^# Data room$/m)[1] ?? "";
  return [...section.matchAll(/^- ([^:\n]+):/gm)].map((m) => m[1]!.trim()).filter((c) => c && c !== "Other documents");
}

/** The current turn read with the conversation before it (each earlier turn read in order, for follow-ups). */
export function readTurn(conv: Conversation, companies: string[]): Reading {
  let prev: Reading | undefined;
  for (const t of conv.past) if (t.user.trim()) prev = readQuestion(t.user, companies, prev);
  return readQuestion(conv.current.user, companies, prev);
}

/** Words beyond which a question carries more than the reader's slots (definitions, spans, instructions): the metric engine reads those. */
const LONG_QUESTION = 14;
const RATIO_OF = /(?:\bas an? |\bas )?(?:%|\bpercent(?:age)?) of\b|\bdivided by\b|\//i;

/** The typed calls for a reading, or null when the reading does not name what the evidence tools answer. */
export function evidenceCalls(r: Reading): Call[] | null {
  if (r.reason || r.concepts.length === 0) return null;
  const company = r.company ? { company: r.company } : {};
  const [c, d] = r.concepts;
  if (r.polar && !(c!.kind === "person" || c!.kind === "organisation")) return null;
  if (c!.kind === "person") return [{ toolName: "get_people", input: { ...company, ...(c!.role ? { role: c!.role } : {}) } }];
  // customers and subsidiaries are lists the entity rules read only in part: passages answer them
  if (c!.fact && ANSWERED_FACTS.has(c!.fact)) return [{ toolName: "get_company_facts", input: { ...company, facts: [c!.fact] } }];
  if (c!.fact) return null;
  if (c!.kind === "text") return c!.section === "risk factors" ? [{ toolName: "search_documents", input: { ...company, query: "risk factors could adversely affect our business results", section: "risk factors", k: 10 } }] : null;
  const periods = r.periods.length ? { periods: r.periods } : {};
  const format = { ...(r.decimals !== undefined ? { decimals: r.decimals } : {}), ...(r.scale ? { scale: r.scale } : {}), ...(r.aggregate ? { aggregate: r.aggregate } : {}) };
  // a long question the metric engine reads itself (a definition, a span of years, units and rounding) stays with it
  if (computable(c!) && tokens(r.text).length > LONG_QUESTION && isMetricQuestion(r.text)) return null;
  if (d && computable(c!) && computable(d) && RATIO_OF.test(r.text)) {
    const unit = /%|percent/i.test(r.text) ? "percent" : "ratio";
    return [{ toolName: "compute_metric", input: { ...company, metric: `${c!.label} to ${d.label}`, formula: `${c!.id} / ${d.id}`, unit, ...periods, ...format } }];
  }
  if (r.concepts.length > 1) return null;
  if (computable(c!)) return [{ toolName: "compute_metric", input: { ...company, metric: c!.id, ...periods, ...format } }];
  if (c!.rowWords?.length) return [{ toolName: "get_line_items", input: { ...company, items: [c!.id], ...periods } }];
  return null;
}

const ANSWERED_FACTS = new Set(["auditor", "headquarters", "employees", "registrant"]);

const computable = (c: Concept) => !!(c.metric || c.lineItems?.length) && !["count", "person", "organisation", "place", "text"].includes(c.kind);

/** The next calls of the evidence path, or null when it has nothing (more) to call. */
export function evidenceNext(r: Reading, done: ToolExchange[]): Call[] | null {
  if (done.some((t) => EVIDENCE_PATH_TOOLS.has(t.toolName))) return null;
  return evidenceCalls(r);
}

const periodWord = (p: string) => p.replace(/^FY/, "fiscal ");

function writeCompute(o: ComputeOutput, r: Reading): string | null {
  if (o.status !== "answered" || o.formatted === undefined || !o.inputs.length) return null;
  const who = o.company ? `${o.company}: ` : "";
  const cites = [...new Set(o.inputs.map((i) => i.citation))].join(" ");
  const lines: string[] = [];
  const one = o.series.length <= 1 || (o.metric && r.aggregate && r.aggregate !== "series");
  if (one) lines.push(`${who}${o.metric!.name} ${o.periods.length ? `for ${o.periods.map(periodWord).join("–")} ` : ""}was **${o.formatted}** ${cites}`);
  else {
    lines.push(`${who}${o.metric!.name}:`);
    for (const s of o.series) if (s.formatted) lines.push(`- ${periodWord(s.period)}: **${s.formatted}**`);
    lines.push(cites);
  }
  const direct = o.inputs.length === 1 && o.metric!.id === o.inputs[0]!.item;
  if (!direct) {
    lines.push("", `Formula: ${o.formula}`);
    for (const i of o.inputs) lines.push(`- ${i.label}, ${periodWord(i.period)}: ${formatAmount(i.value, i.scale, i.currency)} ${i.citation}`);
  } else lines.push(`(line "${o.inputs[0]!.label}" as printed: ${o.inputs[0]!.row})`);
  for (const n of o.notes) lines.push(`_${n}_`);
  return lines.join("\n");
}

function writeItems(title: string, items: CitedItem[], company?: string): string | null {
  const current = items.filter((i) => !i.superseded);
  if (!current.length) return null;
  const head = current[0]!;
  const lines = [`${company ? `${company} — ` : ""}${title}: **${head.name}**${head.detail && head.detail !== "auditor" ? ` (${head.detail})` : ""} ${head.citation}`];
  for (const i of current.slice(1, 12)) lines.push(`- ${i.name}${i.detail ? ` (${i.detail})` : ""} ${i.citation}`);
  const older = items.filter((i) => i.superseded && i.name !== head.name).slice(0, 2);
  for (const i of older) lines.push(`_An older filing (${i.document}) listed ${i.name}${i.detail ? ` (${i.detail})` : ""} ${i.citation}._`);
  return lines.join("\n");
}

function writePeople(o: EntitiesOutput, c: Concept): string | null {
  if (!o.items.length) return null;
  return writeItems(c.role ? c.label : "Executive officers (newest filing)", o.items, o.company);
}

function writeFacts(o: EntitiesOutput & { facts?: Record<string, CitedItem[]> }, c: Concept): string | null {
  const items = o.facts?.[c.fact!] ?? [];
  if (!items.length) return null;
  if (c.fact === "employees" || c.fact === "headquarters") {
    const head = items.find((i) => !i.superseded)!;
    return `${o.company ? `${o.company} — ` : ""}${c.label}: **${head.detail ?? head.name}** ${head.citation}${items.some((i) => i.superseded) ? "\n_From the newest filing in the data room._" : ""}`;
  }
  return writeItems(c.label, items, o.company);
}

/** One row answers when it names the concept in its own label and no other row of the same period disagrees, or a statement line does. */
function pickRow(o: LineItemsOutput, c: Concept): LineItemRow | null {
  const word = (c.rowWords?.[0] ?? c.terms[0]!).toLowerCase();
  const named = o.rows.filter((x) => x.label.toLowerCase().includes(word) && x.columns.some((col) => col.value !== null));
  if (!named.length) return null;
  const statement = named.find((x) => x.source === "statement");
  if (statement) return statement;
  const total = named.filter((x) => /\btotal\b/i.test(x.label) || (x.label.toLowerCase().replace(/[^a-z ]/g, "").trim() === word && !x.table?.headings.length));
  const candidates = total.length ? total : named;
  const values = new Set(candidates.map((x) => x.columns.find((col) => col.value !== null)!.value));
  return values.size === 1 ? candidates[0]! : null;
}

function writeRows(o: LineItemsOutput, c: Concept, r: Reading): string | null {
  const row = pickRow(o, c);
  if (!row) return null;
  const col = row.columns.find((x) => x.value !== null)!;
  const value = c.kind === "ratio" || c.kind === "count" ? (col.printed ?? String(col.value)) : formatAmount(col.value!, row.scale, row.currency);
  const where = row.table?.title ? ` (table: ${row.table.title})` : "";
  return `${o.company ? `${o.company}: ` : ""}${row.label}, ${periodWord(col.period)}: **${value}**${where} ${row.citation}\n(row as printed: ${row.row})${o.notes.map((n) => `\n_${n}_`).join("")}${r.followUp ? "" : ""}`;
}

/** A sentence that states a risk: what could or may hurt the business, not the section's introduction. */
const STATES_RISK = /\b(?:could|may|might|would)\b[^.]*\b(?:advers\w*|harm\w*|negative\w*|affect\w*|impact\w*|disrupt\w*|los[se]\w*|declin\w*|reduc\w*|fail\w*)/i;
const NOT_A_RISK = /forward-looking|cautionary|following (?:discussion|risk factors)|should be considered|incorporated by reference|table of contents/i;

/** The risks the section's passages state, one sentence each, newest filing first, at most five. */
function riskSentences(o: SearchDocumentsOutput): Array<{ text: string; citation: string }> {
  const out: Array<{ text: string; citation: string }> = [];
  for (const p of o.passages.filter((x) => x.section === "risk_factors")) {
    const s = sentencePieces(p.text.replace(/\s+/g, " ")).find((x) => STATES_RISK.test(x) && !NOT_A_RISK.test(x) && x.length <= 400);
    if (s && !out.some((x) => x.text === s)) out.push({ text: s.replace(/^[•*\-–\s]+/, ""), citation: p.citation });
  }
  return out.slice(0, 5);
}

function writeRisks(o: SearchDocumentsOutput): string | null {
  const risks = riskSentences(o);
  if (!risks.length) return null;
  const lines = [`${o.company ? `${o.company}'s` : "The"} risk factors (Item 1A) include:`];
  for (const r of risks) lines.push(`- ${r.text} ${r.citation}`);
  return lines.join("\n");
}

/** The answer from the evidence path's results, or null when they do not fit (the older planner then answers). */
export function evidenceAnswer(r: Reading, done: ToolExchange[]): string | null {
  const t = done.find((x) => EVIDENCE_PATH_TOOLS.has(x.toolName));
  const c = r.concepts[0];
  if (!t || !c || !t.output || typeof t.output !== "object") return null;
  const out = t.output as Record<string, unknown>;
  if (out.status === "unknown_company" || (typeof out.error === "string" && /No company in this deal/.test(out.error))) {
    const asked = typeof t.input.company === "string" ? t.input.company : (r.company ?? "that company");
    const held = typeof out.hint === "string" ? out.hint : typeof out.error === "string" ? out.error : "";
    return `This data room holds no documents of "${asked}". ${held}`.trim();
  }
  switch (t.toolName) {
    case "compute_metric":
      return writeCompute(out as unknown as ComputeOutput, r);
    case "get_people":
      return writePeople(out as unknown as EntitiesOutput, c);
    case "get_company_facts":
      return writeFacts(out as unknown as EntitiesOutput, c);
    case "get_line_items":
      return writeRows(out as unknown as LineItemsOutput, c, r);
    case "search_documents":
      return writeRisks(out as unknown as SearchDocumentsOutput);
  }
  return null;
}
