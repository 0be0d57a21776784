import type { LanguageModelV3CallOptions, LanguageModelV3Prompt } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { decide, textDeltas } from "@/lib/agent/offline";
import { getAgentModelInfo } from "@/lib/agent/model";
import { parseConfig } from "@/lib/config";

const TOOLS = ["query_knowledge_base", "get_document_info", "detect_contradictions", "find_gaps", "validate_finding", "update_knowledge_base", "suggest_questions", "create_irl", "add_to_qa", "trigger_analysis", "update_knowledge_graph"];
const opts = (prompt: LanguageModelV3Prompt): LanguageModelV3CallOptions => ({
  prompt,
  tools: TOOLS.map((name) => ({ type: "function" as const, name, inputSchema: { type: "object" } })),
});
const user = (text: string) => ({ role: "user" as const, content: [{ type: "text" as const, text }] });
const assistant = (text: string) => ({ role: "assistant" as const, content: [{ type: "text" as const, text }] });
const calls = (prompt: LanguageModelV3Prompt) => {
  const d = decide(opts(prompt));
  return d.calls.map((c) => ({ tool: c.toolName, input: JSON.parse(c.input) as Record<string, unknown> }));
};

describe("local chat model: intent routing by query pattern", () => {
  it.each([
    ["What's the EBITDA?", ["query_knowledge_base"], { intent: "fact", metric: "EBITDA" }],
    ["Walk me through the P&L", ["query_knowledge_base", "query_knowledge_base", "query_knowledge_base", "query_knowledge_base", "query_knowledge_base"], { intent: "research" }],
    ["Any red flags?", ["detect_contradictions", "find_gaps", "query_knowledge_base"], undefined],
    ["What concerns should I have?", ["detect_contradictions", "find_gaps", "query_knowledge_base"], undefined],
    // forecast vs actual per P&L line: revenue, EBITDA, gross margin
    ["Compare forecast to actual", ["query_knowledge_base", "query_knowledge_base", "query_knowledge_base"], { intent: "research", metric: "revenue", query: "revenue forecast vs actual" }],
    // the people, then what they own (cap table)
    ["Summarize the management team", ["query_knowledge_base", "query_knowledge_base"], { intent: "research" }],
    ["What do we know about the CEO?", ["query_knowledge_base", "query_knowledge_base"], { intent: "research", query: "the CEO chief executive officer" }],
    ["How did quarterly revenue develop from Q1 to Q3 2024?", ["query_knowledge_base"], { intent: "research", metric: "revenue", limit: 30 }],
    ["What's missing?", ["find_gaps"], undefined],
    ["What don't we know?", ["find_gaps"], undefined],
    ["Tell me about the company", ["get_document_info", "query_knowledge_base", "query_knowledge_base", "query_knowledge_base"], undefined], // what the company does, revenue, EBITDA
  ] as const)("%s → %j", (q, tools, firstInput) => {
    const c = calls([{ role: "system", content: "sys" }, user(q)]);
    expect(c.map((x) => x.tool)).toEqual(tools);
    if (firstInput) expect(c[0]!.input).toMatchObject(firstInput);
  });

  it("writing tools only on explicit requests, never proactively", () => {
    expect(calls([user("What was Q3 revenue?")]).map((c) => c.tool)).not.toEqual(expect.arrayContaining(["add_to_qa", "trigger_analysis", "update_knowledge_base", "create_irl"]));
    expect(calls([user("Re-run the analysis of Q3_2024_Report.pdf")])).toEqual([{ tool: "trigger_analysis", input: { document: "Q3_2024_Report.pdf", reason: "requested in chat" } }]);
    expect(calls([user("Import the IRL from IRL_Template.xlsx")])[0]!.tool).toBe("create_irl");
  });

  it("a 'yes' after a Q&A offer drafts then adds the questions", () => {
    const prompt = [user("Any red flags?"), assistant("I found …\n\nWould you like me to add the gaps to the Q&A list?"), user("Yes please")];
    expect(calls(prompt).map((c) => c.tool)).toEqual(["suggest_questions"]);
    const afterSuggest: LanguageModelV3Prompt = [
      ...prompt,
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "s1", toolName: "suggest_questions", input: {} }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "s1", toolName: "suggest_questions", output: { type: "json", value: { suggestions: [{ question: "Please provide: CTO.", domain: "People", priority: "high", origin: "gap" }] } } }] },
    ];
    expect(calls(afterSuggest)).toEqual([{ tool: "add_to_qa", input: { questions: [{ question: "Please provide: CTO.", domain: "People", priority: "high" }], origin: "gap" } }]);
    expect(decide(opts([user("Any red flags?"), assistant("… Would you like me to add the gaps to the Q&A list?"), user("no thanks")])).text).toMatch(/nothing was added/);
  });
});

describe("local chat model: multi-turn", () => {
  const q3 = [user("What's the Q3 revenue?"), assistant("Q3 2024 revenue was EUR 5.2 million (source: Q3_2024_Report.pdf, p.1).")];

  it("a clear follow-up inherits the period", () => {
    const c = calls([...q3, user("And EBITDA?")]);
    expect(c).toEqual([{ tool: "query_knowledge_base", input: { query: "EBITDA Q3 2024", intent: "fact", metric: "EBITDA", period: "Q3 2024" } }]);
  });

  it("an ambiguous follow-up gets a clarifying question, then the answer is understood", () => {
    const d = decide(opts([...q3, user("What about last year?")]));
    expect(d.kind).toBe("text");
    expect(d.text).toBe("Do you mean Q3 2023 (same quarter) or FY2023 (full year)?");
    const c = calls([...q3, user("What about last year?"), assistant(d.text), user("the same quarter")]);
    expect(c[0]!.input).toMatchObject({ metric: "revenue", period: "Q3 2023" });
  });

  it("a topic shift resets the context", () => {
    const c = calls([...q3, user("Tell me about the management team")]);
    expect(c[0]!.input.period).toBeUndefined();
    expect(String(c[0]!.input.query)).toMatch(/management team/);
  });

  it("follow-up context also comes from previous tool calls", () => {
    const prompt: LanguageModelV3Prompt = [
      user("What was revenue in FY2023?"),
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "k1", toolName: "query_knowledge_base", input: { query: "revenue FY2023", period: "FY2023" } }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "k1", toolName: "query_knowledge_base", output: { type: "json", value: { understood: { period: "FY2023" }, answer: { period: "FY2023" } } } }] },
      assistant("FY2023 revenue was EUR 18.4 million (source: Annual_Report_2023_CORRECTED.pdf, p.2)."),
      user("And gross margin?"),
    ];
    expect(calls(prompt)[0]!.input).toMatchObject({ metric: "gross margin", period: "FY2023" });
  });
});

describe("local chat model: answers and mechanics", () => {
  const kbResult = {
    query: "EBITDA FY2023",
    intent: "fact",
    understood: { metrics: ["EBITDA"], period: "FY2023" },
    answer: {
      id: "f2", metric: "EBITDA", metricKey: "ebitda", value: "EUR 3.6 million", asWritten: "3,600", valueNum: 3600000, unit: "currency", currency: "EUR", period: "FY2023", isForecast: false, domain: "financial", status: "current",
      corrects: { findingId: "f1", value: "EUR 3.9 million", document: "Annual_Report_2023.pdf", citation: "(source: Annual_Report_2023.pdf, p.2)" },
      source: { document: "Annual_Report_2023_CORRECTED.pdf", page: 2, excerpt: "\"EBITDA amounted to EUR 3.6 million\"", citation: "(source: Annual_Report_2023_CORRECTED.pdf, p.2)", url: "/x" },
    },
    findings: [], timeline: [], corrections: [], conflicts: [], forecastVsActual: [], pages: [], coverage: "findings", notes: [],
  };
  const withResult: LanguageModelV3Prompt = [
    user("What was EBITDA in FY2023?"),
    { role: "assistant", content: [{ type: "tool-call", toolCallId: "k1", toolName: "query_knowledge_base", input: { query: "x" } }] },
    { role: "tool", content: [{ type: "tool-result", toolCallId: "k1", toolName: "query_knowledge_base", output: { type: "json", value: kbResult } }] },
  ];

  it("writes the fact in one sentence, says the correction, never a score", () => {
    const d = decide(opts(withResult));
    expect(d.kind).toBe("text");
    expect(d.text).toBe("FY2023 EBITDA was EUR 3.6 million (source: Annual_Report_2023_CORRECTED.pdf, p.2).\n\nNote: this corrects the EUR 3.9 million stated in Annual_Report_2023.pdf (source: Annual_Report_2023.pdf, p.2); Annual_Report_2023_CORRECTED.pdf supersedes it.");
    expect(d.text).not.toMatch(/confiden|similarity|score/i);
  });

  it("streams word deltas", async () => {
    expect(textDeltas("Q3 2024 revenue was").join("")).toBe("Q3 2024 revenue was");
    const model = getAgentModelInfo(parseConfig({})).model;
    const started = performance.now();
    const { stream } = await model.doStream(opts(withResult));
    const reader = stream.getReader();
    const types: string[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      types.push(value.type);
    }
    expect(performance.now() - started).toBeLessThan(200);
    expect(types.filter((t) => t === "text-delta").length).toBeGreaterThan(5);
    expect(types.at(-1)).toBe("finish");
    const tools = await model.doStream(opts([user("Any red flags?")]));
    const parts: string[] = [];
    const r2 = tools.stream.getReader();
    for (;;) {
      const { value, done } = await r2.read();
      if (done) break;
      parts.push(value.type);
    }
    expect(parts).toEqual(expect.arrayContaining(["tool-input-start", "tool-input-delta", "tool-call"]));
  });

  it("getAgentModel: local offline, OpenAI with a key, a compatible server with a base URL", () => {
    expect(getAgentModelInfo(parseConfig({})).provider).toBe("local");
    expect(getAgentModelInfo(parseConfig({ OPENAI_API_KEY: "sk-test" })).modelId).toBe("gpt-4.1");
    expect(getAgentModelInfo(parseConfig({ OPENAI_API_KEY: "sk-test", OPENAI_CHAT_MODEL: "gpt-4o" })).model.modelId).toBe("gpt-4o");
    expect(getAgentModelInfo(parseConfig({ OPENAI_BASE_URL: "http://localhost:11434/v1", OPENAI_CHAT_MODEL: "llama3" })).provider).toBe("openai-compatible");
  });
});

describe("local chat model: a figure the question reader did not read", () => {
  const ALL = [...TOOLS, "search_documents", "open_page", "get_line_items", "compute_metric", "get_people", "get_company_facts", "get_risk_factors", "get_explanations", "get_timeline"];
  const withReader = (prompt: LanguageModelV3Prompt): LanguageModelV3CallOptions => ({ prompt, tools: ALL.map((name) => ({ type: "function" as const, name, inputSchema: { type: "object" } })) });
  const netIncome = {
    query: "q", intent: "fact", understood: { metrics: ["net income"], period: "Q2 2023" },
    answer: {
      id: "f9", metric: "net income", metricKey: "net_income", value: "USD 2.33 billion", asWritten: "2,327", valueNum: 2327000000, unit: "currency", currency: "USD", period: "Q2 2023", isForecast: false, domain: "financial", status: "current",
      source: { document: "Widget_2023Q2_10Q.pdf", page: 8, excerpt: "\"Net income 2,327\"", citation: "(source: Widget_2023Q2_10Q.pdf, p.8)", url: "/x" },
    },
    findings: [], timeline: [], corrections: [], conflicts: [], forecastVsActual: [], pages: [], coverage: "findings", notes: [],
  };
  const asked = (question: string): LanguageModelV3Prompt => [
    user(question),
    { role: "assistant", content: [{ type: "tool-call", toolCallId: "k1", toolName: "query_knowledge_base", input: { query: question } }] },
    { role: "tool", content: [{ type: "tool-result", toolCallId: "k1", toolName: "query_knowledge_base", output: { type: "json", value: netIncome } }] },
  ];
  /** The turn run to its answer: the knowledge base finds the net income; every evidence tool finds nothing. */
  const answered = (question: string) => {
    const prompt: LanguageModelV3Prompt = [user(question)];
    for (let step = 0; step < 6; step++) {
      const d = decide(withReader(prompt));
      if (d.kind === "text") return d;
      prompt.push({ role: "assistant", content: d.calls.map((c) => ({ type: "tool-call" as const, toolCallId: c.toolCallId, toolName: c.toolName, input: JSON.parse(c.input) })) });
      const empty = { rows: [], passages: [], people: [], facts: [], notes: [], notFound: [] };
      prompt.push({ role: "tool", content: d.calls.map((c) => ({ type: "tool-result" as const, toolCallId: c.toolCallId, toolName: c.toolName, output: { type: "json" as const, value: c.toolName === "query_knowledge_base" ? netIncome : empty } })) });
    }
    throw new Error("no answer in six steps");
  };

  it.each([
    "how much does widget still expect to pay to spin off its consumer arm?",
    "what's left to pay on the consumer arm spin-off",
    "consumer arm spin-off costs still to come, usd m",
  ])("shows the knowledge base's match as closest evidence, never as the answer: %s", (question) => {
    const d = answered(question);
    expect(d.text).toMatch(/^I couldn't tell which figure/);
    expect(d.text).toContain("Closest evidence (not an answer to the question as asked):\n- Q2 2023 net income was USD 2.33 billion (source: Widget_2023Q2_10Q.pdf, p.8).");
  });

  it("states the figure when the question names it", () => {
    const d = decide(opts(asked("What was net income in Q2 2023?")));
    expect(d.text).toMatch(/^Q2 2023 net income was USD 2\.33 billion/);
  });
});

describe("local chat model: a deal of several companies' documents", () => {
  const ALL = [...TOOLS, "search_documents", "open_page", "get_line_items", "compute_metric", "get_people", "get_company_facts", "get_risk_factors", "get_explanations", "get_timeline"];
  const system = (target?: string) =>
    `You are Manda, the due-diligence analyst assistant for the deal "Peers"${target ? ` (target company: ${target})` : ""}.\n\n# Data room\n- Acme Widgets, Inc. (ticker ACMW): ACME_2022_10K.pdf (10-K FY2022)\n- Globex Corporation (ticker GBX): GLOBEX_2022_10K.pdf (10-K FY2022)\n`;
  const run = (prompt: LanguageModelV3Prompt) => decide({ prompt, tools: ALL.map((name) => ({ type: "function" as const, name, inputSchema: { type: "object" } })) });

  it.each(["who audits their books?", "revenue 2022", "how many people do they employ", "what's the backlog at the end of 2022?"])("asks which company when the question names none: %s", (q) => {
    const d = run([{ role: "system", content: system() }, user(q)]);
    expect(d.kind).toBe("text");
    expect(d.text).toMatch(/^Which company do you mean\?/);
    expect(d.text).toContain("Acme Widgets, Inc., Globex Corporation");
  });

  it("answers the company the question names, by name or ticker, with no question back", () => {
    for (const q of ["globex revenue 2022", "gbx revenue 2022", "What was Globex's revenue in 2022?"]) {
      const d = run([{ role: "system", content: system() }, user(q)]);
      expect(d.kind, q).toBe("tools");
      expect(d.calls.map((c) => JSON.parse(c.input).company), q).toContain("Globex Corporation");
    }
  });

  it("the reply naming the company answers the question asked before", () => {
    const d = run([{ role: "system", content: system() }, user("revenue 2022"), assistant("Which company do you mean? This deal holds documents of several companies (Acme Widgets, Inc., Globex Corporation), and the question names none of them."), user("acme")]);
    expect(d.kind).toBe("tools");
    expect(d.calls.map((c) => JSON.parse(c.input))).toContainEqual(expect.objectContaining({ company: "Acme Widgets, Inc.", periods: ["FY2022"] }));
  });

  it("a question naming no company is asked of the deal's target", () => {
    const d = run([{ role: "system", content: system("Globex") }, user("revenue 2022")]);
    expect(d.kind).toBe("tools");
    expect(d.calls.map((c) => JSON.parse(c.input).company)).toContain("Globex Corporation");
  });

  it("deal-wide requests are not asked back", () => {
    for (const q of ["Any red flags?", "What's missing?", "hello"]) expect(run([{ role: "system", content: system() }, user(q)]).text, q).not.toMatch(/^Which company/);
  });
});
