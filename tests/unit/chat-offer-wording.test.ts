/**
 * The local chat model's wording around Q&A offers: an abstention names what was asked about in
 * plain words, and "Yes, add them to the Q&A list" adds the question asked before, not "them?".
 */
import { describe, expect, it } from "vitest";
import { basisOf, BUSINESS_QUESTION, writeExploration } from "@/lib/agent/offline/answers/overview";
import { factSentence, noData } from "@/lib/agent/offline/answers/phrasing";
import { planTurn } from "@/lib/agent/offline/intent";
import { nextToolCalls } from "@/lib/agent/offline/planner";

const OFFER = "I couldn't find information on the CEO in the uploaded documents. Would you like me to add this question to the Q&A list for the target company?";

describe("Q&A offer in the local chat", () => {
  it("says what an 'is there …' question is about", () => {
    const text = noData("is there any litigation?");
    expect(text).toContain("information on litigation");
    expect(text).not.toMatch(/on there\b/);
  });

  it("adds the earlier question when the user answers the offer with 'add them'", () => {
    for (const reply of ["Yes, add them to the Q&A list.", "add it to the Q&A list", "Please add this question to the Q&A list"]) {
      const plan = planTurn({ past: [{ user: "Who is the CEO?", assistant: OFFER, tools: [] }], current: { user: reply, assistant: "", tools: [] } });
      const calls = nextToolCalls(plan, [], new Set(["add_to_qa", "suggest_questions", "query_knowledge_base"]));
      expect(calls?.[0]?.toolName, reply).toBe("add_to_qa");
      const questions = (calls![0]!.input as { questions: { question: string }[] }).questions.map((q) => q.question);
      expect(questions, reply).toEqual(["Who is the CEO?"]);
    }
  });

  it("still adds a question named in the request itself", () => {
    const plan = planTurn({ past: [{ user: "Who is the CEO?", assistant: OFFER, tools: [] }], current: { user: "Add who owns the IP to the Q&A list", assistant: "", tools: [] } });
    const calls = nextToolCalls(plan, [], new Set(["add_to_qa"]));
    expect((calls![0]!.input as { questions: { question: string }[] }).questions[0]!.question).toMatch(/^who owns the IP/i);
  });
});

describe("figures and holdings in words", () => {
  const finding = (metric: string, metricKey: string, value: string) =>
    ({ metric, metricKey, value, period: "FY2018", isForecast: false, source: { citation: "(source: report.pdf, p.60)", document: "report.pdf" } }) as unknown as Parameters<typeof factSentence>[0];

  it("states a negative spending line as an outflow, not a negative amount", () => {
    expect(factSentence(finding("Capital expenditure", "capital_expenditure", "-USD 1.03 billion"))).toBe("FY2018: USD 1.03 billion of capital expenditure (an outflow) (source: report.pdf, p.60).");
    expect(factSentence(finding("Net income", "net_income", "-USD 3 million"))).toBe("FY2018 net income was -USD 3 million (source: report.pdf, p.60).");
  });

  it("reads a holding's column header as its basis", () => {
    expect(basisOf("% fully diluted")).toBe(" (fully diluted)");
    expect(basisOf("Share")).toBe("");
    expect(basisOf("%")).toBe("");
    expect(basisOf("Ownership, basic")).toBe(" (basic)");
  });
});

describe("'Tell me about the company'", () => {
  const docs = {
    targetCompany: "Kestrel Robotics AB",
    documents: [
      { filename: "annual.pdf", kind: "annual report", date: null, pages: 3, status: "indexed", findings: 4, supersedes: [] },
      { filename: "broken.pdf", kind: null, date: null, pages: null, status: "failed", findings: 0, supersedes: [] },
    ],
  };
  const page = { document: "annual.pdf", page: 2, citation: "(source: annual.pdf, p.2)", excerpt: '"Information about the business … Kestrel Robotics develops and sells warehouse picking robots to retailers in the Nordics."', containsInstructions: false };
  const plan = { intent: "exploration", question: "Tell me about the company", metrics: [] } as unknown as Parameters<typeof writeExploration>[0];

  it("says what the company does and does not count a failed upload as a document kind", () => {
    const text = writeExploration(plan, [
      { toolName: "get_document_info", input: {}, output: docs },
      { toolName: "query_knowledge_base", input: { query: "x", question: BUSINESS_QUESTION, passages: true }, output: { coverage: "pages", findings: [], pages: [page], conflicts: [], corrections: [], notes: [] } },
    ]);
    expect(text).toContain("**What the company does:**");
    expect(text).toContain("Kestrel Robotics develops and sells warehouse picking robots");
    expect(text).toContain("1 file (1 annual report); 1 more could not be read");
    expect(text).not.toMatch(/\bother\b.*\)/);
  });
});
