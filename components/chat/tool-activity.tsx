"use client";

import { getToolName, type DynamicToolUIPart, type ToolUIPart } from "ai";
import { ApprovalCard } from "./approval";

/** A tool call of an answer (the AI SDK's typed tool parts). */
export type ToolPart = ToolUIPart | DynamicToolUIPart;

const TOOL_LABELS: Record<string, [running: string, done: string]> = {
  query_knowledge_base: ["Searching the data room…", "Searched the data room"],
  get_document_info: ["Reading document details…", "Read document details"],
  detect_contradictions: ["Checking for contradictions…", "Checked for contradictions"],
  find_gaps: ["Looking for gaps…", "Looked for gaps"],
  validate_finding: ["Checking the finding against its source…", "Checked the finding"],
  update_knowledge_base: ["Saving the finding…", "Finding saved"],
  suggest_questions: ["Drafting questions…", "Drafted questions"],
  create_irl: ["Building the information request list…", "Built the IRL"],
  add_to_qa: ["Adding to the Q&A list…", "Q&A list updated"],
  trigger_analysis: ["Starting the analysis…", "Analysis started"],
  update_knowledge_graph: ["Updating the knowledge graph…", "Knowledge graph updated"],
};

/** One tool call of the answer: running, done or failed, with the query it searched for; a write waiting for approval. */
/** What the call searched for or asked, from its input. */
function queryOf(input: unknown): string | null {
  if (!input || typeof input !== "object") return null;
  const { query, question } = input as { query?: unknown; question?: unknown };
  return typeof query === "string" ? query : typeof question === "string" ? question : null;
}

/** How many contradictions detect_contradictions reported: the deal's open contradictions (the header's count). */
function contradictionCount(name: string, output: unknown): number | null {
  if (name !== "detect_contradictions" || !output || typeof output !== "object") return null;
  const { conflicts } = output as { conflicts?: unknown };
  return Array.isArray(conflicts) ? conflicts.length : null;
}

export function ToolActivity({ part, onDecide }: { part: ToolPart; onDecide?: (id: string, approved: boolean) => void }) {
  const name = getToolName(part);
  if (part.state === "approval-requested") return <ApprovalCard name={name} input={part.input} approvalId={part.approval.id} onDecide={onDecide} />;
  const [running, done] = TOOL_LABELS[name] ?? [`Using ${name.replace(/_/g, " ")}…`, `Used ${name.replace(/_/g, " ")}`];
  const state = part.state;
  const denied = state === "output-denied" || (state === "approval-responded" && !part.approval.approved);
  const failed = state === "output-error";
  const finished = state === "output-available";
  const query = queryOf(part.input);
  const found = finished ? contradictionCount(name, part.output) : null;
  return (
    <div className="flex items-center gap-2 text-xs text-slate-500" data-testid="tool-activity" data-tool={name} data-state={state}>
      {finished ? (
        <span aria-hidden="true" className="text-emerald-600">
          ✓
        </span>
      ) : failed || denied ? (
        <span aria-hidden="true" className="text-red-600">
          ✕
        </span>
      ) : (
        <span aria-hidden="true" className="inline-block h-3 w-3 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" />
      )}
      <span>
        {denied ? "Declined — nothing was changed" : failed ? `${done} — failed` : finished ? done : running}
        {query ? <span className="text-slate-400"> · “{query.length > 80 ? `${query.slice(0, 80)}…` : query}”</span> : null}
        {found !== null ? (
          <span className="text-slate-400" data-testid="contradiction-count" data-count={found}>
            {" "}
            · {found === 1 ? "1 contradiction" : `${found} contradictions`}
          </span>
        ) : null}
      </span>
    </div>
  );
}
