/**
 * Agent Mode is a configuration of the chat's loop (seed 004, issue 21): the request is read into
 * items by the chat's question reader (lib/agent/reader/items.ts), the items are the plan shown in
 * the trace, each item's question is a turn of the chat agent with its typed evidence tools
 * (./item-legs.ts: parallel, a tool budget that grows with the items within a hard cap), the gate
 * checks every item's answer against its own tool results (./item-gate.ts), and the final answer is
 * structured per item with a badge saying what was checked (./item-answer.ts). A request the reader
 * cannot split into items is asked back, not guessed.
 */
import type { LanguageModel } from "ai";
import type { Db } from "@/lib/db";
import { MandaError } from "@/lib/errors";
import type { DealInput } from "@/lib/agent/run";
import { dataRoomSummary } from "@/lib/agent/evidence/scope";
import { readItems, type RequestItem } from "@/lib/agent/reader/items";
import { legBudget, answerLegs, type Leg, type LegResult } from "./item-legs";
import { checkItem, reasonsOfAnswered, rankedFirst, type ItemCheck } from "./item-gate";
import { writeItemsAnswer } from "./item-answer";
import { coverageOf } from "./coverage";
import { unreadParts } from "./unread-parts";
import { dateRankings } from "./undated-items";
import { requestText } from "./request-text";
import { rankingShares, rewriteItems, shareOfPart } from "./item-rewrites";
import { resolveAgentModeConfig, type AgentModeConfig, type AgentModeConfigInput } from "./config";
import { analyzeConstraints, instructionParts } from "./constraints";
import { TraceRecorder } from "./trace";
import type { AgentModeResult, AgentModeItem, TraceEvent } from "./types";

export interface RunAgentModeOptions {
  question: string;
  db: Db;
  deal: DealInput;
  /** The chat agent's model (the configured one when absent). */
  model?: LanguageModel;
  modelInfo: { provider: string; modelId: string };
  config?: Partial<AgentModeConfigInput>;
  returnTrace?: boolean;
  onTrace?: (e: TraceEvent) => void;
  abortSignal?: AbortSignal;
  now?: () => number;
}

export function checkQuestion(question: unknown, cfg: AgentModeConfig): string {
  if (typeof question !== "string" || !question.trim()) throw new MandaError("bad_request:question", "Type a question for Agent Mode.");
  const q = question.trim();
  if (q.length > cfg.maxQuestionChars) throw new MandaError("bad_request:question_too_long", `Agent Mode questions are limited to ${cfg.maxQuestionChars} characters (this one has ${q.length}).`);
  return q;
}

const SEARCH_TOOLS = new Set(["search_documents", "query_knowledge_base"]);

function summaryOf(output: unknown): { ok: boolean; summary: string } {
  const o = (output ?? {}) as Record<string, unknown>;
  if (typeof o.error === "string") return { ok: false, summary: o.error.slice(0, 160) };
  if (typeof o.status === "string" && o.status !== "answered") return { ok: true, summary: `${o.status}${typeof o.hint === "string" ? `: ${o.hint.slice(0, 120)}` : ""}` };
  if (typeof o.formatted === "string") return { ok: true, summary: `${(o.metric as { name?: string } | undefined)?.name ?? "result"}: ${o.formatted}` };
  if (Array.isArray(o.rows)) return { ok: true, summary: `${o.rows.length} row(s)` };
  if (Array.isArray(o.passages)) return { ok: true, summary: `${o.passages.length} passage(s)` };
  if (Array.isArray(o.items)) return { ok: true, summary: `${o.items.length} item(s)` };
  return { ok: true, summary: "done" };
}

function itemView(c: ItemCheck): AgentModeItem {
  return { n: c.item.n, label: c.item.label, kind: c.item.kind, periods: c.item.periods, status: c.status, ...(c.reason ? { reason: c.reason } : {}) };
}

function askBack(question: string, modelInfo: RunAgentModeOptions["modelInfo"], trace: TraceRecorder, t0: number, cfg: AgentModeConfig): AgentModeResult {
  const answer = `I could not read separate items in this request, so I have not guessed. Which figures (and for which periods) or which topics should I cover? For example: “net sales and operating income for 2022 versus 2021, backlog, and the top three risks”.`;
  trace.record({ type: "final", status: "needs_input", citations: 0, answerChars: answer.length, unmet: ["the request was not read into items"] });
  return {
    answer, citations: [], insufficiencies: [], status: "needs_input", unmet: ["the request was not read into items"], constraints: analyzeConstraints(question), plan: [], items: [], badge: "No items read: asked back",
    stats: { searches: 0, openedCitations: 0, toolCalls: 0, toolBudget: legBudget(0, cfg.maxToolCalls, cfg.maxToolCallsCeiling), iterations: 0, reprompts: 0, invalidOutputs: 0, modelCalls: 0, ms: trace.elapsed() - t0 },
    model: modelInfo,
  };
}

export async function runAgentMode(o: RunAgentModeOptions): Promise<AgentModeResult> {
  const cfg = resolveAgentModeConfig(o.config);
  const question = checkQuestion(o.question, cfg);
  const trace = new TraceRecorder(o.onTrace, o.now);
  const t0 = trace.elapsed();
  const constraints = analyzeConstraints(question);
  trace.record({ type: "constraints", constraints, source: "rules" });
  const room = await dataRoomSummary(o.db, o.deal.id);
  const companies = room.map((r) => r.company).filter(Boolean);
  // shorthand, apostrophe years and ranges written out; the room's own names kept as typed
  const names = new Set(companies.flatMap((c) => c.toLowerCase().split(/[^\p{L}\p{N}&']+/u)).filter((w) => w.length > 1));
  const request = requestText(instructionParts(question).request, names, companies);
  const read = readItems(request, companies);
  read.items = rewriteItems(dateRankings(read.items), companies);
  if (!read.items.length) {
    const r = askBack(question, o.modelInfo, trace, t0, cfg);
    return o.returnTrace ? { ...r, trace: trace.events } : r;
  }
  trace.record({ type: "plan", steps: read.items.map((i) => i.label), format: "items", source: "reader" });
  // a figure or topic the request names that no item asks: the run cannot validate without it
  const unread = unreadParts(request, read.items);
  // a share of the part a ranking names ("and what percentage of revenue it accounted for") is asked once the ranking answered
  const leaning = rankingShares(read.items);
  const leans = (i: RequestItem) => leaning.some((l) => l.n === i.n);
  const legs: Leg[] = read.items.filter((i) => !leans(i)).flatMap((i) => i.questions.map((q) => ({ item: i.n, question: q })));
  const budget = legBudget(legs.length + leaning.length, cfg.maxToolCalls, cfg.maxToolCallsCeiling);
  const recordLeg = (r: LegResult) => {
    const start = trace.mark() - r.ms;
    for (const c of r.toolCalls) {
      const s = summaryOf(c.output);
      trace.record({ type: "tool_call", tool: c.toolName, item: r.item, args: (c.input ?? {}) as Record<string, unknown>, ok: s.ok, summary: s.summary, batch: r.batch }, start);
    }
    if (r.skipped) trace.record({ type: "error", code: "budget", message: `Item ${r.item}: not asked, the tool budget (${budget}) was spent` });
  };
  const results = await answerLegs({
    db: o.db, deal: o.deal, legs, model: o.model, abortSignal: o.abortSignal,
    budget: { toolCalls: budget, parallel: cfg.maxBatch, stepsPerQuestion: cfg.maxIterations },
    onLeg: recordLeg,
  });
  // every question failed alike (the model is down): the run failed, it did not find the data room empty
  const asked = results.filter((r) => !r.skipped);
  if (asked.length && asked.every((r) => r.error)) {
    const err = new MandaError("unavailable:model", "The language model could not answer right now. Please try again in a moment.", { cause: asked[0]!.cause });
    trace.record({ type: "error", code: err.code, message: err.message });
    throw err;
  }
  const legsOf = (i: RequestItem): LegResult[] => results.filter((r) => r.item === i.n);
  const checks = read.items.map((i): ItemCheck => (leans(i) ? { item: i, status: "failed", legs: [], reason: "the ranking it leans on named no part" } : checkItem(i, legsOf(i), { companies })));
  if (leaning.length) {
    const asks = leaning.flatMap((l) => {
      const on = checks.find((c) => c.item.n === l.on);
      const part = on?.status === "answered" ? rankedFirst(legsOf(on.item)[0]!, on.item) : null;
      return part && on ? [{ l, item: shareOfPart(read.items.find((i) => i.n === l.n)!, l, part, on.item, companies) }] : [];
    });
    const used = results.reduce((n, r) => n + r.toolCalls.length, 0);
    const second = await answerLegs({ db: o.db, deal: o.deal, legs: asks.map((a) => ({ item: a.item.n, question: a.item.questions[0]! })), model: o.model, abortSignal: o.abortSignal, budget: { toolCalls: Math.max(0, budget - used), parallel: cfg.maxBatch, stepsPerQuestion: cfg.maxIterations }, onLeg: recordLeg });
    for (const r of second) {
      const a = asks.find((x) => x.item.n === r.item)!;
      checks[checks.findIndex((c) => c.item.n === r.item)] = checkItem(a.item, [r], { companies });
      results.push(r);
    }
  }
  // an item that found nothing and has another wording is asked once more, within the budget
  const again = checks.filter((c) => c.status !== "answered" && c.item.retry);
  if (again.length) {
    const used = results.reduce((n, r) => n + r.toolCalls.length, 0);
    for (const c of again) trace.record({ type: "reprompt", reason: "validation", message: `Item ${c.item.n} (${c.item.label}): asked again as “${c.item.retry}”`, remaining: { toolCalls: Math.max(0, budget - used), iterations: 0, reprompts: 0 } });
    const second = await answerLegs({ db: o.db, deal: o.deal, legs: again.map((c) => ({ item: c.item.n, question: c.item.retry! })), model: o.model, abortSignal: o.abortSignal, budget: { toolCalls: Math.max(0, budget - used), parallel: cfg.maxBatch, stepsPerQuestion: cfg.maxIterations }, onLeg: recordLeg });
    for (const r of second) {
      const at = checks.findIndex((c) => c.item.n === r.item);
      const retried = checkItem(checks[at]!.item, [r], { companies });
      if (retried.status === "answered" || (retried.status === "failed" && checks[at]!.status === "not_covered")) checks[at] = retried;
      results.push(r);
    }
  }
  // before an item is said to be missing from the data room: one search in the analyst's own words
  const used = results.reduce((n, r) => n + r.toolCalls.length, 0);
  const unfound = checks.filter((c) => c.status === "not_covered" && c.item.kind !== "narrative").slice(0, Math.max(0, budget - used));
  const coverage = await Promise.all(unfound.map((c) => coverageOf(o.db, o.deal, c.item, companies).then((cov) => ({ c, cov }))));
  for (const { c, cov } of coverage) {
    if (!cov) continue;
    for (const call of cov.calls) {
      const s = summaryOf(call.output);
      trace.record({ type: "tool_call", tool: call.toolName, item: c.item.n, args: call.input as Record<string, unknown>, ok: s.ok, summary: s.summary, batch: 0 });
    }
    results.push({ item: c.item.n, question: String((cov.calls[0]!.input as { query: string }).query), text: "", sources: [], toolCalls: cov.calls, ms: 0, batch: 0 });
    if (cov.found) checks[checks.indexOf(c)] = { ...c, status: "failed", reason: `the data room states it (${cov.found.replace(/^\(source: |\)$/g, "")}) but the run did not answer it` };
  }
  // a reason for a figure the run answered is in the filings that state the figure
  checks.splice(0, checks.length, ...reasonsOfAnswered(checks));
  for (const c of checks) trace.record({ type: "validation", ok: c.status !== "failed", attempt: c.item.n, item: c.item.label, failures: c.status === "failed" ? [{ code: "ITEM_NOT_ANSWERED", message: `${c.item.label}: ${c.reason ?? "not answered"}` }] : c.status === "not_covered" ? [{ code: "NOT_IN_DATA_ROOM", message: `${c.item.label}: not in the data room` }] : [] });
  for (const part of unread) trace.record({ type: "validation", ok: false, attempt: 0, item: part, failures: [{ code: "PART_NOT_READ", message: `${part}: named in the request but read into no item` }] });
  const written = writeItemsAnswer(checks, constraints.insufficiencyPhrase, unread);
  const status = written.counts.failed || unread.length ? "forced" : "validated";
  const unmet = [...checks.filter((c) => c.status === "failed").map((c) => `${c.item.label}: ${c.reason ?? "not answered"}`), ...unread.map((p) => `${p}: not read into an item`)];
  trace.record({ type: "final", status, citations: written.citations.length, answerChars: written.answer.length, unmet, badge: written.badge });
  const calls = results.flatMap((r) => r.toolCalls);
  const result: AgentModeResult = {
    answer: written.answer, citations: written.citations, insufficiencies: written.insufficiencies, status, unmet, constraints,
    plan: read.items.map((i) => i.label), items: checks.map(itemView), badge: written.badge,
    stats: { searches: calls.filter((c) => SEARCH_TOOLS.has(c.toolName)).length, openedCitations: written.citations.length, toolCalls: calls.length, toolBudget: budget, iterations: results.filter((r) => !r.skipped).length, reprompts: 0, invalidOutputs: 0, modelCalls: results.filter((r) => !r.skipped).length, ms: trace.elapsed() - t0 },
    model: o.modelInfo,
  };
  return o.returnTrace ? { ...result, trace: trace.events } : result;
}
