import type { MandaUIMessage } from "@/lib/chat/ui-message";
import { describe, expect, it } from "vitest";
import { offersOf } from "@/components/chat/offers";

const answer = (text: string): MandaUIMessage => ({ id: "a", role: "assistant", parts: [{ type: "text", text }] });

describe("chat offers", () => {
  it("offers one question for 'add this question', a list for 'add them'", () => {
    expect(offersOf(answer("I couldn't find information on litigation. Would you like me to add this question to the Q&A list for the target company?"))).toEqual([
      { label: "Add to Q&A", message: "Yes, add this question to the Q&A list." },
      { label: "Flag as a gap", action: "flag_gap" },
    ]);
    expect(offersOf(answer("Suggested questions … Would you like me to add them to the Q&A list?"))[0]).toEqual({ label: "Add to Q&A", message: "Yes, add them to the Q&A list." });
  });

  it("does not offer 'Flag as a gap' under a coverage list, where the gaps are IRL items already", () => {
    const coverage = answer("Here's the coverage analysis against your IRL: … ❌ Debt schedule … Would you like me to generate Q&A items for the missing information?");
    expect(offersOf(coverage).map((o) => o.label)).toEqual(["Add to Q&A"]);
  });
});
