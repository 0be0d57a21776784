/**
 * The bounded loop with scripted models (MockLanguageModelV3, native tool calls) and in-memory
 * tools: the seed's failure case (an early final rejected by the gate, then completed properly),
 * hallucinated markers, invented terms, every hard limit, dedupe, foreign ids, parallel calls,
 * the context limit, and the offline model through the same loop.
 */
import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { runAgentMode } from "@/lib/agent/mode/loop";
import { createOfflineModel } from "@/lib/agent/offline";
import { final, open, refOf, scripted, search } from "./agent-mode-script";
import type { AgentModeTools, OpenedSource } from "@/lib/agent/mode/tools";
import type { TraceEvent } from "@/lib/agent/mode/types";

const DOC = "11111111-1111-4111-8111-111111111111";
const DOC2 = "22222222-2222-4222-8222-222222222222";
const FOREIGN = "99999999-9999-4999-8999-999999999999";
const PAGES: Record<string, { document: string; text: string; date: string }> = {
  [`${DOC}:1`]: { document: "Q3_2024_Report.pdf", date: "2024-10-24", text: "Revenue for the third quarter of 2024 was EUR 5.2 million, an increase of 12%.\nEBITDA was EUR 1.2 million." },
  [`${DOC}:2`]: { document: "Q3_2024_Report.pdf", date: "2024-10-24", text: "Gross margin was 42%, down from 45% for the full year 2023." },
  [`${DOC2}:1`]: { document: "IRL_Template.xlsx", date: "2024-10-14", text: "A30: Legal | B30: Litigation history and pending disputes (last 5 years)" },
};

function fakeTools() {
  const calls = { search: [] as string[], open: [] as string[] };
  const tools: AgentModeTools = {
    async searchDocs({ query }) {
      calls.search.push(query);
      await new Promise((r) => setTimeout(r, 5));
      const words = query.toLowerCase().split(/\s+/).map((w) => w.replace(/s$/, ""));
      return Object.entries(PAGES)
        .filter(([, p]) => words.some((w) => p.text.toLowerCase().includes(w)))
        .map(([key, p]) => {
          const [documentId, page] = key.split(":");
          const request = p.document.startsWith("IRL");
          return { type: "page" as const, documentId: documentId!, document: p.document, page: Number(page), chunkId: null, snippet: p.text.slice(0, 120), documentDate: p.date, documentKind: request ? "information request list" : "quarterly report", role: request ? ("request" as const) : ("evidence" as const), matchedTerms: words.filter((w) => p.text.toLowerCase().includes(w)) };
        });
    },
    async openCitation(target) {
      const key = "chunkId" in target ? target.chunkId : `${target.documentId}:${target.page}`;
      calls.open.push(key);
      const p = "chunkId" in target ? undefined : PAGES[key];
      if (!p || "chunkId" in target) return null;
      const src: OpenedSource = { documentId: target.documentId, document: p.document, page: target.page, pageEnd: target.page, chunkId: null, kind: "page", text: p.text, documentDate: p.date, documentKind: null, versionGroup: null, role: p.document.startsWith("IRL") ? "request" : "evidence" };
      return src;
    },
  };
  return { tools, calls };
}

const Q = 'Produce an operating summary: separate searches for revenue, margins and litigation, open at least two sources, quote one exact figure, and say "Insufficient documentation" for anything missing';
const GOOD = '### Revenue\n"Revenue for the third quarter of 2024 was EUR 5.2 million" [1]\n\n### Margins\nGross margin was 42% [2].\n\n### Litigation\nInsufficient documentation — no document covers litigation.';

const types = (t: TraceEvent[] | undefined) => (t ?? []).map((e) => (e.type === "tool_call" ? `${e.tool}${e.ok ? "" : "!"}` : e.type));

describe("agent mode loop", () => {
  it("reproduces the seed failure: an early final is rejected by the gate, then the run completes properly", async () => {
    const { tools } = fakeTools();
    const { model, seen } = scripted([
      final("Revenue was EUR 5.2 million [1]. Litigation: none."), // premature: no searches, nothing opened
      { calls: ["revenue", "margins", "litigation"].map((query) => ({ toolName: "search_docs", input: { query } })) },
      (s) => open(refOf(s, "revenue for")),
      (s) => open(refOf(s, "gross margin")),
      final(GOOD),
    ]);
    const events: TraceEvent[] = [];
    const r = await runAgentMode({ question: Q, model, tools, dealSlug: "demo", returnTrace: true, onTrace: (e) => events.push(e), config: { refineConstraints: false } });
    expect(r.status).toBe("validated");
    expect(r.plan).toEqual(["search_docs for each topic", "open_citation for the best results", "answer with [n]"]);
    const t = types(r.trace);
    expect(t.slice(0, 5)).toEqual(["constraints", "plan", "validation", "reprompt", "search_docs"]);
    const firstValidation = r.trace!.find((e) => e.type === "validation")!;
    expect(firstValidation.type === "validation" && firstValidation.ok).toBe(false);
    expect(firstValidation.type === "validation" && firstValidation.failures.map((f) => f.code)).toEqual(expect.arrayContaining(["MIN_SEARCHES_UNMET", "MIN_OPEN_CITATIONS_UNMET", "INVALID_CITATION_MARKER"]));
    const rep = r.trace!.find((e) => e.type === "reprompt")!;
    expect(rep.type === "reprompt" && rep.message).toMatch(/REMAINING TOOL BUDGET: 6 call/); // one search and one open per topic of the request
    expect(seen[1]!.lastUser).toMatch(/MIN_SEARCHES_UNMET/); // the gate's reprompt is the model's next user message
    expect(t.at(-1)).toBe("final");
    expect(r.stats).toMatchObject({ searches: 3, openedCitations: 2, toolCalls: 5, reprompts: 1 });
    expect(r.citations.map((c) => [c.n, c.document, c.page])).toEqual([[1, "Q3_2024_Report.pdf", 1], [2, "Q3_2024_Report.pdf", 2]]);
    expect(r.insufficiencies).toEqual([{ topic: "litigation", missing: expect.stringMatching(/litigation/), queriesTried: ["litigation"] }]);
    expect(events.map((e) => e.seq)).toEqual(r.trace!.map((e) => e.seq)); // streamed live, same trace
    // the three searches of the batch ran in parallel
    const searches = r.trace!.filter((e) => e.type === "tool_call" && e.tool === "search_docs");
    expect(new Set(searches.map((e) => (e.type === "tool_call" ? e.batch : 0))).size).toBe(1);
  });

  it("hallucinated markers: rejected by the gate, stripped by grounding when forced", async () => {
    const { tools } = fakeTools();
    const { model } = scripted([search("revenue"), (s) => open(refOf(s, "revenue for")), final("Revenue was EUR 5.2 million [1] [4].")], { synthesis: final("Revenue was EUR 5.2 million [1], see also [3].") });
    const r = await runAgentMode({ question: "What was Q3 revenue?", model, tools, dealSlug: "demo", returnTrace: true, config: { refineConstraints: false, maxReprompts: 1 } });
    const v = r.trace!.filter((e) => e.type === "validation");
    expect(v[0]!.type === "validation" && v[0]!.failures.map((f) => f.code)).toContain("INVALID_CITATION_MARKER");
    expect(r.status).toBe("forced");
    expect(r.answer).not.toMatch(/\[3\]|\[4\]/);
    expect(r.answer).toContain("[1]");
    expect(r.citations.map((c) => c.n)).toEqual([1]);
  });

  it("invented terms and figures are flagged, then the corrected answer passes", async () => {
    const { tools } = fakeTools();
    const { model } = scripted([
      search("revenue"),
      (s) => open(refOf(s, "revenue for")),
      final("Revenue was EUR 5.2 million [1]; the pg_reindex job and the EUR 7.9 million lawsuit reserve are fine."),
      final("Revenue was EUR 5.2 million [1]."),
    ]);
    const r = await runAgentMode({ question: "What was Q3 revenue?", model, tools, dealSlug: "demo", returnTrace: true, config: { refineConstraints: false } });
    const v = r.trace!.find((e) => e.type === "validation")!;
    const codes = v.type === "validation" ? v.failures.map((f) => f.code) : [];
    expect(codes).toEqual(expect.arrayContaining(["UNGROUNDED_TERM", "UNGROUNDED_NUMBER"]));
    expect(r.status).toBe("validated");
    expect(r.answer).toBe("Revenue was EUR 5.2 million [1].");
  });

  it("tool-call cap: calls beyond the budget are not run; the run ends with an honest forced synthesis", async () => {
    const { tools, calls } = fakeTools();
    let n = 0;
    const { model } = scripted([() => search(`revenue ${++n}`)]);
    const r = await runAgentMode({ question: "What was revenue?", model, tools, dealSlug: "demo", returnTrace: true, config: { refineConstraints: false, maxToolCalls: 3, maxToolCallsCeiling: 3 } });
    expect(calls.search).toHaveLength(3);
    expect(r.stats.toolCalls).toBe(3);
    expect(r.trace!.some((e) => e.type === "reprompt" && e.reason === "budget")).toBe(true);
    expect(r.status).toBe("forced");
  });

  it("iteration cap", async () => {
    const { tools } = fakeTools();
    const { model } = scripted([final("Revenue was EUR 5.2 million [9].")]);
    const r = await runAgentMode({ question: "What was revenue?", model, tools, dealSlug: "demo", returnTrace: true, config: { refineConstraints: false, maxIterations: 2, maxReprompts: 10 } });
    expect(r.stats.iterations).toBe(2);
    expect(r.status).toBe("forced");
  });

  it("reprompt cap: a reply that is not the answer object is reprompted and counted, then forced synthesis", async () => {
    const { tools } = fakeTools();
    const { model } = scripted([{ text: "Sure! I will search for revenue." }]);
    const r = await runAgentMode({ question: "What was revenue?", model, tools, dealSlug: "demo", returnTrace: true, config: { refineConstraints: false, maxReprompts: 2 } });
    expect(r.stats.invalidOutputs).toBe(3);
    expect(r.stats.reprompts).toBe(2);
    expect(r.trace!.filter((e) => e.type === "reprompt").every((e) => e.type === "reprompt" && e.reason === "invalid_json")).toBe(true);
    expect(r.status).toBe("forced");
    expect(r.answer).toMatch(/Synthesised/);
  });

  it("question length limit", async () => {
    const { tools } = fakeTools();
    const { model } = scripted([final("x")]);
    await expect(runAgentMode({ question: "x".repeat(1001), model, tools, dealSlug: "demo" })).rejects.toMatchObject({ code: "bad_request:question_too_long" });
    await expect(runAgentMode({ question: "x".repeat(60), model, tools, dealSlug: "demo", config: { maxQuestionChars: 50 } })).rejects.toMatchObject({ code: "bad_request:question_too_long" });
  });

  it("never opens the same page twice; made-up refs, foreign ids and malformed ids are refused", async () => {
    const { tools, calls } = fakeTools();
    const { model, seen } = scripted([
      search("revenue"),
      (s) => open(refOf(s, "revenue for")),
      (s) => open(refOf(s, "revenue for")),
      open("R77"),
      { calls: [{ toolName: "open_citation", input: { documentId: FOREIGN, page: 1 } }] },
      { calls: [{ toolName: "open_citation", input: { documentId: "not-a-uuid", page: 1 } }] },
      final("Revenue was EUR 5.2 million [1]."),
    ]);
    const r = await runAgentMode({ question: "What was revenue?", model, tools, dealSlug: "demo", returnTrace: true, config: { refineConstraints: false, maxReprompts: 5 } });
    expect(calls.open).toEqual([`${DOC}:1`, `${FOREIGN}:1`]);
    expect(r.stats.openedCitations).toBe(1);
    const failed = r.trace!.filter((e) => e.type === "tool_call" && !e.ok);
    expect(failed.map((e) => e.type === "tool_call" && e.error)).toEqual(["duplicate", "refused", "not_found", "invalid_input"]);
    // the model reads why in the tool result
    expect(JSON.stringify(seen[3]!.toolOutputs.at(-1))).toMatch(/Already opened as \[1\]/);
    expect(r.stats.invalidOutputs).toBe(1); // the malformed uuid: the SDK's input validation, answered as a tool error
    expect(r.status).toBe("validated");
  });

  it("opened citations beyond maxContextCitations leave the model's context (number, document and page stay)", async () => {
    const { tools } = fakeTools();
    const { model, seen } = scripted([
      { calls: ["revenue", "gross margin"].map((query) => ({ toolName: "search_docs", input: { query } })) },
      (s) => open(refOf(s, "revenue for")),
      (s) => open(refOf(s, "gross margin")),
      final("Revenue was EUR 5.2 million [1]; gross margin was 42% [2]."),
    ]);
    const r = await runAgentMode({ question: "What were revenue and gross margin?", model, tools, dealSlug: "demo", returnTrace: true, config: { refineConstraints: false, maxContextCitations: 1 } });
    expect(r.stats.openedCitations).toBe(2);
    const opened = seen.at(-1)!.toolOutputs.filter((v): v is { n: number; text?: string; omitted?: string } => typeof v === "object" && v !== null && "n" in v);
    expect(opened.map((v) => [v.n, typeof v.text, !!v.omitted])).toEqual([[1, "undefined", true], [2, "string", false]]);
  });

  it("no prompt carries an offline-driver tag or delimiter: the rules, the question, native tools and their results", async () => {
    const { tools } = fakeTools();
    const prompts: string[] = [];
    const offline = createOfflineModel();
    const model = new MockLanguageModelV3({
      provider: offline.provider,
      modelId: offline.modelId,
      doGenerate: async (o: LanguageModelV3CallOptions) => {
        prompts.push(JSON.stringify(o.prompt));
        return offline.doGenerate(o);
      },
      doStream: async (o: LanguageModelV3CallOptions) => {
        prompts.push(JSON.stringify(o.prompt));
        return offline.doStream(o);
      },
    });
    const r = await runAgentMode({ question: Q, model, tools, dealSlug: "demo" });
    expect(r.status).toBe("validated");
    expect(prompts.length).toBeGreaterThan(3);
    for (const p of prompts) expect(p).not.toMatch(/\[agent-mode:|<state>|<<<|>>>/);
  });

  it("the offline model runs the same loop: searches per topic in parallel, opens sources, quotes a figure, discloses gaps", async () => {
    const { tools } = fakeTools();
    const r = await runAgentMode({ question: Q, model: createOfflineModel(), tools, dealSlug: "demo", returnTrace: true });
    expect(r.status).toBe("validated");
    expect(r.stats.searches).toBe(3);
    expect(r.stats.openedCitations).toBe(2);
    expect(r.answer).toMatch(/"[^"]*\d[^"]*" \[1\]/);
    expect(r.answer).toMatch(/\*\*Insufficient documentation\*\* — no document in the data room covers litigation/);
    expect(r.insufficiencies.map((i) => i.topic)).toEqual(["litigation"]);
    expect(r.trace!.find((e) => e.type === "constraints")).toMatchObject({ source: "rules+model" });
    // deterministic
    const again = await runAgentMode({ question: Q, model: createOfflineModel(), tools: fakeTools().tools, dealSlug: "demo" });
    expect(again.answer).toBe(r.answer);
  });
});
