/**
 * The bounded Agent Mode loop (seed 004 §3), model-agnostic: constraints → plan → actions in
 * strict JSON (parsed with zod) → tools → validation gate on every `final` → reprompts with the
 * unmet constraints and the remaining budget → forced, honest synthesis when a budget is spent
 * → citation grounding. Hard limits come from the config object (tool calls, iterations,
 * reprompts, question length, citations and characters in context). Independent calls of a
 * `tool_calls` batch run in parallel; the same page or chunk is never opened twice; ids are
 * resolved only inside the deal and the user's access (tools.ts).
 */
import { generateText, type LanguageModel } from "ai";
import { MandaError, isMandaError } from "@/lib/errors";
import { log } from "@/lib/log";
import { parseAction, type AgentAction, type ToolCall } from "./actions";
import { effectiveToolBudget, resolveAgentModeConfig, type AgentModeConfig, type AgentModeConfigInput } from "./config";
import { analyzeConstraints, describeConstraints, refineConstraints } from "./constraints";
import { groundCitations } from "./grounding";
import { generatePlan } from "./planner";
import { ACTION_SYSTEM, SYNTHESIS_SYSTEM, buildState, renderStatePrompt } from "./prompts";
import { contextWindow, type AgentModeTools, type OpenTarget } from "./tools";
import { TraceRecorder } from "./trace";
import type { AgentConstraints, AgentModeResult, Insufficiency, OpenedCitation, SearchRecord, SearchResultItem, TraceEvent, ValidationResult } from "./types";
import { contentWords, queryCoversTopic, words } from "./text";
import { missingTopicsOf, validateFinal } from "./validate";
import { describeTopics, requestTopics } from "./request-topics";
import { checkTopics } from "./topic-gate";

export interface RunAgentModeOptions {
  question: string;
  model: LanguageModel;
  modelInfo?: { provider: string; modelId: string };
  tools: AgentModeTools;
  /** The deal's slug, for viewer URLs. */
  dealSlug: string;
  config?: Partial<AgentModeConfigInput>;
  returnTrace?: boolean;
  onTrace?: (e: TraceEvent) => void;
  abortSignal?: AbortSignal;
  now?: () => number;
}

interface RunState {
  searches: SearchRecord[];
  opened: OpenedCitation[];
  byRef: Map<string, SearchResultItem>;
  openedKeys: Map<string, number>;
  refCounter: number;
  toolCalls: number;
  batches: number;
}

export function checkQuestion(question: unknown, cfg: AgentModeConfig): string {
  if (typeof question !== "string" || !question.trim()) throw new MandaError("bad_request:question", "Type a question for Agent Mode.");
  const q = question.trim();
  if (q.length > cfg.maxQuestionChars) throw new MandaError("bad_request:question_too_long", `Agent Mode questions are limited to ${cfg.maxQuestionChars} characters (this one has ${q.length}).`);
  return q;
}

const norm = (q: string) => words(q).sort().join(" ");

export async function runAgentMode(o: RunAgentModeOptions): Promise<AgentModeResult> {
  const cfg = resolveAgentModeConfig(o.config);
  const question = checkQuestion(o.question, cfg);
  const trace = new TraceRecorder(o.onTrace, o.now);
  const signal = o.abortSignal;
  let modelCalls = 0;

  async function callModel(system: string, prompt: string): Promise<string> {
    modelCalls++;
    try {
      const r = await generateText({ model: o.model, system, prompt, temperature: 0, maxRetries: 1, abortSignal: signal, timeout: cfg.modelTimeoutMs });
      return r.text;
    } catch (e) {
      if (signal?.aborted) throw e;
      log.warn("agent mode: model call failed", { error: e instanceof Error ? e.message : String(e) });
      const err = new MandaError("unavailable:model", "The language model could not answer right now. Please try again in a moment.", { cause: e });
      trace.record({ type: "error", code: err.code, message: err.message });
      throw err;
    }
  }

  // 1. constraints
  let t = trace.mark();
  const rules = analyzeConstraints(question);
  let constraints: AgentConstraints = rules;
  let source: "rules" | "rules+model" = "rules";
  let note: string | undefined;
  if (cfg.refineConstraints) {
    modelCalls++;
    const r = await refineConstraints(o.model, question, rules, { abortSignal: signal, timeoutMs: cfg.modelTimeoutMs });
    constraints = r.constraints;
    if (r.refined) source = "rules+model";
    note = r.note;
  }
  trace.record({ type: "constraints", constraints, source, ...(note ? { note } : {}) }, t);
  // the request's topics: each needs a search, and opened pages to answer from (one page often answers several)
  const topics = requestTopics(question, constraints);
  const toolBudget = effectiveToolBudget(cfg, { minSearches: Math.max(constraints.minSearches, topics.length), minOpenCitations: Math.max(constraints.minOpenCitations, topics.length) });
  const requirements = [...describeConstraints(constraints), ...describeTopics(topics, constraints.insufficiencyPhrase)];

  // 2. plan
  t = trace.mark();
  modelCalls++;
  const plan = await generatePlan(o.model, question, constraints, requirements, { abortSignal: signal, timeoutMs: cfg.modelTimeoutMs });
  trace.record({ type: "plan", steps: plan.steps, format: plan.format, source: plan.source }, t);

  // 3. loop
  const st: RunState = { searches: [], opened: [], byRef: new Map(), openedKeys: new Map(), refCounter: 0, toolCalls: 0, batches: 0 };
  let iterations = 0;
  let reprompts = 0;
  let invalidOutputs = 0;
  let validations = 0;
  let feedback: string[] = [];
  let accepted: { answer: string; insufficiencies?: Array<{ topic: string; missing?: string }> } | null = null;
  let lastFinal: { answer: string; insufficiencies?: Array<{ topic: string; missing?: string }> } | null = null;
  let lastValidation: ValidationResult | null = null;

  const remaining = () => ({ toolCalls: toolBudget - st.toolCalls, iterations: cfg.maxIterations - iterations, reprompts: cfg.maxReprompts - reprompts });
  const state = (mode: "act" | "synthesize") =>
    buildState({
      mode,
      question,
      constraints,
      plan: plan.steps,
      budget: { toolBudget, toolCallsUsed: st.toolCalls, toolCallsLeft: Math.max(0, toolBudget - st.toolCalls), iterationsLeft: cfg.maxIterations - iterations, repromptsLeft: cfg.maxReprompts - reprompts, maxBatch: cfg.maxBatch },
      searches: st.searches,
      opened: st.opened,
      maxContextCitations: cfg.maxContextCitations,
      feedback,
    });
  const reprompt = (reason: "invalid_json" | "validation" | "budget" | "refused", lines: string[]): boolean => {
    if (reprompts >= cfg.maxReprompts) return false;
    reprompts++;
    feedback = lines;
    trace.record({ type: "reprompt", reason, message: lines.join("\n"), remaining: remaining() });
    return true;
  };

  while (iterations < cfg.maxIterations) {
    if (signal?.aborted) throw signal.reason ?? new Error("aborted");
    iterations++;
    const text = await callModel(ACTION_SYSTEM, renderStatePrompt(state("act"), requirements));
    const parsed = parseAction(text);
    if (!parsed.ok) {
      invalidOutputs++;
      if (!reprompt("invalid_json", [`Your last output was not a valid action: ${parsed.error}.`, "Output exactly ONE JSON object in the format described, with no text around it."])) break;
      continue;
    }
    const action: AgentAction = parsed.action;
    if (action.type === "final") {
      validations++;
      t = trace.mark();
      const v = validateFinal({ answer: action.answer, question, constraints, searches: st.searches, opened: st.opened, declaredInsufficiencies: action.insufficiencies, topics });
      lastValidation = v;
      lastFinal = action;
      trace.record({ type: "validation", ok: v.ok, attempt: validations, failures: v.failures.map((f) => ({ code: f.code, message: f.message })) }, t);
      if (v.ok) {
        accepted = action;
        break;
      }
      const left = toolBudget - st.toolCalls;
      const needTools = v.failures.filter((f) => f.needsTools);
      if (needTools.length && left <= 0) break; // cannot be fixed: synthesise honestly
      const lines = [
        "VALIDATION FAILED — your answer does not meet the requirements.",
        ...v.failures.map((f) => `${f.code}: ${f.message}`),
        `REMAINING TOOL BUDGET: ${left} call(s).`,
        needTools.length ? "You MUST output a tool call (or tool_calls) to gather what is missing before finalising." : "Rewrite the final answer fixing every error above.",
      ];
      if (!reprompt("validation", lines)) break;
      continue;
    }
    // tool calls
    const calls: ToolCall[] = action.type === "tool_call" ? [{ tool: action.tool, args: action.args } as ToolCall] : action.calls;
    if (st.toolCalls >= toolBudget) {
      if (!reprompt("budget", [`The tool budget (${toolBudget} calls) is spent. Output {"type":"final",…} now, from the opened citations.`])) break;
      continue;
    }
    feedback = await runCalls(calls, st, { cfg, toolBudget, tools: o.tools, trace, question });
  }

  // 4. forced synthesis when nothing was accepted
  let status: "validated" | "forced" = "validated";
  let answer: string;
  let declared: Array<{ topic: string; missing?: string }> = [];
  let unmet: string[] = [];
  if (accepted) {
    answer = accepted.answer;
    declared = accepted.insufficiencies ?? [];
  } else {
    status = "forced";
    if (lastValidation && !lastValidation.ok) feedback = lastValidation.failures.map((f) => `${f.code}: ${f.message}`);
    let text = "";
    try {
      text = await callModel(SYNTHESIS_SYSTEM, renderStatePrompt(state("synthesize"), requirements));
    } catch (e) {
      if (signal?.aborted || !lastFinal) throw e;
    }
    const p = text ? parseAction(text) : null;
    const synth = p?.ok && p.action.type === "final" ? p.action : text && !text.trim().startsWith("{") ? { answer: text.trim() } : lastFinal ?? { answer: fallbackSynthesis(constraints, st) };
    answer = synth.answer;
    declared = ("insufficiencies" in synth ? synth.insufficiencies : undefined) ?? [];
    answer = discloseMissing(answer, constraints, st);
    const gaps = discloseUnanswered(answer, constraints, st, topics);
    answer = gaps.answer;
    declared = [...declared, ...gaps.topics.filter((g) => !declared.some((d) => d.topic.toLowerCase() === g.topic.toLowerCase()))];
    t = trace.mark();
    const v = validateFinal({ answer, question, constraints, searches: st.searches, opened: st.opened, declaredInsufficiencies: declared, topics });
    trace.record({ type: "validation", ok: v.ok, attempt: ++validations, forced: true, failures: v.failures.map((f) => ({ code: f.code, message: f.message })) }, t);
    unmet = v.failures.filter((f) => f.code !== "INVALID_CITATION_MARKER").map((f) => f.message);
    if (unmet.length) answer = `${answer.trim()}\n\n${constraints.language === "sv" ? "> Obs: svaret uppfyller inte alla krav" : "> Note: this answer does not meet every requirement"} — ${unmet.join(" ")}`;
  }

  // 5. grounding
  const g = groundCitations({ answer, opened: st.opened, searches: st.searches, dealSlug: o.dealSlug });
  const insufficiencies = insufficienciesOf(constraints, st, declared, unmet);
  trace.record({ type: "final", status, citations: g.citations.length, answerChars: g.answer.length, unmet });

  const result: AgentModeResult = {
    answer: g.answer,
    citations: g.citations,
    insufficiencies,
    status,
    unmet,
    constraints,
    plan: plan.steps,
    stats: {
      searches: st.searches.filter((s) => !s.error).length,
      openedCitations: st.opened.length,
      toolCalls: st.toolCalls,
      toolBudget,
      iterations,
      reprompts,
      invalidOutputs,
      modelCalls,
      ms: trace.elapsed(),
    },
    model: o.modelInfo ?? { provider: o.model && typeof o.model === "object" ? o.model.provider : "unknown", modelId: o.model && typeof o.model === "object" ? o.model.modelId : String(o.model) },
  };
  if (o.returnTrace) result.trace = trace.events;
  return result;
}

interface Prepared {
  call: ToolCall;
  kind: "search" | "open" | "duplicate" | "refused";
  message?: string;
  target?: OpenTarget;
  fromRef?: SearchResultItem;
  key?: string;
}

/** Runs one action's calls: validates and dedupes in order, executes in parallel, commits in order. */
async function runCalls(calls: ToolCall[], st: RunState, x: { cfg: AgentModeConfig; toolBudget: number; tools: AgentModeTools; trace: TraceRecorder; question: string }): Promise<string[]> {
  const feedback: string[] = [];
  const list = calls.slice(0, x.cfg.maxBatch);
  if (calls.length > list.length) feedback.push(`Only the first ${x.cfg.maxBatch} calls of a batch are run.`);
  const batch = list.length > 1 ? ++st.batches : undefined;
  const prepared: Prepared[] = [];
  const reserved = new Set<string>();
  const searched = new Set(st.searches.filter((s) => !s.error).map((s) => norm(s.query)));
  let budgetLeft = x.toolBudget - st.toolCalls;
  for (const call of list) {
    if (call.tool === "search_docs") {
      const key = norm(call.args.query);
      if (searched.has(key) || reserved.has(`q:${key}`)) {
        prepared.push({ call, kind: "duplicate", message: `Already searched for "${call.args.query}"; use its results or search for something else.` });
        continue;
      }
      if (budgetLeft <= 0) {
        prepared.push({ call, kind: "refused", message: "Not run: the tool budget is spent." });
        continue;
      }
      reserved.add(`q:${key}`);
      budgetLeft--;
      prepared.push({ call, kind: "search" });
      continue;
    }
    const a = call.args;
    let target: OpenTarget | undefined;
    let fromRef: SearchResultItem | undefined;
    if (a.ref) {
      fromRef = st.byRef.get(a.ref.toUpperCase());
      if (!fromRef) {
        if (budgetLeft <= 0) {
          prepared.push({ call, kind: "refused", message: "Not run: the tool budget is spent." });
          continue;
        }
        budgetLeft--;
        prepared.push({ call, kind: "refused", key: "counted", message: `Refused: ${a.ref} is not a ref from this run's search results.` });
        continue;
      }
      target = { documentId: fromRef.documentId, page: fromRef.page };
    } else if (a.chunkId) target = { chunkId: a.chunkId };
    else target = { documentId: a.documentId!, page: a.page! };
    const key = "chunkId" in target ? `c:${target.chunkId.toLowerCase()}` : `p:${target.documentId.toLowerCase()}:${target.page}`;
    const already = st.openedKeys.get(key);
    if (already !== undefined || reserved.has(key)) {
      prepared.push({ call, kind: "duplicate", message: already !== undefined ? `Already opened as [${already}]; cite it as [${already}] instead of opening it again.` : "The same page is opened twice in this batch; it is opened once." });
      continue;
    }
    if (budgetLeft <= 0) {
      prepared.push({ call, kind: "refused", message: "Not run: the tool budget is spent." });
      continue;
    }
    reserved.add(key);
    budgetLeft--;
    prepared.push({ call, kind: "open", target, fromRef, key });
  }

  // Execute (independent calls concurrently), each timed.
  const runs = prepared.map(async (p) => {
    const started = x.trace.mark();
    try {
      if (p.kind === "search") {
        const args = p.call.args as { query: string; k?: number };
        const results = await x.tools.searchDocs({ query: args.query, k: Math.min(args.k ?? x.cfg.searchTopK, 10), snippetChars: x.cfg.snippetChars });
        return { p, started, results };
      }
      if (p.kind === "open") return { p, started, source: await x.tools.openCitation(p.target!) };
      return { p, started };
    } catch (e) {
      return { p, started, error: isMandaError(e) ? e.message : "the tool failed" };
    }
  });
  const done = await Promise.all(runs);

  // Commit in call order: refs and citation numbers are deterministic.
  for (const d of done) {
    const { p } = d;
    const args = p.call.args as Record<string, unknown>;
    if (p.kind === "duplicate" || (p.kind === "refused" && p.key !== "counted")) {
      feedback.push(p.message!);
      x.trace.record({ type: "tool_call", tool: p.call.tool, args, ok: false, summary: p.message!, batch, error: p.kind }, d.started);
      continue;
    }
    st.toolCalls++;
    if (p.kind === "refused") {
      feedback.push(p.message!);
      x.trace.record({ type: "tool_call", tool: p.call.tool, args, ok: false, summary: p.message!, batch, error: "refused" }, d.started);
      continue;
    }
    if ("error" in d && d.error) {
      if (p.kind === "search") st.searches.push({ index: st.searches.length + 1, query: String(args.query), results: [], error: d.error });
      feedback.push(`${p.call.tool} failed: ${d.error}`);
      x.trace.record({ type: "tool_call", tool: p.call.tool, args, ok: false, summary: `Failed: ${d.error}`, batch, error: d.error }, d.started);
      continue;
    }
    if (p.kind === "search") {
      const results: SearchResultItem[] = ("results" in d ? d.results ?? [] : []).map((r) => ({ ...r, ref: `${r.type === "finding" ? "F" : "R"}${++st.refCounter}` }));
      for (const r of results) st.byRef.set(r.ref, r);
      st.searches.push({ index: st.searches.length + 1, query: String(args.query), results });
      const evidence = results.filter((r) => r.role === "evidence" && r.matchedTerms.length > 0).length;
      const summary = results.length
        ? `Found ${results.length} result(s)${evidence < results.length ? ` (${evidence} with the query's words)` : ""}: ${results.slice(0, 3).map((r) => `${r.document} p.${r.page}`).join(", ")}${results.length > 3 ? " …" : ""}`
        : "No results";
      x.trace.record({ type: "tool_call", tool: "search_docs", args, ok: true, summary, batch, results: results.map((r) => ({ ref: r.ref, document: r.document, page: r.page, snippet: r.snippet, role: r.role })) }, d.started);
      continue;
    }
    const src = "source" in d ? d.source : null;
    if (!src) {
      const msg = "Refused: no such page or chunk in this deal (ids must come from this deal's search results).";
      feedback.push(msg);
      x.trace.record({ type: "tool_call", tool: "open_citation", args, ok: false, summary: msg, batch, error: "not_found" }, d.started);
      continue;
    }
    // A chunk whose page is already open adds nothing: treat as a duplicate (not counted).
    const pageKey = `p:${src.documentId.toLowerCase()}:${src.page}`;
    if (src.kind === "chunk" && st.openedKeys.has(pageKey) && src.pageEnd === src.page) {
      st.toolCalls--;
      const n = st.openedKeys.get(pageKey)!;
      feedback.push(`That chunk is on a page already opened as [${n}].`);
      x.trace.record({ type: "tool_call", tool: "open_citation", args, ok: false, summary: `Already opened as [${n}]`, batch, error: "duplicate" }, d.started);
      continue;
    }
    const n = st.opened.length + 1;
    const terms = contentWords(`${p.fromRef ? st.searches.find((s) => s.results.includes(p.fromRef!))?.query ?? "" : ""} ${x.question}`).filter((w) => w.length > 3);
    const win = contextWindow(src.text, x.cfg.maxCitationChars, { snippet: p.fromRef?.snippet, terms });
    const opened: OpenedCitation = {
      n,
      ref: p.fromRef?.ref ?? null,
      documentId: src.documentId,
      document: src.document,
      page: src.page,
      pageEnd: src.pageEnd,
      chunkId: src.chunkId ?? p.fromRef?.chunkId ?? null,
      kind: src.kind,
      text: src.text,
      contextText: win.text,
      truncated: win.truncated,
      snippet: p.fromRef?.snippet ?? "",
      documentDate: src.documentDate,
      documentKind: src.documentKind,
      versionGroup: src.versionGroup,
      role: src.role,
    };
    st.opened.push(opened);
    st.openedKeys.set(p.key!, n);
    if (src.kind === "page") st.openedKeys.set(pageKey, n);
    if (src.kind === "chunk" && src.chunkId) st.openedKeys.set(`c:${src.chunkId.toLowerCase()}`, n);
    x.trace.record(
      {
        type: "tool_call",
        tool: "open_citation",
        args,
        ok: true,
        summary: `Opened [${n}] ${src.document} p.${src.page} (${(src.text.length / 1024).toFixed(1)} KB${win.truncated ? `, ${x.cfg.maxCitationChars} characters in context` : ""})`,
        batch,
        citation: { n, document: src.document, page: src.page, documentId: src.documentId, chunkId: opened.chunkId, chars: src.text.length, truncated: win.truncated },
      },
      d.started,
    );
  }
  return feedback;
}

/** Adds the insufficiency phrase for topics without evidence when the answer does not already say it. */
function discloseMissing(answer: string, c: AgentConstraints, st: RunState): string {
  const missing = missingTopicsOf(c, st.searches.filter((s) => !s.error), st.opened);
  if (missing.length === 0) return answer;
  const lower = answer.toLowerCase();
  const phrase = c.insufficiencyPhrase;
  const lines = missing
    .filter((t) => !(lower.includes(phrase.toLowerCase()) && lower.split(/\n\s*\n/).some((p) => p.includes(phrase.toLowerCase()) && p.includes(t.toLowerCase()))))
    .map((t) => {
      const tried = st.searches.filter((s) => queryCoversTopic(s.query, t)).map((s) => `"${s.query}"`);
      return c.language === "sv"
        ? `**${phrase}** — ${t}: inget dokument i datarummet behandlar detta${tried.length ? ` (sökt: ${tried.join(", ")})` : ""}.`
        : `**${phrase}** — ${t}: no document in the data room covers this${tried.length ? ` (searched: ${tried.join(", ")})` : ""}.`;
    });
  return lines.length ? `${answer.trim()}\n\n${lines.join("\n\n")}` : answer;
}

/**
 * Discloses every topic of the request the answer does not answer: which topic, why (no figure
 * for the period, a number without its line item …), what was searched and what was opened.
 */
function discloseUnanswered(answer: string, c: AgentConstraints, st: RunState, topics: ReturnType<typeof requestTopics>): { answer: string; topics: Array<{ topic: string; missing: string }> } {
  const ok = st.searches.filter((s) => !s.error);
  const open = checkTopics({ answer, topics, opened: st.opened, searches: ok, phrase: c.insufficiencyPhrase }).filter((v) => v.status === "unanswered");
  if (open.length === 0) return { answer, topics: [] };
  const sv = c.language === "sv";
  const lines = open.map((v) => {
    const tried = ok.filter((s) => queryCoversTopic(s.query, v.topic.subject) || queryCoversTopic(s.query, v.topic.name)).map((s) => `‘${s.query}’`);
    const read = st.opened.filter((o) => o.role === "evidence").map((o) => `${o.document} p.${o.page}`);
    const label = `${v.topic.name}${v.topic.period ? ` (${v.topic.period})` : ""}`;
    return sv
      ? `**${c.insufficiencyPhrase}** — ${label}: kunde inte fastställas ur de öppnade källorna (${v.reason}; sökt: ${tried.join(", ") || "inget"}; öppnat: ${read.join(", ") || "inget"}).`
      : `**${c.insufficiencyPhrase}** — ${label}: not established from the opened sources (${v.reason}; searched: ${tried.join(", ") || "nothing"}; opened: ${read.join(", ") || "nothing"}).`;
  });
  return { answer: `${answer.trim()}\n\n${lines.join("\n\n")}`, topics: open.map((v) => ({ topic: v.topic.name, missing: v.reason })) };
}

/** A last-resort answer when the model produced nothing usable: the opened sources, listed honestly. */
function fallbackSynthesis(c: AgentConstraints, st: RunState): string {
  const sv = c.language === "sv";
  if (st.opened.length === 0) return sv ? `${c.insufficiencyPhrase}: inga källor kunde öppnas för frågan.` : `${c.insufficiencyPhrase}: no source could be opened for this question.`;
  return [sv ? "Öppnade källor:" : "Sources opened:", ...st.opened.map((o) => `- ${o.document}, p.${o.page} [${o.n}]`)].join("\n");
}

function insufficienciesOf(c: AgentConstraints, st: RunState, declared: Array<{ topic: string; missing?: string }>, unmet: string[]): Insufficiency[] {
  const ok = st.searches.filter((s) => !s.error);
  const out: Insufficiency[] = missingTopicsOf(c, ok, st.opened).map((t) => ({
    topic: t,
    missing: c.language === "sv" ? `Inget dokument i datarummet behandlar ${t}.` : `No document in the data room covers ${t}.`,
    queriesTried: ok.filter((s) => queryCoversTopic(s.query, t)).map((s) => s.query),
  }));
  for (const d of declared) {
    if (out.some((o) => o.topic.toLowerCase() === d.topic.toLowerCase())) continue;
    out.push({ topic: d.topic, missing: d.missing ?? (c.language === "sv" ? "Saknas i de öppnade källorna." : "Not established by the opened sources."), queriesTried: ok.filter((s) => queryCoversTopic(s.query, d.topic)).map((s) => s.query) });
  }
  for (const u of unmet) out.push({ topic: "requirement", missing: u, queriesTried: [] });
  return out;
}
