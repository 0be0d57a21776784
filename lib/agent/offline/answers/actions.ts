/** Answers after a write tool ran: questions added to the Q&A list, an IRL imported, an analysis queued. */
import { isError, outputs } from "./tool-outputs";
import type { ToolExchange } from "../conversation";
import type { Plan } from "../intent";

/** A write the user declined when asked to approve it (the SDK's execution-denied result). */
const denied = (o: unknown) => !!o && typeof o === "object" && (o as { denied?: unknown }).denied === true;

export function writeQa(plan: Plan, done: ToolExchange[]): string {
  const add = outputs<{ status?: string; added?: Array<{ question: string }>; error?: string; message?: string }>(done, "add_to_qa")[0];
  const sugg = outputs<{ suggestions?: unknown[]; error?: string }>(done, "suggest_questions")[0];
  if (!add) {
    if (sugg && !isError(sugg) && (sugg.suggestions?.length ?? 0) === 0) return "There are no open gaps or contradictions to turn into questions right now.";
    return "I couldn't add to the Q&A list just now.";
  }
  if (denied(add)) return "Nothing was added to the Q&A list: you declined.";
  if (isError(add)) return `I couldn't add to the Q&A list: ${add.error}`;
  const qs = add.added ?? [];
  return [`Added ${qs.length === 1 ? "1 question" : `${qs.length} questions`} to the Q&A list:`, ...qs.map((q) => `- ${q.question}`)].join("\n");
}

export function writeWrite(kind: "create_irl" | "trigger_analysis", done: ToolExchange[]): string {
  const o = outputs<{ status?: string; error?: string; message?: string; document?: string | null; items?: number; domains?: string[]; taskId?: string }>(done, kind)[0];
  if (!o) return kind === "create_irl" ? "I couldn't import the IRL just now." : "I couldn't queue the analysis just now.";
  if (denied(o)) return kind === "create_irl" ? "The IRL was not imported: you declined." : "No analysis was queued: you declined.";
  if (isError(o)) return `${kind === "create_irl" ? "I couldn't import the IRL" : "I couldn't queue the analysis"}: ${o.error}`;
  if (kind === "create_irl") return `Imported the IRL from ${o.document}: ${o.items} items across ${o.domains?.join(", ")}. Ask "What's missing?" to see the coverage.`;
  return `Queued a re-analysis of ${o.document ?? "the whole deal"}. New findings will appear as the pipeline completes.`;
}
