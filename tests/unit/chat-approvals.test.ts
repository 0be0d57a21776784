/**
 * The user's decisions on an answer's write requests (lib/chat/approvals.ts): applied only to
 * requests the stored answer makes, all of them at once, each part moved to approval-responded.
 */
import type { MandaUIMessage } from "@/lib/chat/ui-message";
import { describe, expect, it } from "vitest";
import { applyApprovals, pendingApprovalIds } from "@/lib/chat/approvals";

const answer = (): MandaUIMessage => ({
  id: "a1",
  role: "assistant",
  parts: [
    { type: "text", text: "Shall I add it?" },
    { type: "tool-add_to_qa", toolCallId: "c1", state: "approval-requested", input: { questions: [{ question: "Who is the CTO?" }] }, approval: { id: "ap-1" } },
    { type: "tool-query_knowledge_base", toolCallId: "c0", state: "output-available", input: { query: "cto" }, output: { hits: [] } },
  ],
});

describe("tool approval decisions", () => {
  it("moves each waiting request to approval-responded with the decision", () => {
    expect(pendingApprovalIds(answer())).toEqual(["ap-1"]);
    const out = applyApprovals(answer(), [{ id: "ap-1", approved: false, reason: "not now" }]);
    expect(out.parts[1]).toMatchObject({ state: "approval-responded", approval: { id: "ap-1", approved: false, reason: "not now" } });
    expect(out.parts[2]).toEqual(answer().parts[2]);
    expect(pendingApprovalIds(out)).toEqual([]);
  });

  it("refuses a decision on a request the answer did not make, a partial set, and an answer with nothing waiting", () => {
    expect(() => applyApprovals(answer(), [{ id: "forged", approved: true }])).toThrow(/does not belong/);
    const two: MandaUIMessage = { ...answer(), parts: [...answer().parts, { type: "tool-create_irl", toolCallId: "c2", state: "approval-requested", input: {}, approval: { id: "ap-2" } }] };
    expect(() => applyApprovals(two, [{ id: "ap-1", approved: true }])).toThrow(/every write/);
    const decided = applyApprovals(answer(), [{ id: "ap-1", approved: true }]);
    expect(() => applyApprovals(decided, [{ id: "ap-1", approved: true }])).toThrow(/No write/);
    expect(() => applyApprovals({ id: "u", role: "user", parts: [{ type: "text", text: "hi" }] }, [{ id: "ap-1", approved: true }])).toThrow(/No write/);
  });
});
