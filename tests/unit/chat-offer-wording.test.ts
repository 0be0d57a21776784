/**
 * The local chat model's wording around Q&A offers: an abstention names what was asked about in
 * plain words, and "Yes, add them to the Q&A list" adds the question asked before, not "them?".
 */
import { describe, expect, it } from "vitest";
import { noData } from "@/lib/models/local-chat/answers/phrasing";
import { planTurn } from "@/lib/models/local-chat/intent";
import { nextToolCalls } from "@/lib/models/local-chat/planner";

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
