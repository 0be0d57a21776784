/**
 * Agent Mode's tool loop is the chat's: each item's question (one per period of a comparison) is
 * one turn of the chat agent (lib/agent/run.ts: the same system prompt, typed evidence tools,
 * question reader and model, offline or remote). Independent questions run in parallel, a few at a
 * time; the run's tool budget grows with the number of questions, within a hard cap, and a question
 * that would start after the budget is spent is not asked (its item fails the run: it was not
 * answered, which is not the same as the data room lacking it).
 */
import type { LanguageModel } from "ai";
import type { Db } from "@/lib/db";
import { runAgentTurn, userMessage, type AgentToolCall, type DealInput } from "@/lib/agent/run";
import type { SourceRef } from "@/lib/agent/sources";

export interface Leg {
  item: number;
  question: string;
}

export interface LegResult extends Leg {
  text: string;
  sources: SourceRef[];
  toolCalls: AgentToolCall[];
  /** Not asked: the run's budget was spent first. */
  skipped?: boolean;
  error?: string;
  /** The error the turn threw (a model that is down fails every item alike). */
  cause?: unknown;
  ms: number;
  /** Legs started together share a batch number. */
  batch: number;
}

export interface LegBudget {
  /** Tool calls for the run. */
  toolCalls: number;
  /** Model steps per question (the chat's own bound). */
  stepsPerQuestion?: number;
  /** Questions asked at once. */
  parallel: number;
}

/** Tool calls for a run of `questions` questions: a few per question, within the hard cap. */
export function legBudget(questions: number, perQuestion: number, cap: number): number {
  return Math.min(cap, Math.max(perQuestion, questions * perQuestion));
}

export async function answerLegs(o: {
  db: Db;
  deal: DealInput;
  legs: Leg[];
  budget: LegBudget;
  model?: LanguageModel;
  abortSignal?: AbortSignal;
  onLeg?: (r: LegResult) => void;
}): Promise<LegResult[]> {
  const out: LegResult[] = new Array(o.legs.length);
  let used = 0;
  let next = 0;
  let batch = 0;
  while (next < o.legs.length) {
    if (o.abortSignal?.aborted) throw o.abortSignal.reason ?? new Error("aborted");
    batch++;
    const slice = o.legs.slice(next, next + o.budget.parallel).map((leg, i) => ({ leg, at: next + i }));
    next += slice.length;
    const results = await Promise.all(slice.map(async ({ leg, at }) => {
      if (used >= o.budget.toolCalls) return { at, r: { ...leg, text: "", sources: [], toolCalls: [], skipped: true, ms: 0, batch } as LegResult };
      const t0 = Date.now();
      try {
        const turn = await runAgentTurn({ db: o.db, deal: o.deal, messages: [userMessage(leg.question, `agent-item-${leg.item}-${at}`)], model: o.model, maxSteps: o.budget.stepsPerQuestion, abortSignal: o.abortSignal });
        return { at, r: { ...leg, text: turn.text, sources: turn.sources, toolCalls: turn.toolCalls, ms: Date.now() - t0, batch } };
      } catch (e) {
        if (o.abortSignal?.aborted) throw e;
        return { at, r: { ...leg, text: "", sources: [], toolCalls: [], error: e instanceof Error ? e.message : String(e), cause: e, ms: Date.now() - t0, batch } };
      }
    }));
    for (const { at, r } of results) {
      used += r.toolCalls.length;
      out[at] = r;
      o.onLeg?.(r);
    }
  }
  return out;
}
