/**
 * The bounded Agent Mode loop (seed 004 §3) on the chat agent's loop: constraints → plan → the
 * AI SDK tool loop (streamText, native tool calls, the calls of one step run in parallel) →
 * a structured final answer (Output.object, zod) → the validation gate, which accepts it or sends
 * the model a reprompt with the unmet constraints and the remaining budget → forced, honest
 * synthesis when a budget is spent → citation grounding. The budgets come from the config
 * object: iterations (model steps) through `stopWhen`, tool calls through `prepareStep` (once
 * spent, the tools are withdrawn and the model is told to answer), reprompts through the gate.
 * The same page or chunk is never opened twice; ids resolve only inside the deal and the user's
 * access (tools.ts, run-tools.ts).
 */
import { NoObjectGeneratedError, Output, stepCountIs, streamText, type LanguageModel, type ModelMessage, type PrepareStepFunction, type StepResult } from "ai";
import { MandaError } from "@/lib/errors";
import { log } from "@/lib/log";
import { effectiveToolBudget, resolveAgentModeConfig, type AgentModeConfig, type AgentModeConfigInput } from "./config";
import { analyzeConstraints, describeConstraints, refineConstraints } from "./constraints";
import { groundCitations } from "./grounding";
import { generatePlan } from "./planner";
import { agentModeSystem, ANSWER_OUTPUT, budgetSpentReprompt, finalAnswerSchema, invalidAnswerReprompt, SYNTHESIS_INSTRUCTION, validationReprompt, type FinalAnswer, type OpenToolOutput } from "./prompts";
import { createRunTools, newRunState, type RunState, type RunTools } from "./run-tools";
import type { AgentModeTools } from "./tools";
import { TraceRecorder } from "./trace";
import type { AgentConstraints, AgentModeResult, Insufficiency, TraceEvent, ValidationResult } from "./types";
import { queryCoversTopic } from "./text";
import { missingTopicsOf, validateFinal } from "./validate";
import { describeTopics, requestTopics, type RequestTopic } from "./request-topics";
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

export function checkQuestion(question: unknown, cfg: AgentModeConfig): string {
  if (typeof question !== "string" || !question.trim()) throw new MandaError("bad_request:question", "Type a question for Agent Mode.");
  const q = question.trim();
  if (q.length > cfg.maxQuestionChars) throw new MandaError("bad_request:question_too_long", `Agent Mode questions are limited to ${cfg.maxQuestionChars} characters (this one has ${q.length}).`);
  return q;
}

type Declared = NonNullable<FinalAnswer["insufficiencies"]>;

/** What one call of the tool loop ended with. */
interface Turn {
  steps: number;
  messages: ModelMessage[];
  /** The structured answer, when the last step wrote one that parses. */
  final: FinalAnswer | null;
  /** Why the last step's text is not an answer object. */
  invalid: string | null;
  /** The raw text of the last step (a forced synthesis may use prose). */
  text: string;
}

interface TurnOptions {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  tools: RunTools;
  allowTools: boolean;
  maxSteps: number;
  prepareStep?: PrepareStepFunction<RunTools>;
  onStepFinish?: (step: StepResult<RunTools>) => void;
  abortSignal?: AbortSignal;
  timeoutMs: number;
}

/** One call of the AI SDK tool loop: tool steps until the model writes its answer object (or the step cap). */
async function modelTurn(o: TurnOptions): Promise<Turn> {
  const failed: { error?: Error } = {};
  const result = streamText({
    model: o.model,
    system: o.system,
    messages: o.messages,
    tools: o.tools,
    ...(o.allowTools ? {} : { activeTools: [] as Array<keyof RunTools>, toolChoice: "none" as const }),
    output: Output.object({ schema: finalAnswerSchema, name: ANSWER_OUTPUT, description: "The final answer with [n] citation markers, and the topics the sources do not cover." }),
    stopWhen: stepCountIs(o.maxSteps),
    prepareStep: o.prepareStep,
    onStepFinish: o.onStepFinish,
    temperature: 0,
    maxRetries: 1,
    abortSignal: o.abortSignal,
    timeout: { stepMs: o.timeoutMs },
    onError: ({ error }) => {
      failed.error ??= error instanceof Error ? error : new Error(String(error));
    },
  });
  await result.consumeStream();
  if (failed.error) throw failed.error;
  const steps = await result.steps;
  const { messages } = await result.response;
  const last = steps.at(-1);
  const text = last?.text ?? "";
  if (!last || last.finishReason === "tool-calls") return { steps: steps.length, messages, final: null, invalid: null, text };
  try {
    return { steps: steps.length, messages, final: await result.output, invalid: null, text };
  } catch (e) {
    const why = NoObjectGeneratedError.isInstance(e) ? (e.cause instanceof Error ? e.cause.message : e.message) : e instanceof Error ? e.message : String(e);
    return { steps: steps.length, messages, final: null, invalid: why.replace(/\s+/g, " ").slice(0, 200) || "no answer object", text };
  }
}

const userMessage = (lines: string[]): ModelMessage => ({ role: "user", content: lines.join("\n") });

/**
 * Opened citations beyond the most recent `max` leave the model's context (the tool result keeps
 * its number, document and page): what it reads stays bounded however many pages were opened.
 */
export function boundOpenedContext(messages: ModelMessage[], openedCount: number, max: number): ModelMessage[] {
  const oldest = openedCount - max;
  if (oldest <= 0) return messages;
  return messages.map((m) => {
    if (m.role !== "tool") return m;
    return {
      ...m,
      content: m.content.map((p) => {
        if (p.type !== "tool-result" || p.toolName !== "open_citation" || p.output.type !== "json") return p;
        const v = p.output.value as OpenToolOutput;
        if (!v || typeof v !== "object" || !("n" in v) || v.n > oldest || v.text === undefined) return p;
        const { text: _text, ...rest } = v;
        return { ...p, output: { type: "json" as const, value: { ...rest, omitted: `text no longer in context; cite it as [${v.n}]` } } };
      }),
    };
  });
}

/** One run: its settings and trace, what the request asks for, the tools' state, the model's messages and the counters. */
interface Run {
  o: RunAgentModeOptions;
  cfg: AgentModeConfig;
  question: string;
  trace: TraceRecorder;
  constraints: AgentConstraints;
  topics: RequestTopic[];
  toolBudget: number;
  plan: string[];
  st: RunState;
  tools: RunTools;
  system: string;
  messages: ModelMessage[];
  n: { modelCalls: number; iterations: number; reprompts: number; invalidOutputs: number; validations: number };
  budgetTold: boolean;
}

/** Steps 1 and 2: the request's constraints (rules, refined by the model) and topics, the tool budget they need, and the plan. */
async function analyseRequest(o: RunAgentModeOptions, cfg: AgentModeConfig, question: string, trace: TraceRecorder) {
  let modelCalls = 0;
  let t = trace.mark();
  const rules = analyzeConstraints(question);
  let constraints: AgentConstraints = rules;
  let source: "rules" | "rules+model" = "rules";
  let note: string | undefined;
  if (cfg.refineConstraints) {
    modelCalls++;
    const r = await refineConstraints(o.model, question, rules, { abortSignal: o.abortSignal, timeoutMs: cfg.modelTimeoutMs });
    constraints = r.constraints;
    if (r.refined) source = "rules+model";
    note = r.note;
  }
  trace.record({ type: "constraints", constraints, source, ...(note ? { note } : {}) }, t);
  // the request's topics: each needs a search, and opened pages to answer from (one page often answers several)
  const topics = requestTopics(question, constraints);
  const toolBudget = effectiveToolBudget(cfg, { minSearches: Math.max(constraints.minSearches, topics.length), minOpenCitations: Math.max(constraints.minOpenCitations, topics.length) });
  const requirements = [...describeConstraints(constraints), ...describeTopics(topics, constraints.insufficiencyPhrase)];
  t = trace.mark();
  modelCalls++;
  const plan = await generatePlan(o.model, question, constraints, requirements, { abortSignal: o.abortSignal, timeoutMs: cfg.modelTimeoutMs });
  trace.record({ type: "plan", steps: plan.steps, format: plan.format, source: plan.source }, t);
  return { constraints, topics, toolBudget, requirements, plan: plan.steps, modelCalls };
}

const toolsLeft = (run: Run) => Math.max(0, run.toolBudget - run.st.toolCalls);

/** Records a reprompt while the reprompt budget lasts; false when it is spent. */
function reprompt(run: Run, reason: "invalid_json" | "validation" | "budget" | "refused", lines: string[]): boolean {
  if (run.n.reprompts >= run.cfg.maxReprompts) return false;
  run.n.reprompts++;
  const remaining = { toolCalls: run.toolBudget - run.st.toolCalls, iterations: run.cfg.maxIterations - run.n.iterations, reprompts: run.cfg.maxReprompts - run.n.reprompts };
  run.trace.record({ type: "reprompt", reason, message: lines.join("\n"), remaining });
  return true;
}

/**
 * One call of the tool loop. Before each step `prepareStep` bounds the opened citations in the
 * context and, once the tool budget is spent, withdraws the tools and tells the model to answer.
 */
async function callModel(run: Run, x: { allowTools: boolean; maxSteps: number; extra?: ModelMessage[] }): Promise<Turn> {
  const { cfg, st } = run;
  try {
    return await modelTurn({
      model: run.o.model,
      system: run.system,
      messages: [...run.messages, ...(x.extra ?? [])],
      tools: run.tools,
      allowTools: x.allowTools,
      maxSteps: x.maxSteps,
      abortSignal: run.o.abortSignal,
      timeoutMs: cfg.modelTimeoutMs,
      prepareStep: ({ messages }) => {
        st.stepCalls = 0;
        const bounded = boundOpenedContext(messages, st.opened.length, cfg.maxContextCitations);
        if (!x.allowTools || toolsLeft(run) > 0) return { messages: bounded };
        const lines = budgetSpentReprompt(run.toolBudget);
        if (!run.budgetTold) {
          run.budgetTold = true;
          reprompt(run, "budget", lines);
        }
        return { activeTools: [], toolChoice: "none", messages: [...bounded, userMessage(lines)] };
      },
      onStepFinish: (step) => {
        run.n.invalidOutputs += recordStep(step, st, run.trace);
      },
    });
  } catch (e) {
    if (run.o.abortSignal?.aborted) throw e;
    log.warn("agent mode: model call failed", { error: e instanceof Error ? e.message : String(e) });
    const err = new MandaError("unavailable:model", "The language model could not answer right now. Please try again in a moment.", { cause: e });
    run.trace.record({ type: "error", code: err.code, message: err.message });
    throw err;
  }
}

/**
 * Step 3: the tool loop with the validation gate between its calls. Each call ends with an
 * answer object (or the step cap); the gate accepts it, or the model gets a reprompt (what is
 * unmet, the budget left) while the reprompt budget lasts.
 */
async function gateLoop(run: Run): Promise<{ accepted: FinalAnswer | null; lastFinal: FinalAnswer | null; lastValidation: ValidationResult | null }> {
  const { cfg, st, n } = run;
  let lastFinal: FinalAnswer | null = null;
  let lastValidation: ValidationResult | null = null;
  while (n.iterations < cfg.maxIterations) {
    if (run.o.abortSignal?.aborted) throw run.o.abortSignal.reason ?? new Error("aborted");
    const turn = await callModel(run, { allowTools: true, maxSteps: cfg.maxIterations - n.iterations });
    n.iterations += turn.steps;
    n.modelCalls += turn.steps;
    run.messages.push(...turn.messages);
    if (!turn.final && !turn.invalid) break; // the step cap ended the loop inside a tool step
    if (!turn.final) {
      n.invalidOutputs++;
      const lines = invalidAnswerReprompt(turn.invalid!);
      if (!reprompt(run, "invalid_json", lines)) break;
      run.messages.push(userMessage(lines));
      continue;
    }
    n.validations++;
    const t = run.trace.mark();
    const v = validateFinal({ answer: turn.final.answer, question: run.question, constraints: run.constraints, searches: st.searches, opened: st.opened, computed: st.computed, declaredInsufficiencies: turn.final.insufficiencies, topics: run.topics });
    lastValidation = v;
    lastFinal = turn.final;
    run.trace.record({ type: "validation", ok: v.ok, attempt: n.validations, failures: v.failures.map((f) => ({ code: f.code, message: f.message })) }, t);
    if (v.ok) return { accepted: turn.final, lastFinal, lastValidation };
    if (v.failures.some((f) => f.needsTools) && toolsLeft(run) <= 0) break; // cannot be fixed: synthesise honestly
    const lines = validationReprompt(v.failures, toolsLeft(run));
    if (!reprompt(run, "validation", lines)) break;
    run.messages.push(userMessage(lines));
  }
  return { accepted: null, lastFinal, lastValidation };
}

/**
 * Step 4: when no answer was accepted, one last call without tools writes the answer from the
 * opened sources; every topic without evidence is disclosed and the unmet requirements are said.
 */
async function forcedAnswer(run: Run, lastFinal: FinalAnswer | null, lastValidation: ValidationResult | null): Promise<{ answer: string; declared: Declared; unmet: string[] }> {
  const { constraints, st } = run;
  const feedback = lastValidation && !lastValidation.ok ? lastValidation.failures.map((f) => `${f.code}: ${f.message}`) : [];
  let synth: FinalAnswer | null = null;
  try {
    const turn = await callModel(run, { allowTools: false, maxSteps: 1, extra: [userMessage([SYNTHESIS_INSTRUCTION, ...feedback.map((f) => `- ${f}`)])] });
    run.n.modelCalls += turn.steps;
    synth = turn.final ?? (turn.text.trim() && !turn.text.trim().startsWith("{") ? { answer: turn.text.trim() } : null);
  } catch (e) {
    if (run.o.abortSignal?.aborted || !lastFinal) throw e;
  }
  synth ??= lastFinal ?? { answer: fallbackSynthesis(constraints, st) };
  let declared: Declared = synth.insufficiencies ?? [];
  const gaps = discloseUnanswered(discloseMissing(synth.answer, constraints, st), constraints, st, run.topics);
  let answer = gaps.answer;
  declared = [...declared, ...gaps.topics.filter((g) => !declared.some((d) => d.topic.toLowerCase() === g.topic.toLowerCase()))];
  const t = run.trace.mark();
  const v = validateFinal({ answer, question: run.question, constraints, searches: st.searches, opened: st.opened, computed: st.computed, declaredInsufficiencies: declared, topics: run.topics });
  run.trace.record({ type: "validation", ok: v.ok, attempt: ++run.n.validations, forced: true, failures: v.failures.map((f) => ({ code: f.code, message: f.message })) }, t);
  const unmet = v.failures.filter((f) => f.code !== "INVALID_CITATION_MARKER").map((f) => f.message);
  if (unmet.length) answer = `${answer.trim()}\n\n${constraints.language === "sv" ? "> Obs: svaret uppfyller inte alla krav" : "> Note: this answer does not meet every requirement"} — ${unmet.join(" ")}`;
  return { answer, declared, unmet };
}

export async function runAgentMode(o: RunAgentModeOptions): Promise<AgentModeResult> {
  const cfg = resolveAgentModeConfig(o.config);
  const question = checkQuestion(o.question, cfg);
  const trace = new TraceRecorder(o.onTrace, o.now);
  const a = await analyseRequest(o, cfg, question, trace);
  const st = newRunState();
  const run: Run = {
    o, cfg, question, trace,
    constraints: a.constraints, topics: a.topics, toolBudget: a.toolBudget, plan: a.plan,
    st,
    tools: createRunTools({ st, cfg, toolBudget: a.toolBudget, tools: o.tools, question, mark: () => trace.mark() }),
    system: agentModeSystem({ requirements: a.requirements, plan: a.plan, toolBudget: a.toolBudget, maxBatch: cfg.maxBatch }),
    messages: [{ role: "user", content: question }],
    n: { modelCalls: a.modelCalls, iterations: 0, reprompts: 0, invalidOutputs: 0, validations: 0 },
    budgetTold: false,
  };
  const gate = await gateLoop(run);
  const status: "validated" | "forced" = gate.accepted ? "validated" : "forced";
  const { answer, declared, unmet } = gate.accepted ? { answer: gate.accepted.answer, declared: gate.accepted.insufficiencies ?? [], unmet: [] } : await forcedAnswer(run, gate.lastFinal, gate.lastValidation);

  // 5. grounding
  const g = groundCitations({ answer, opened: st.opened, searches: st.searches, dealSlug: o.dealSlug });
  const insufficiencies = insufficienciesOf(run.constraints, st, declared, unmet);
  trace.record({ type: "final", status, citations: g.citations.length, answerChars: g.answer.length, unmet });
  const result: AgentModeResult = {
    answer: g.answer,
    citations: g.citations,
    insufficiencies,
    status,
    unmet,
    constraints: run.constraints,
    plan: run.plan,
    stats: {
      searches: st.searches.filter((s) => !s.error).length,
      openedCitations: st.opened.length,
      toolCalls: st.toolCalls,
      toolBudget: run.toolBudget,
      iterations: run.n.iterations,
      reprompts: run.n.reprompts,
      invalidOutputs: run.n.invalidOutputs,
      modelCalls: run.n.modelCalls,
      ms: trace.elapsed(),
    },
    model: o.modelInfo ?? { provider: o.model && typeof o.model === "object" ? o.model.provider : "unknown", modelId: o.model && typeof o.model === "object" ? o.model.modelId : String(o.model) },
  };
  if (o.returnTrace) result.trace = trace.events;
  return result;
}

/**
 * Records a finished step's tool calls in call order (calls of one step share a batch number);
 * a call the SDK could not run (invalid input, an unknown tool) is recorded as refused input.
 */
function recordStep(step: StepResult<RunTools>, st: RunState, trace: TraceRecorder): number {
  let invalid = 0;
  const batch = step.toolCalls.length > 1 ? ++st.batches : undefined;
  for (const c of step.toolCalls) {
    const done = st.traces.get(c.toolCallId);
    if (done) {
      st.traces.delete(c.toolCallId);
      trace.record({ ...done.step, ...(batch ? { batch } : {}) }, done.started, done.ended);
      continue;
    }
    const err = step.content.find((p) => p.type === "tool-error" && p.toolCallId === c.toolCallId) as { error?: unknown } | undefined;
    const message = err?.error instanceof Error ? err.error.message : typeof err?.error === "string" ? err.error : "not run";
    invalid++;
    const tool = c.toolName === "open_citation" || c.toolName === "compute_metric" ? c.toolName : "search_docs";
    trace.record({ type: "tool_call", tool, args: (c.input ?? {}) as Record<string, unknown>, ok: false, summary: `Invalid call: ${message.replace(/\s+/g, " ").slice(0, 200)}`, error: "invalid_input", ...(batch ? { batch } : {}) });
  }
  return invalid;
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
  const open = checkTopics({ answer, topics, opened: st.opened, searches: ok, phrase: c.insufficiencyPhrase, computed: st.computed }).filter((v) => v.status === "unanswered");
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
