/**
 * The local model's tool use: which tools to call for a plan, given what came back so far in
 * this turn. Returns tool calls, or null when it is time to write the answer.
 */
import type { ToolExchange } from "./conversation";
import { rolePhrases } from "@/lib/agent/knowledge/people";
import type { Plan } from "./intent";
import { metricFallsBack, partOf } from "./answers/metric";
import { BUSINESS_QUESTION } from "./answers/overview";

export interface ToolCallPlan {
  toolName: string;
  input: Record<string, unknown>;
}

const P_AND_L = ["revenue", "gross margin", "EBITDA", "net income"];

function has(tools: ToolExchange[], name: string): boolean {
  return tools.some((t) => t.toolName === name);
}

function errored(t: ToolExchange | undefined): boolean {
  return !!t && !!t.output && typeof t.output === "object" && "error" in (t.output as object);
}

export function nextToolCalls(plan: Plan, done: ToolExchange[], available: Set<string>): ToolCallPlan[] | null {
  const can = (n: string) => available.has(n);
  const kb = (input: Record<string, unknown>): ToolCallPlan => ({ toolName: "query_knowledge_base", input });
  const first = done.length === 0;
  switch (plan.intent) {
    case "greeting":
    case "decline":
    case "clarify":
      return null;
    case "metric": {
      const otherwise: Plan = { ...plan, intent: plan.fallback ?? "fact" };
      if (first) return can("compute_metric") ? [{ toolName: "compute_metric", input: { question: plan.question, ...(plan.document ? { document: plan.document } : {}) } }] : nextToolCalls(otherwise, done, available);
      // no statement in scope (a data room without filings' statements): the question's own intent answers
      const computed = done.find((t) => t.toolName === "compute_metric");
      if (!computed || !metricFallsBack(computed.output)) return null;
      // a part's figure ("Widget Cloud's revenue"): passages, never the company's statement line sharing its name
      return nextToolCalls(partOf(computed.output) ? { ...otherwise, passages: true } : otherwise, done.filter((t) => t !== computed), available);
    }
    case "fact": {
      if (!first) {
        // recover once from a bad call: retry with the plain question
        const last = done[done.length - 1];
        if (errored(last) && done.length === 1 && can("query_knowledge_base")) return [kb({ query: plan.question })];
        return null;
      }
      if (!can("query_knowledge_base")) return null;
      if (plan.passages) return [kb({ query: plan.question, intent: "fact", passages: true, ...(plan.document ? { document: plan.document } : {}) })];
      const metrics = plan.metrics.length ? plan.metrics : [undefined];
      return metrics.slice(0, 3).map((m) =>
        kb({
          // the whole question each time: it names the company (and document) the figure must come from
          query: plan.question,
          intent: "fact",
          ...(m ? { metric: m.label } : {}),
          ...(plan.periodLabel ? { period: plan.periodLabel } : {}),
          ...(plan.document ? { document: plan.document } : {}),
        }),
      );
    }
    case "trend": {
      if (!first || !can("query_knowledge_base")) return null;
      // the whole series (no period filter): the answer picks the span asked for
      return plan.metrics.slice(0, 2).map((m) => kb({ query: `${m.label} by quarter`, question: plan.question, metric: m.label, intent: "research", limit: 30 }));
    }
    case "deep_dive": {
      if (!first || !can("query_knowledge_base")) return null;
      const metrics = plan.metrics.length ? plan.metrics.map((m) => m.label) : P_AND_L;
      // every period of each line item (the answer focuses on the asked period and compares it)
      const calls = metrics.map((m) => kb({ query: `${m} by quarter`, question: plan.question, metric: m, intent: "research", limit: 30 }));
      if (!plan.metrics.length) calls.push(kb({ query: "one-time restructuring charge items affecting comparability", metric: "restructuring", intent: "research" }));
      return calls;
    }
    case "red_flags": {
      if (!first) return null;
      const calls: ToolCallPlan[] = [];
      if (can("detect_contradictions")) calls.push({ toolName: "detect_contradictions", input: plan.metrics[0] ? { metric: plan.metrics[0].label } : {} });
      if (can("find_gaps")) calls.push({ toolName: "find_gaps", input: {} });
      if (can("query_knowledge_base")) calls.push(kb({ query: "one-time restructuring charge items affecting comparability", metric: "restructuring", intent: "research" }));
      return calls;
    }
    case "comparison": {
      if (!first || !can("query_knowledge_base")) return null;
      const forecastVsActual = /\b(?:forecast|budget|plan|guidance|expected|projection)/i.test(plan.question);
      if (forecastVsActual) {
        // forecast vs actual per P&L line (the named metric only, when there is one), in the asked period
        const metrics = plan.metrics.length ? plan.metrics.map((m) => m.label) : ["revenue", "EBITDA", "gross margin"];
        return metrics.slice(0, 3).map((m) =>
          kb({ query: `${m} forecast vs actual${/\bpresentation|deck\b/i.test(plan.question) ? " management presentation" : ""}`, metric: m, intent: "research", limit: 30, ...(plan.periodLabel ? { period: plan.periodLabel } : {}) }),
        );
      }
      const metric = plan.metrics[0]?.label ?? "revenue";
      return [kb({ query: plan.question, metric, intent: "research", limit: 30 })];
    }
    case "gaps":
      if (!first) return null;
      return can("find_gaps") ? [{ toolName: "find_gaps", input: {} }] : null;
    case "synthesis":
      if (!first || !can("query_knowledge_base")) return null;
      {
        const topic = plan.topic ?? plan.question;
        const team = /\b(?:management|team|leadership|executives?)\b/i.test(topic);
        const q = team ? `${topic} chief executive officer chief financial officer head joined` : [topic, ...rolePhrases(topic)].join(" ");
        const calls = [kb({ query: q, question: plan.question, intent: "research", ...(plan.metrics[0] ? { metric: plan.metrics[0].label } : {}), ...(plan.passages ? { passages: true } : {}) })];
        // people: what they own (cap table), as P3's synthesis example does
        if (!plan.metrics.length && (team || /\b(?:ceo|cfo|cto|coo|chief|head of|founders?|chair)\b/i.test(topic))) calls.push(kb({ query: `${q} ownership`, metric: "ownership", intent: "fact" }));
        return calls;
      }
    case "exploration":
    case "documents": {
      if (!first) return null;
      const calls: ToolCallPlan[] = [];
      if (can("get_document_info")) calls.push({ toolName: "get_document_info", input: {} });
      if (plan.intent === "exploration" && can("query_knowledge_base")) {
        // what the company does, from the documents' own description of the business
        calls.push(kb({ query: "the company develops, sells, provides or offers products, services or a platform to its customers", question: BUSINESS_QUESTION, intent: "research", passages: true }));
        calls.push(kb({ query: "revenue", metric: "revenue", intent: "fact" }));
        calls.push(kb({ query: "EBITDA", metric: "EBITDA", intent: "fact" }));
      }
      return calls;
    }
    case "confirm_offer": {
      if (plan.offer === "gaps") {
        if (first) return can("suggest_questions") ? [{ toolName: "suggest_questions", input: { limit: 10 } }] : null;
        const sugg = done.find((t) => t.toolName === "suggest_questions");
        if (sugg && !has(done, "add_to_qa") && can("add_to_qa") && !errored(sugg)) {
          const list = ((sugg.output as { suggestions?: Array<{ question: string; domain?: string; priority?: string; origin?: string; irlItemId?: string; relatedFindingIds?: string[] }> }).suggestions ?? []).filter((s) => s.origin !== "chat");
          if (list.length === 0) return null;
          const origin = list.every((s) => s.origin === "contradiction") ? "contradiction" : "gap";
          return [{ toolName: "add_to_qa", input: { questions: list.map((s) => ({ question: s.question, domain: s.domain, priority: s.priority, ...(s.irlItemId ? { irlItemId: s.irlItemId } : {}), ...(s.relatedFindingIds?.length ? { relatedFindingIds: s.relatedFindingIds } : {}) })), origin } }];
        }
        return null;
      }
      if (first && can("add_to_qa")) {
        const q = (plan.topic ?? plan.question).replace(/\s+/g, " ").trim();
        return [{ toolName: "add_to_qa", input: { questions: [{ question: /\?$/.test(q) ? q : `${q}?` }], origin: "chat" } }];
      }
      return null;
    }
    case "add_qa":
      return nextToolCalls({ ...plan, intent: "confirm_offer", offer: /\bgaps?\b|missing/i.test(plan.question) ? "gaps" : "question", topic: plan.question.replace(/^.*?\b(?:add|put|save|raise|log)\b\s*/i, "").replace(/\s*\bto the (?:q\s*&\s*a|qa) list\b.*$/i, "") }, done, available);
    case "create_irl":
      if (!first) return null;
      return can("create_irl") ? [{ toolName: "create_irl", input: { ...(plan.document ? { document: plan.document } : {}) } }] : null;
    case "trigger_analysis":
      if (!first) return null;
      return can("trigger_analysis") ? [{ toolName: "trigger_analysis", input: { ...(plan.document ? { document: plan.document } : {}), reason: "requested in chat" } }] : null;
  }
}
