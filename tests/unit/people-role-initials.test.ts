/** A role named by its initials in a release ("President and CFO") holds the role asked (lib/agent/evidence/entities.ts). */
import { describe, expect, it } from "vitest";
import { holdsRole } from "@/lib/agent/evidence/entities";

describe("a title printed by its initials", () => {
  it("holds the role asked in full words, in three layouts of a release", () => {
    expect(holdsRole("said Jo Marlow, President and CFO of Alderwick.", "chief financial officer")).toBe(true);
    expect(holdsRole("Jo Marlow, Alderwick CFO, said the quarter was strong.", "chief financial officer")).toBe(true);
    expect(holdsRole("said Sam Reyes, Chair and CEO.", "chief executive officer")).toBe(true);
  });

  it("is not another role's initials", () => {
    expect(holdsRole("said Sam Reyes, Chair and CEO.", "chief financial officer")).toBe(false);
    // a two-word title has no initials to go by
    expect(holdsRole("said Jo Marlow, GC.", "general counsel")).toBe(false);
  });
});
