/**
 * The user's decisions on the writes an answer asked to make (AI SDK tool approval: a writing
 * tool's call stops the answer with an approval request). The client sends only decisions,
 * `{id, approved, reason?}` per request; they are applied here to the stored answer, so a client
 * can decide only on requests the server made, and only while they wait.
 */
import { isToolUIPart } from "ai";
import { z } from "zod";
import { MandaError } from "@/lib/errors";
import type { MandaPart, MandaUIMessage } from "./ui-message";

export const approvalsSchema = z
  .array(z.object({ id: z.string().min(1).max(200), approved: z.boolean(), reason: z.string().max(500).optional() }))
  .min(1)
  .max(20);

export type ApprovalDecision = z.infer<typeof approvalsSchema>[number];

/** The approval requests of a message that wait for a decision. */
export function pendingApprovalIds(m: Pick<MandaUIMessage, "parts">): string[] {
  return m.parts.flatMap((p) => (isToolUIPart(p) && p.state === "approval-requested" ? [p.approval.id] : []));
}

/**
 * The answer with the decisions applied (each request → approval-responded). Every waiting
 * request must be decided, and every decision must answer one of them.
 */
export function applyApprovals(answer: MandaUIMessage, decisions: ApprovalDecision[]): MandaUIMessage {
  const pending = new Set(pendingApprovalIds(answer));
  if (answer.role !== "assistant" || pending.size === 0) throw new MandaError("bad_request:message", "No write of the last answer waits for a decision.");
  const byId = new Map(decisions.map((d) => [d.id, d]));
  for (const id of byId.keys()) if (!pending.has(id)) throw new MandaError("bad_request:message", "That approval does not belong to a write waiting in the last answer.");
  for (const id of pending) if (!byId.has(id)) throw new MandaError("bad_request:message", "Decide on every write the answer asks for.");
  const parts = answer.parts.map((p): MandaPart => {
    if (!isToolUIPart(p) || p.state !== "approval-requested") return p;
    const d = byId.get(p.approval.id)!;
    return { ...p, state: "approval-responded", approval: { id: d.id, approved: d.approved, ...(d.reason ? { reason: d.reason } : {}) } };
  });
  return { ...answer, parts };
}
