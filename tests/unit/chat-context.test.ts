import type { UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { contextWindow } from "@/lib/chat/context";
import { omitScoreFields } from "@/lib/chat/store";

const msg = (id: string, role: UIMessage["role"], text: string): UIMessage => ({ id, role, parts: text ? [{ type: "text", text }] : [] });

describe("chat context window (the one the route, the CLI and the agent run use)", () => {
  it("keeps the last n usable messages, opening at a user message", () => {
    const history = [msg("s", "system", "sys"), msg("1", "user", "a"), msg("2", "assistant", "b"), msg("3", "user", "c"), msg("4", "assistant", "d"), msg("5", "user", "e")];
    expect(contextWindow(history, 4).map((m) => m.id)).toEqual(["3", "4", "5"]);
    expect(contextWindow(history, 10).map((m) => m.id)).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("drops empty assistant turns (a failed answer) and always keeps the newest message", () => {
    const history = [msg("1", "user", "a"), msg("2", "assistant", ""), msg("3", "user", "again")];
    expect(contextWindow(history, 10).map((m) => m.id)).toEqual(["1", "3"]);
    expect(contextWindow([msg("1", "assistant", "hello")], 0).map((m) => m.id)).toEqual(["1"]);
  });
});

describe("stored message metadata", () => {
  it("omits score-like fields at any depth", () => {
    expect(omitScoreFields({ sources: [{ document: "a.pdf", page: 3, score: 0.9, similarity: 0.8 }], confidence: 0.7, rank: 1, ranking: "x" }))
      .toEqual({ sources: [{ document: "a.pdf", page: 3 }], ranking: "x" });
  });
});
