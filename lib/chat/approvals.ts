/**
 * The user's decisions on the writes an answer asked to make (AI SDK tool approval: a writing
 * tool's call stops the answer with an approval request). The client sends only decisions,
 * `{id, approved, reason?}` per request; they are applied here to the stored answer, so a client
 * can decide only on requests the server made, and only while they wait.
 */
import type { UIMessage } from "ai";
import { z } from "zod";
import { MandaError } from "@/lib/errors";

export const approvalsSchema = z
  .array(z.object({ id: z.string().min(1).max(200), approved: z.boolean(), reason: z.string().max(500).optional() }))
  .min(1)
  .max(20);

export type ApprovalDecision = z.infer<typeof approvalsSchema>[number];

type Part = UIMessage["parts"][number];
type ToolPart = Extract<Part, { state: string }> & { approval?: { id: string; approved?: boolean; reason?: string } };

const isToolPart = (p: Part): p is ToolPart => (p.type.startsWith("tool-") || p.type === "dynamic-tool") && "state" in p;

/** The approval requests of a message that wait for a decision. */
export function pendingApprovalIds(m: Pick<UIMessage, "parts">): string[] {
  return m.parts.flatMap((p) => (isToolPart(p) && p.state === "approval-requested" && p.approval ? [p.approval.id] : []));
}

/**
 * The answer with the decisions applied (each request → approval-responded). Every waiting
 * request must be decided, and every decision must answer one of them.
 */
export function applyApprovals(answer: UIMessage, decisions: ApprovalDecision[]): UIMessage {
  const pending = new Set(pendingApprovalIds(answer));
  if (answer.role !== "assistant" || pending.size === 0) throw new MandaError("bad_request:message", "No write of the last answer waits for a decision.");
  const byId = new Map(decisions.map((d) => [d.id, d]));
  for (const id of byId.keys()) if (!pending.has(id)) throw new MandaError("bad_request:message", "That approval does not belong to a write waiting in the last answer.");
  for (const id of pending) if (!byId.has(id)) throw new MandaError("bad_request:message", "Decide on every write the answer asks for.");
  const parts = answer.parts.map((p) => {
    if (!isToolPart(p) || p.state !== "approval-requested" || !p.approval) return p;
    const d = byId.get(p.approval.id)!;
    return { ...p, state: "approval-responded", approval: { id: d.id, approved: d.approved, ...(d.reason ? { reason: d.reason } : {}) } } as Part;
  });
  return { ...answer, parts };
}
