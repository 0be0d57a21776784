import { describe, expect, it } from "vitest";
import { hasFigure } from "@/lib/agent/offline/agent-mode/sources";

describe("Agent Mode offline model: what counts as a figure to quote", () => {
  it("counts amounts and table values, not bare years (even before a full stop)", () => {
    expect(hasFigure("Revenue for the third quarter of 2024 was EUR 5.2 million.")).toBe(true);
    expect(hasFigure("Revenue 2 18,400 Cost of revenue (10,120)")).toBe(true);
    expect(hasFigure("the management accounts for July and August 2024. Revenue and EBITDA were in line")).toBe(false);
    expect(hasFigure("compared with 2023, 2022 and 1999")).toBe(false);
    expect(hasFigure("2024.5 is a number, not a year")).toBe(true);
  });
});
