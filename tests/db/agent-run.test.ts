import { simulateReadableStream, type UIMessage } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import type { LanguageModelV3CallOptions, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import type { IrlService } from "@/lib/agent/adapters/irl";
import { createAgentContext } from "@/lib/agent/context";
import { assistantMessage, createAgentStream, MAX_APPROVAL_ROUNDS, runAgentTurn, userMessage } from "@/lib/agent/run";
import { createAgentTools, WRITING_TOOLS } from "@/lib/agent/tools";
import type { IrlCoverageReport, QaItem } from "@/lib/irl/types";
import { openTestDb } from "../helpers/db";
import { addRelation, seedDeal } from "./agent-fixtures";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const SCORE = /confiden(?:ce|t)\s*[:=]?\s*\d|\d+(?:\.\d+)?\s*%\s*confiden|similarity|relevance score|\bscore\b/i;

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 5, text: 5, reasoning: undefined } };

function toolStep(calls: Array<{ name: string; input: unknown }>): LanguageModelV3StreamPart[] {
  return [
    ...calls.map((c, i) => ({ type: "tool-call" as const, toolCallId: `c${i}-${c.name}`, toolName: c.name, input: JSON.stringify(c.input) })),
    { type: "finish", finishReason: { unified: "tool-calls", raw: undefined }, usage },
  ];
}

function textStep(text: string): LanguageModelV3StreamPart[] {
  const words = text.match(/\s*\S+/g) ?? [];
  return [{ type: "text-start", id: "t" }, ...words.map((w) => ({ type: "text-delta" as const, id: "t", delta: w })), { type: "text-end", id: "t" }, { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage }];
}

/** A scripted model: step i returns script[i] (a function may inspect the prompt). */
function scripted(script: Array<LanguageModelV3StreamPart[] | ((o: LanguageModelV3CallOptions) => LanguageModelV3StreamPart[])>) {
  const model: MockLanguageModelV3 = new MockLanguageModelV3({
    doStream: async (o) => {
      const step = script[Math.min(model.doStreamCalls.length - 1, script.length - 1)]!;
      return { stream: simulateReadableStream({ chunks: typeof step === "function" ? step(o) : step }) };
    },
  });
  return model;
}

const irlStub = (added: QaItem[]): IrlService => ({
  listIrlItems: async () => [],
  importIrlTemplate: async () => ({ imported: 0 }),
  computeIrlCoverage: async (): Promise<IrlCoverageReport> => ({
    domains: [
      {
        domain: "People",
        covered: 1,
        partial: 0,
        total: 2,
        items: [
          { id: "00000000-0000-4000-8000-000000000001", dealId: "d", domain: "People", item: "Management team biographies", priority: "medium", status: "open", notes: null, keywords: [], coverage: "covered", evidence: [] },
          { id: "00000000-0000-4000-8000-000000000002", dealId: "d", domain: "People", item: "CTO / technology leadership", priority: "high", status: "open", notes: null, keywords: [], coverage: "gap", evidence: [] },
        ],
      },
    ],
    totals: { covered: 1, partial: 0, gap: 1, total: 2 },
  }),
  addQaItem: async (a) => {
    const item: QaItem = { id: crypto.randomUUID(), dealId: a.dealId, question: a.question, domain: a.domain ?? null, priority: a.priority ?? "medium", status: "open", origin: a.origin, answer: null, irlItemId: a.irlItemId ?? null, relatedFindingIds: a.relatedFindingIds ?? [], createdAt: new Date().toISOString() };
    added.push(item);
    return item;
  },
  listQaItems: async () => added,
});

describe("agent turns", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let seeded: Awaited<ReturnType<typeof seedDeal>>;
  const added: QaItem[] = [];
  const services = { irl: irlStub(added) };

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    seeded = await seedDeal(db, "agent-run");
    // the relation the pipeline's detection draws between the corrected annual report's and the
    // deck's FY2023 revenue (the seed adds findings, not the graph): the chat reports the deal's
    // open contradictions, the list the deal header counts (lib/graph/open-contradictions.ts)
    await addRelation(db, seeded.deal.id, seeded.f.arcRevenue, seeded.f.deckRevenue, "CONTRADICTS");
  });
  afterAll(() => cleanup());

  const turn = (messages: UIMessage[], model?: MockLanguageModelV3) => runAgentTurn({ db, deal: seeded.deal, messages, model, services, userId: null, conversationId: null });

  describe("local model on the seeded deal", () => {
    it("fact lookup: one sentence with its source, forecast explained, no score", async () => {
      const r = await turn([userMessage("What's the Q3 revenue?")]);
      // the metric engine is asked first; the seeded deal holds no statement, so the knowledge base answers
      expect(r.toolCalls.map((c) => c.toolName)).toEqual(["compute_metric", "query_knowledge_base"]);
      expect(r.text).toMatch(/^Q3 2024 revenue was EUR 5\.2 million \(source: Q3_2024_Report\.pdf, p\.1\)\./);
      expect(r.text).toMatch(/forecast EUR 5\.0 million .*this was a forecast/);
      expect(r.text).not.toMatch(SCORE);
      expect(r.sources.map((s) => s.document)).toContain("Q3_2024_Report.pdf");
      expect(r.sources[0]!.url).toMatch(/^\/deals\/agent-run\/documents\//);
      expect(r.guardrailFlags).toEqual([]);
    });

    it("clear follow-up states the assumed context; ambiguous one asks; a topic shift resets", async () => {
      const h: UIMessage[] = [userMessage("What's the Q3 revenue?", "u1")];
      const a1 = await turn(h);
      h.push(assistantMessage(a1.text, "a1"), userMessage("And EBITDA?", "u2"));
      const a2 = await turn(h);
      expect(a2.text).toMatch(/^For Q3 2024, EBITDA was EUR 1\.2 million \(source: Q3_2024_Report\.pdf, p\.1\)\./);
      h.push(assistantMessage(a2.text, "a2"), userMessage("What about last year?", "u3"));
      const a3 = await turn(h);
      expect(a3.toolCalls).toEqual([]);
      expect(a3.text).toBe("Do you mean Q3 2023 (same quarter) or FY2023 (full year)?");
      h.push(assistantMessage(a3.text, "a3"), userMessage("The full year", "u4"));
      const a4 = await turn(h);
      expect(a4.text).toMatch(/^For FY2023, EBITDA was EUR 3\.6 million \(source: Annual_Report_2023_CORRECTED\.pdf, p\.2\)/);
      expect(a4.text).toMatch(/corrects the EUR 3\.9 million/);
      h.push(assistantMessage(a4.text, "a4"), userMessage("Tell me about the management team", "u5"));
      const a5 = await turn(h);
      expect(a5.text).toMatch(/^Here's what we know about the management team:/);
      expect(a5.text).not.toMatch(/FY2023|Q3 2024/);
      expect(a5.text).toMatch(/John Doe/);
      expect(a5.text).toMatch(/No information found on CTO/);
    });

    it("conflicting sources for the same period: both shown and explained", async () => {
      const r = await turn([userMessage("What was revenue in FY2023?")]);
      expect(r.text).toMatch(/FY2023 revenue was EUR 18\.4 million \(source: Annual_Report_2023_CORRECTED\.pdf, p\.2\)/);
      expect(r.text).toMatch(/sources disagree for FY2023.*EUR 18\.9 million \(source: Management_Presentation_Oct2024\.pdf, p\.2\)/s);
    });

    it("red flags: contradictions, corrections, gaps and unusual items, then the Q&A offer; 'yes' adds them", async () => {
      const h = [userMessage("Any red flags?", "r1")];
      const r = await turn(h);
      expect(r.toolCalls.map((c) => c.toolName).sort()).toEqual(["detect_contradictions", "find_gaps", "query_knowledge_base"]);
      expect(r.text).toMatch(/\*\*Contradictions:\*\*\n- Revenue FY2023: EUR 18\.4 million/);
      expect(r.text).toMatch(/\*\*Corrections \(not conflicts\):\*\*/);
      expect(r.text).toMatch(/\*\*Gaps:\*\*\n- No CTO/);
      expect(r.text).toMatch(/\*\*Unusual items:\*\*[\s\S]*restructuring charge of EUR 0\.3 million/);
      expect(r.text).toMatch(/Would you like me to add the gaps to the Q&A list\?$/);
      expect(r.text).not.toMatch(/Contradictions:[^*]*Q3 2024/);
      h.push(assistantMessage(r.text, "r2"), userMessage("Yes please", "r3"));
      // the analyst approves the write when asked
      const y = await runAgentTurn({ db, deal: seeded.deal, messages: h, services, userId: null, conversationId: null, approve: () => true });
      expect(y.toolCalls.map((c) => c.toolName)).toEqual(["suggest_questions", "add_to_qa"]);
      expect(y.text).toMatch(/^Added \d+ questions to the Q&A list:/);
      expect(added.some((q) => /CTO/.test(q.question) && q.origin === "gap")).toBe(true);
    });

    it("gap identification by domain with ✅/❌ and the offer", async () => {
      const r = await turn([userMessage("What's missing?")]);
      expect(r.text).toMatch(/\*\*People \(1\/2 items covered\)\*\*\n- ✅ Management team biographies\n- ❌ CTO/);
      expect(r.text).toMatch(/generate Q&A items for the missing information\?$/);
    });

    it("comparison: forecast vs actual as a table with the variance", async () => {
      const r = await turn([userMessage("Compare forecast to actual revenue")]);
      expect(r.text).toMatch(/\| Metric \| Forecast \| Actual \| Variance \|/);
      expect(r.text).toMatch(/\| Revenue \| EUR 5\.0 million .* \| EUR 5\.2 million .* \| \+EUR 200 thousand \(\+4%\) \|/);
      expect(r.guardrailFlags).toEqual([]);
    });

    it("no data: explains why and offers Q&A", async () => {
      const r = await turn([userMessage("What is the churn rate of the customer base in Japan?")]);
      expect(r.text).toMatch(/couldn't find|could not find/i);
      expect(r.text).toMatch(/Q&A list/);
    });

    it("a prompt injection in a page changes nothing", async () => {
      const r = await turn([userMessage("What did the board decide about revenue, and was any other business raised?")]);
      expect(r.text).not.toMatch(/99/);
      expect(r.text).not.toMatch(/system prompt|You are Manda/i);
      const again = await turn([userMessage("What was revenue in FY2023?")]);
      expect(again.text).not.toMatch(/99/);
    });

    it("is deterministic", async () => {
      const a = await turn([userMessage("Walk me through the P&L")]);
      const b = await turn([userMessage("Walk me through the P&L")]);
      expect(a.text).toBe(b.text);
      expect(a.text).toMatch(/^Here's the P&L breakdown/);
      expect(a.text).toMatch(/\*\*Revenue:\*\* EUR 5\.2 million in Q3 2024/);
      expect(a.text).not.toMatch(SCORE);
    });

    it("streams text deltas, tool parts and source parts", async () => {
      const s = await createAgentStream({ db, deal: seeded.deal, messages: [userMessage("What's the Q3 revenue?")], services });
      const types = new Set<string>();
      let deltas = 0;
      const sources: string[] = [];
      for await (const p of s.fullStream) {
        types.add(p.type);
        if (p.type === "text-delta") deltas++;
        if (p.type === "source" && p.sourceType === "url") sources.push(p.url);
      }
      expect([...types]).toEqual(expect.arrayContaining(["tool-call", "tool-result", "text-delta", "source", "finish"]));
      expect(deltas).toBeGreaterThan(0);
      expect(sources.some((u) => u.includes("highlight=Revenue"))).toBe(true);
    });
  });

  describe("scripted models (behaviours the local model never shows)", () => {
    it("a hallucinated source is removed with its claim", async () => {
      const model = scripted([
        toolStep([{ name: "search_documents", input: { query: "Q3 revenue" } }]),
        textStep("Q3 2024 revenue was EUR 5.2 million (source: Q3_2024_Report.pdf, p.1). Q4 2024 revenue was EUR 5.2 million (source: Secret_Plan.pdf, p.4).\n"),
      ]);
      const r = await turn([userMessage("What was Q3 revenue?")], model);
      expect(r.text).toContain("Q3 2024 revenue was EUR 5.2 million (source: Q3_2024_Report.pdf, p.1).");
      expect(r.text).not.toMatch(/Secret_Plan|Q4 2024/);
      expect(r.text).toMatch(/_Note: I left out a reference to sources not retrieved for this answer\._/);
      expect(r.guardrailFlags.map((f) => f.kind)).toEqual(["hallucinated_source"]);
      expect(r.sources.map((s) => s.document)).toEqual(["Q3_2024_Report.pdf"]);
    });

    it("a citation to a real document that was not retrieved this turn is removed too", async () => {
      const model = scripted([
        toolStep([{ name: "search_documents", input: { query: "Q3 revenue", period: "Q3 2024" } }]),
        textStep("Revenue was EUR 5.2 million (sources: Q3_2024_Report.pdf p.1, Management_Bios.docx p.3)."),
      ]);
      const r = await turn([userMessage("What was Q3 revenue?")], model);
      expect(r.text).toMatch(/^Revenue was EUR 5\.2 million \(source: Q3_2024_Report\.pdf, p\.1\)\./);
      expect(r.text).not.toContain("Management_Bios");
    });

    it("bad tool arguments → an error the model sees, then recovery", async () => {
      const model = scripted([
        toolStep([{ name: "search_documents", input: { q: "revenue" } }]),
        (o) => {
          const sawError = JSON.stringify(o.prompt).includes("error");
          return sawError ? toolStep([{ name: "search_documents", input: { query: "Q3 revenue" } }]) : textStep("no error seen");
        },
        textStep("Q3 2024 revenue was EUR 5.2 million (source: Q3_2024_Report.pdf, p.1)."),
      ]);
      const r = await turn([userMessage("What was Q3 revenue?")], model);
      expect(r.toolCalls).toHaveLength(2);
      expect(JSON.stringify(r.toolCalls[0]!.output)).toMatch(/error/i);
      expect(r.text).toBe("Q3 2024 revenue was EUR 5.2 million (source: Q3_2024_Report.pdf, p.1).");
    });

    it("a recoverable tool failure returns {error}", async () => {
      const model = scripted([toolStep([{ name: "get_document_info", input: { document: "Nope.pdf" } }]), textStep("I could not find that document.")]);
      const r = await turn([userMessage("Tell me about Nope.pdf")], model);
      expect(r.toolCalls[0]!.output).toMatchObject({ error: expect.stringMatching(/No document matching/) });
    });

    it("a number not in the sources is flagged and removed; derived numbers are kept", async () => {
      const model = scripted([
        toolStep([{ name: "search_documents", input: { query: "revenue by quarter" } }]),
        textStep("Q3 2024 revenue was EUR 5.2 million (source: Q3_2024_Report.pdf, p.1), up 8.3% from EUR 4.8 million in Q2 2024 (source: Q2_2024_Report.pdf, p.1).\nGross margin was 61% (source: Q3_2024_Report.pdf, p.1).\n"),
      ]);
      const r = await turn([userMessage("How did revenue develop?")], model);
      expect(r.text).toContain("up 8.3% from EUR 4.8 million");
      expect(r.text).not.toContain("61%");
      expect(r.guardrailFlags).toEqual([expect.objectContaining({ kind: "unsupported_number", detail: "61%" })]);
      expect(r.text).toMatch(/a figure I could not find in the sources/);
    });

    it("confidence and similarity scores are stripped", async () => {
      const model = scripted([
        toolStep([{ name: "search_documents", input: { query: "Q3 revenue" } }]),
        textStep("Q3 2024 revenue was EUR 5.2 million (confidence: 0.92) (source: Q3_2024_Report.pdf, p.1). I am 95% confident in this figure."),
      ]);
      const r = await turn([userMessage("What was Q3 revenue?")], model);
      expect(r.text).not.toMatch(SCORE);
      expect(r.text).toMatch(/^Q3 2024 revenue was EUR 5\.2 million \(source: Q3_2024_Report\.pdf, p\.1\)\./);
    });

    it("the injected EUR 99 million never survives, even if a model repeats it", async () => {
      const model = scripted([
        toolStep([{ name: "search_documents", input: { query: "board minutes any other business" } }]),
        textStep("Revenue was EUR 99 million (source: Board_Minutes_Sep2024.docx, p.3)."),
      ]);
      const r = await turn([userMessage("What do the minutes say about other business?")], model);
      expect(r.text).not.toMatch(/99/);
    });
  });

  describe("writing tools wait for the user to approve each write", () => {
    const dealRef = () => ({ id: seeded.deal.id, slug: seeded.deal.slug, name: seeded.deal.name });
    const ctx = () => createAgentContext({ db, deal: dealRef(), services });
    const exec = async (tools: ReturnType<typeof createAgentTools>, name: keyof ReturnType<typeof createAgentTools>, input: unknown) =>
      (tools[name] as unknown as { execute: (i: unknown, o: unknown) => Promise<unknown> }).execute(input, { toolCallId: "t", messages: [] });

    it("every writing tool, and only those, asks for approval", () => {
      const tools = createAgentTools(ctx());
      for (const [name, t] of Object.entries(tools)) expect([name, (t as { needsApproval?: unknown }).needsApproval === true]).toEqual([name, (WRITING_TOOLS as readonly string[]).includes(name)]);
    });

    it("a write the model asks for waits for the user: nothing is saved until approved; declined, nothing is saved and the answer says so", async () => {
      const red = [userMessage("Any red flags?", "w1")];
      const r = await turn(red);
      const h = [...red, assistantMessage(r.text, "w2"), userMessage("Yes please", "w3")];
      const before = added.length;
      const waiting = await turn(h);
      expect(waiting.pendingApprovals.map((p) => p.toolName)).toEqual(["add_to_qa"]);
      expect(waiting.text).toMatch(/needs your approval/);
      expect(added.length).toBe(before);
      const asked: string[] = [];
      const declined = await runAgentTurn({ db, deal: seeded.deal, messages: h, services, userId: null, conversationId: null, approve: (p) => { asked.push(p.toolName); return false; } });
      expect(asked).toEqual(["add_to_qa"]);
      expect(declined.text).toMatch(/Nothing was added to the Q&A list: you declined/);
      expect(added.length).toBe(before);
      const approved = await runAgentTurn({ db, deal: seeded.deal, messages: h, services, userId: null, conversationId: null, approve: () => true });
      expect(approved.pendingApprovals).toEqual([]);
      expect(approved.text).toMatch(/^Added \d+ questions to the Q&A list:/);
      expect(added.length).toBeGreaterThan(before);
    });

    it("a model that keeps asking is put to the user MAX_APPROVAL_ROUNDS (3) times; the next request stays pending", async () => {
      const ask = toolStep([{ name: "add_to_qa", input: { questions: [{ question: "Who leads technology after the CTO left?" }], origin: "chat" } }]);
      const model = scripted([ask]);
      let asked = 0;
      const r = await runAgentTurn({ db, deal: seeded.deal, messages: [userMessage("Add the CTO question", "m1")], model, services, userId: null, conversationId: null, approve: () => { asked++; return false; } });
      expect(MAX_APPROVAL_ROUNDS).toBe(3);
      expect(asked).toBe(3);
      expect(r.pendingApprovals.map((p) => p.toolName)).toEqual(["add_to_qa"]);
      expect(r.text).toMatch(/needs your approval/);
    });

    it("update_knowledge_base verifies the excerpt before it saves", async () => {
      const input = { metric: "Headcount", value: "138", period: "30 September 2023", document: "Q3_2024_Report.pdf", page: 2, excerpt: "The number of employees at 30 September 2024 was 155 (138)." };
      expect(await exec(createAgentTools(ctx()), "update_knowledge_base", { ...input, excerpt: "Made-up sentence that is not on the page." })).toMatchObject({ error: expect.stringMatching(/not on page 2/) });
      const saved = (await exec(createAgentTools(ctx()), "update_knowledge_base", input)) as { status: string; findingId: string };
      expect(saved.status).toBe("saved");
      const row = await db.query<{ period: string; value_num: number }>("select period, value_num from findings where id = $1", [saved.findingId]);
      expect(row.rows[0]).toMatchObject({ period: "30 September 2023" });
    });

    it("trigger_analysis queues through the pipeline, and a failure reaches the model as a safe {error}", async () => {
      const queued = (await exec(createAgentTools(createAgentContext({ db, deal: dealRef() })), "trigger_analysis", { document: "Q3_2024_Report.pdf" })) as { status: string; taskId: string };
      expect(queued.status).toBe("queued");
      const task = await db.query<{ task_type: string; deal_id: string }>("select task_type, deal_id from agent_tasks where id = $1", [queued.taskId]);
      expect(task.rows[0]).toEqual({ task_type: "orchestration", deal_id: seeded.deal.id });
      await db.query("delete from agent_tasks where id = $1", [queued.taskId]);
      const broken = createAgentContext({ db, deal: dealRef(), services: { pipeline: { enqueueAnalysis: async () => { throw new Error('insert into agent_tasks failed: relation "agent_tasks" at /srv/secret/db'); } } } });
      const r = (await exec(createAgentTools(broken), "trigger_analysis", { document: "Q3_2024_Report.pdf" })) as { error: string };
      expect(r.error).toMatch(/^trigger_analysis failed/);
      expect(r.error).not.toMatch(/agent_tasks|secret/);
    });

    it("update_knowledge_graph records a confirmed SUPERSEDES and marks the old finding", async () => {
      const t = createAgentTools(ctx());
      const r = await exec(t, "update_knowledge_graph", { fromFindingId: seeded.f.arcRevenue, toFindingId: seeded.f.deckRevenue, relationType: "SUPERSEDES", reason: "analyst decision" });
      expect(r).toMatchObject({ status: "saved" });
      const f = await db.query<{ superseded: boolean }>("select superseded from findings where id = $1", [seeded.f.deckRevenue]);
      expect(f.rows[0]!.superseded).toBe(true);
      await db.query("delete from relations where from_id = $1 and to_id = $2", [seeded.f.arcRevenue, seeded.f.deckRevenue]);
      await db.query("update findings set superseded = false where id = $1", [seeded.f.deckRevenue]);
    });
  });
});
