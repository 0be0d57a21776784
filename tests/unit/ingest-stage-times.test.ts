import { describe, expect, it } from "vitest";
import { addStageTime, ingestStageTimes, resetIngestStageTimes, timedStage } from "@/lib/ingest/stage-times";

describe("ingest stage times (bench:dataroom)", () => {
  it("adds up per stage, counts a stage that threw, and resets", async () => {
    resetIngestStageTimes();
    addStageTime("embed", 5);
    addStageTime("embed", 7);
    await expect(timedStage("index", () => { throw new Error("write failed"); })).rejects.toThrow("write failed");
    expect(await timedStage("chunk", () => 42)).toBe(42);
    const t = ingestStageTimes();
    expect(t.embed).toBe(12);
    expect(t.index).toBeGreaterThanOrEqual(0);
    expect(Object.keys(t)).toEqual(["parse", "chunk", "embed", "index", "finish"]);
    expect(t.parse).toBe(0);
    resetIngestStageTimes();
    expect(ingestStageTimes().embed).toBe(0);
  });
});
