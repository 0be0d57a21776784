/**
 * The offline model: one deterministic LanguageModelV3 for both agent modes, driving the same
 * tool loops as a remote model with native tool calls. In the chat, on a user turn it infers the
 * intent by rules (P3/P4) and emits tool calls; when the tool results come back in the prompt it
 * writes the answer from them (P2). Agent Mode runs on the same loop, one chat turn per item of
 * the request, so the model answers those turns like any chat question. It is the product's offline mode: same input → same output, no network, first token in milliseconds.
 */
import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3Content, LanguageModelV3StreamPart, LanguageModelV3Usage } from "@ai-sdk/provider";
import { readConversation, type Conversation } from "./conversation";
import { amountAnswerOverride, askWhichCompany, dealTarget, organisationAnswerOverride, dataRoomCompanies, respelledReading, evidenceAnswer, evidenceNext, EVIDENCE_PATH_TOOLS, incompleteAnswerOverride, partAnswerOverride, percentAnswerOverride, personAnswerOverride, successorAnswerOverride, labelAnswerOverride, qualifierAnswerOverride, figureAnswerOverride, quoteAnswerOverride, readTurn } from "./evidence-path";
import { planTurn, type Plan } from "./intent";
import { standaloneQuestion, type Reading } from "../reader/read";
import { nextToolCalls } from "./planner";
import { isFitProbe, fitProbeCall, judgeQuotes } from "./rare-word";
import { writeAnswer } from "./writer";

export const OFFLINE_MODEL_ID = "local:manda-rules-1";

export interface LocalDecision {
  kind: "tools" | "text";
  calls: Array<{ toolCallId: string; toolName: string; input: string }>;
  text: string;
}

function hash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** What the model does for a prompt (pure function of the prompt and the offered tools). Agent Mode asks it the chat's questions, one per item. */
export function decide(options: LanguageModelV3CallOptions): LocalDecision {
  return decideChat(options);
}

/**
 * The question reader first: a question it reads into typed evidence calls is answered from their
 * results when they fit; otherwise (or when it reads nothing) the rules planner answers, as if the
 * evidence calls had not been made.
 */
function decideChat(options: LanguageModelV3CallOptions): LocalDecision {
  const all = readConversation(options.prompt);
  // the fit probe's result is read by the quote check alone: every other step sees the turn without it
  const conv = { ...all, current: { ...all.current, tools: all.current.tools.filter((t) => !isFitProbe(t)) } };
  const available = new Set((options.tools ?? []).filter((t) => t.type === "function").map((t) => t.name));
  const forced = options.toolChoice?.type === "none";
  const companies = dataRoomCompanies(options.prompt);
  const turn = [...EVIDENCE_PATH_TOOLS].every((n) => available.has(n)) && !forced ? readTurn(conv, companies) : undefined;
  // a deal of several companies and a question naming none: it is asked of the deal's target, else which company is asked
  const target = turn && !turn.company && companies.length > 1 ? dealTarget(options.prompt, companies) : undefined;
  const read = turn && target ? { ...turn, company: target } : turn;
  const reading = read && (read.company || companies.length <= 1) ? respelledReading(read, conv.current.tools) : undefined;
  if (reading) {
    const calls = evidenceNext(reading, conv.current.tools);
    if (calls) return toolDecision(conv, calls);
    const answer = evidenceAnswer(reading, conv.current.tools);
    if (answer) return { kind: "text", calls: [], text: withRespelling(successorAnswerOverride(reading, answer, conv.current.tools) ?? qualifierAnswerOverride(reading, conv.current.tools, answer) ?? percentAnswerOverride(reading, answer) ?? answer, conv.current.tools) };
  }
  // the plan reads the user's turns only, so the rules planner's plan is the same with fewer tool results
  // a figure is the reader's to name: with none read, the knowledge base's match by its metric words is evidence only
  // (a turn the question reader reads as yes or no, "bxp pay a special divvy for 2015?", is answered as one wherever it is answered)
  const plan = { ...planOf(conv, reading ?? read), ...(reading && reading.concepts.length === 0 ? { unreadFigure: true } : {}), ...(reading?.polar && !reading.direction && !reading.threshold ? { yesNo: true } : {}) };
  if (read && !reading && ASKED_OF_A_COMPANY.has(plan.intent)) return { kind: "text", calls: [], text: askWhichCompany(companies) };
  const rest = { ...conv, current: { ...conv.current, tools: conv.current.tools.filter((t) => !isEvidencePathCall(t, plan.intent === "metric")) } };
  const decision = decideRules(options, rest, available, conv.current.tools.length, plan);
  // a part's figure the rules planner answered from anything but a part-table row is no answer for the part
  const override = reading && decision.kind === "text" ? (partAnswerOverride(reading, conv.current.tools, decision.text) ?? quoteAnswerOverride(reading, decision.text, conv.current.tools) ?? personAnswerOverride(reading, decision.text, conv.current.tools) ?? labelAnswerOverride(reading, conv.current.tools, decision.text) ?? qualifierAnswerOverride(reading, conv.current.tools, decision.text) ?? figureAnswerOverride(reading, decision.text) ?? amountAnswerOverride(reading, decision.text) ?? organisationAnswerOverride(reading, decision.text) ?? incompleteAnswerOverride(reading, conv.current.tools, decision.text)) : null;
  if (override) return { kind: "text", calls: [], text: override };
  // a quote saying none of the question's rare words (by the deal's own word counts) is no answer
  const judged = reading && decision.kind === "text" ? judgeQuotes(reading, decision.text, all.current.tools, companies, { fact: plan.intent === "fact" || plan.intent === "metric" }) : undefined;
  if (judged?.kind === "probe") return toolDecision(all, [fitProbeCall(reading!)]);
  return judged?.kind === "misfit" ? { kind: "text", calls: [], text: judged.text } : decision;
}

/** An answer read from rows a tool found by respelling a mistyped word: says which word it read how. */
function withRespelling(text: string, tools: Conversation["current"]["tools"]): string {
  const words = tools.flatMap((t) => Object.entries((t.output as { respelled?: Record<string, string> } | undefined)?.respelled ?? {}));
  const said = [...new Map(words).entries()].map(([from, to]) => `"${from}" as "${to}"`);
  return said.length && !/^I couldn't/.test(text) ? `${text}\n_Read ${said.join(", ")}: the documents' spelling._` : text;
}

/** Intents that ask about one company's documents: a figure, a fact, a trend, a summary or a walk-through. */
const ASKED_OF_A_COMPANY = new Set<Plan["intent"]>(["fact", "metric", "trend", "synthesis", "deep_dive"]);

/**
 * The rules planner's plan. It asks "a different period, or a different topic?" of a follow-up
 * whose subject its metric list does not know ("and the CFO?", "what about the auditor"); when the
 * question reader read the turn as naming a person or an organisation, the turn is planned as the
 * question it stands for ("who is the chief financial officer?"). Its bare words are not: the
 * metric engine reads "CFO" as cash flow from operations.
 */
function planOf(conv: Conversation, reading: Reading | undefined): Plan {
  // "what drove that?": the question the follow-up stands for, which the planner's passage search reads
  const standalone = reading && standaloneQuestion(reading);
  if (standalone) return planTurn({ past: [], current: { ...conv.current, user: standalone } });
  // the turn as the reader spelled it out ("hw" → "hardware", "sales-wise" → "sales"): the planner's searches read whole words
  // (…with the value a yes/no sets, which the reader took out: "any tenant over 10% of rental revenue?" is decided by a sentence naming 10%)
  const plan = planTurn(reading ? { ...conv, current: { ...conv.current, user: reading.searchText } } : conv);
  const c = reading?.concepts[0];
  const named = !!c && (c.kind === "person" || c.kind === "organisation") && !reading!.followUp?.carried.includes("concept");
  return plan.intent === "clarify" && named ? planTurn({ past: [], current: { ...conv.current, user: `Who is the ${c.label.toLowerCase()}?` } }) : plan;
}

/**
 * A call the evidence path made (its tools, with the typed inputs the rules planner never sends).
 * Its compute_metric saying the deal holds no statements stays when the rules planner would ask the
 * metric engine again (its metric plan reads that answer and turns to the knowledge base).
 */
function isEvidencePathCall(t: { toolName: string; input: Record<string, unknown>; output: unknown }, metricPlan: boolean): boolean {
  if (!EVIDENCE_PATH_TOOLS.has(t.toolName) || (t.toolName === "compute_metric" && typeof t.input.question === "string")) return false;
  return !(metricPlan && t.toolName === "compute_metric" && (t.output as { status?: string } | undefined)?.status === "no_statements");
}

/** `step`: the tool results already in the turn (all of them: ids stay unique when the rules planner sees fewer). */
function toolDecision(conv: Conversation, calls: Array<{ toolName: string; input: Record<string, unknown> }>, step = conv.current.tools.length): LocalDecision {
  return {
    kind: "tools",
    calls: calls.map((c, i) => ({ toolCallId: `call_${hash(`${conv.current.user}|${step}|${i}|${c.toolName}`)}_${step}_${i}`, toolName: c.toolName, input: JSON.stringify(c.input) })),
    text: "",
  };
}

function decideRules(options: LanguageModelV3CallOptions, conv: Conversation, available: Set<string>, step: number, plan: Plan): LocalDecision {
  const forced = options.toolChoice?.type === "none";
  const calls = forced ? null : nextToolCalls(plan, conv.current.tools, available);
  if (calls && calls.length) return toolDecision(conv, calls, step);
  return { kind: "text", calls: [], text: writeAnswer(plan, conv.current.tools) };
}

/** Rough token counts (4 characters a token) of the serialised prompt and the output. */
function usage(promptJson: string, out: string): LanguageModelV3Usage {
  const input = Math.ceil(promptJson.length / 4);
  const output = Math.ceil(out.length / 4);
  return { inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: output, text: output, reasoning: undefined } };
}

/** Splits text into word-sized deltas (keeps whitespace with the following word). */
export function textDeltas(text: string): string[] {
  return text.match(/\s*\S+/g) ?? (text ? [text] : []);
}

export function createOfflineModel(): LanguageModelV3 {
  return {
    specificationVersion: "v3",
    provider: "local",
    modelId: OFFLINE_MODEL_ID,
    supportedUrls: {},
    async doGenerate(options) {
      const d = decide(options);
      // serialised once: the response id and the usage estimate both read it
      const promptJson = JSON.stringify(options.prompt);
      const content: LanguageModelV3Content[] =
        d.kind === "tools" ? d.calls.map((c) => ({ type: "tool-call" as const, toolCallId: c.toolCallId, toolName: c.toolName, input: c.input })) : [{ type: "text" as const, text: d.text }];
      return {
        content,
        finishReason: { unified: d.kind === "tools" ? "tool-calls" : "stop", raw: d.kind === "tools" ? "tool_calls" : "stop" },
        usage: usage(promptJson, d.text + d.calls.map((c) => c.input).join("")),
        warnings: [],
        response: { id: `local-${hash(promptJson)}`, modelId: OFFLINE_MODEL_ID, timestamp: new Date(0) },
      };
    },
    async doStream(options) {
      const d = decide(options);
      // serialised once: the response id and the usage estimate both read it
      const promptJson = JSON.stringify(options.prompt);
      const parts: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings: [] }, { type: "response-metadata", id: `local-${hash(promptJson)}`, modelId: OFFLINE_MODEL_ID, timestamp: new Date(0) }];
      if (d.kind === "tools") {
        for (const c of d.calls) {
          parts.push({ type: "tool-input-start", id: c.toolCallId, toolName: c.toolName });
          parts.push({ type: "tool-input-delta", id: c.toolCallId, delta: c.input });
          parts.push({ type: "tool-input-end", id: c.toolCallId });
          parts.push({ type: "tool-call", toolCallId: c.toolCallId, toolName: c.toolName, input: c.input });
        }
      } else {
        parts.push({ type: "text-start", id: "t0" });
        for (const delta of textDeltas(d.text)) parts.push({ type: "text-delta", id: "t0", delta });
        parts.push({ type: "text-end", id: "t0" });
      }
      parts.push({
        type: "finish",
        finishReason: { unified: d.kind === "tools" ? "tool-calls" : "stop", raw: d.kind === "tools" ? "tool_calls" : "stop" },
        usage: usage(promptJson, d.text + d.calls.map((c) => c.input).join("")),
      });
      const signal = options.abortSignal;
      let i = 0;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        pull(controller) {
          if (signal?.aborted) {
            controller.error(signal.reason ?? new Error("aborted"));
            return;
          }
          // a few parts per pull: real streaming, negligible overhead
          for (let n = 0; n < 8 && i < parts.length; n++) controller.enqueue(parts[i++]!);
          if (i >= parts.length) controller.close();
        },
      });
      return { stream };
    },
  };
}
