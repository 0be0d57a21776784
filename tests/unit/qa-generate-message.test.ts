import { describe, expect, it } from "vitest";
import { generatedMessage } from "@/lib/ui/qa-generate";

describe("the Q&A page's word after generating questions", () => {
  it("says what it added, never 'added' when it added nothing", () => {
    expect(generatedMessage("contradictions", { added: [], existing: 0 })).toBe("No contradictions to ask about: nothing was added.");
    expect(generatedMessage("contradictions", { added: [], existing: 8 })).toBe("No new question added; 8 already in the list.");
    expect(generatedMessage("contradictions", { added: [{}, {}], existing: 1 })).toBe("2 questions for contradictions added; 1 already in the list.");
    expect(generatedMessage("gaps", { added: [{}], existing: 0 })).toBe("1 question for IRL gaps added.");
  });
});
