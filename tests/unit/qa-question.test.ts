import { describe, expect, it } from "vitest";
import { normaliseQuestion } from "@/lib/irl/qa";
import { isBackReference, punctuateQuestion, selfContainedQuestion } from "@/lib/irl/qa-question";

describe("Q&A questions read on their own", () => {
  it("names the target company in a chat question that does not", () => {
    expect(selfContainedQuestion("Who is the CEO?", "Borealis Systems AB")).toBe("Who is the CEO of Borealis Systems AB?");
    expect(selfContainedQuestion("is there any litigation?", "Borealis Systems AB")).toBe("Is there any litigation involving Borealis Systems AB?");
    expect(selfContainedQuestion("What was the revenue in Q3 2024?", "Borealis Systems AB")).toBe("What was the revenue of Borealis Systems AB in Q3 2024?");
    expect(selfContainedQuestion("What does the company do?", "Borealis Systems AB")).toBe("What does Borealis Systems AB do?");
    expect(selfContainedQuestion("Who are the founders and what do they own?", "Borealis Systems AB")).toBe("Regarding Borealis Systems AB: who are the founders and what do they own?");
  });

  it("leaves a question that already names the company alone", () => {
    expect(selfContainedQuestion("Does Borealis have any debt?", "Borealis Systems AB")).toBe("Does Borealis have any debt?");
  });

  it("keeps a request a request: no question mark appended", () => {
    expect(punctuateQuestion("Please provide the debt schedule")).toBe("Please provide the debt schedule.");
    expect(punctuateQuestion("List all customer contracts?")).toBe("List all customer contracts.");
    expect(normaliseQuestion("Please provide the debt schedule")).toBe("Please provide the debt schedule.");
    expect(normaliseQuestion("who owns the IP")).toBe("Who owns the IP?");
  });

  it("recognises a pointer back to an earlier question, which is no question to store", () => {
    for (const t of ["them", "them?", "it", "this question", "these"]) expect(isBackReference(t), t).toBe(true);
    expect(isBackReference("Who is the CEO?")).toBe(false);
  });
});
