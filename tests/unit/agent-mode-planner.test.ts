import { describe, expect, it } from "vitest";
import { analyzeConstraints } from "@/lib/agent/mode/constraints";
import { fallbackPlan, parsePlan } from "@/lib/agent/mode/planner";

describe("planner parsing", () => {
  it("JSON array (also inside a code fence or prose)", () => {
    expect(parsePlan('["search_docs revenue", "open_citation R1", "synthesise"]')).toEqual({ steps: ["search_docs revenue", "open_citation R1", "synthesise"], format: "json" });
    expect(parsePlan('Here is the plan:\n```json\n["a step", "another step"]\n```')?.format).toBe("json");
    expect(parsePlan('{"steps": [{"step": "search revenue"}, {"step": "answer"}]}')?.steps).toEqual(["search revenue", "answer"]);
  });
  it("numbered list", () => {
    expect(parsePlan("1. Search for revenue\n2) Open the top citation\nStep 3: Answer with [1]")).toEqual({ steps: ["Search for revenue", "Open the top citation", "Answer with [1]"], format: "numbered" });
  });
  it("bullets", () => {
    expect(parsePlan("Plan:\n- search margins\n* open R2\n• write the answer")).toEqual({ steps: ["search margins", "open R2", "write the answer"], format: "bullets" });
  });
  it("clamps to 2–5 steps, keeping the synthesis step", () => {
    const p = parsePlan(JSON.stringify(["step 1", "step 2", "step 3", "step 4", "step 5", "step 6", "final synthesis"]))!;
    expect(p.steps).toHaveLength(5);
    expect(p.steps.at(-1)).toBe("final synthesis");
    expect(parsePlan('["only one step"]')).toBeNull();
  });
  it("unusable output → null (the caller falls back)", () => {
    expect(parsePlan("I will do my best.")).toBeNull();
    expect(parsePlan("")).toBeNull();
  });
  it("the fallback plan follows the constraints (2–5 steps, one search per topic, synthesis last)", () => {
    const q = 'Separate searches for revenue, margins and litigation, open at least two sources, quote one exact figure, and say "Insufficient documentation" for anything missing';
    const steps = fallbackPlan(analyzeConstraints(q), q);
    expect(steps.length).toBeGreaterThanOrEqual(2);
    expect(steps.length).toBeLessThanOrEqual(5);
    expect(steps[0]).toMatch(/revenue.*margins.*litigation/);
    expect(steps.at(-1)).toMatch(/Synthesise/);
    const simple = fallbackPlan(analyzeConstraints("What was EBITDA?"), "What was EBITDA?");
    expect(simple.length).toBeGreaterThanOrEqual(2);
  });
});
