"use client";

/** What a write the agent asks to make would do, in words (from the tool call's input). */
export function describeWrite(name: string, input: unknown): { title: string; items: string[] } {
  const i: Record<string, unknown> = input && typeof input === "object" ? (input as Record<string, unknown>) : {};
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  switch (name) {
    case "add_to_qa": {
      const qs = Array.isArray(i.questions) ? (i.questions as Array<{ question?: unknown }>).map((q) => str(q.question)).filter(Boolean) : [];
      return { title: `Add ${qs.length === 1 ? "1 question" : `${qs.length} questions`} to the Q&A list`, items: qs };
    }
    case "create_irl":
      return { title: `Import the IRL from ${str(i.document) || "the data room's IRL template"}`, items: [] };
    case "trigger_analysis":
      return { title: `Re-run the analysis of ${str(i.document) || "the whole deal"}`, items: str(i.reason) ? [str(i.reason)] : [] };
    case "update_knowledge_base":
      return { title: `Record the finding ${str(i.metric)}${str(i.period) ? ` (${str(i.period)})` : ""} = ${str(i.value)}`, items: [`${str(i.document)}, ${str(i.cell) || `p.${typeof i.page === "number" ? i.page : "?"}`}: “${str(i.excerpt)}”`] };
    case "update_knowledge_graph":
      return { title: `Record a ${str(i.relationType) || "relation"} between two findings`, items: str(i.reason) ? [str(i.reason)] : [] };
    default:
      return { title: name.replace(/_/g, " "), items: [] };
  }
}

/**
 * A write the agent asks to make (AI SDK tool approval): what it would do, and Approve /
 * Decline. Nothing is written until the analyst approves; the answer then continues.
 */
export function ApprovalCard({ name, input, approvalId, onDecide }: { name: string; input: unknown; approvalId: string; onDecide?: (id: string, approved: boolean) => void }) {
  const { title, items } = describeWrite(name, input);
  return (
    <div className="space-y-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="approval-request" data-tool={name}>
      <p className="font-medium">{title}?</p>
      {items.length > 0 && (
        <ul className="list-disc pl-5 text-xs">
          {items.slice(0, 10).map((t, k) => (
            <li key={k}>{t}</li>
          ))}
        </ul>
      )}
      {onDecide ? (
        <div className="flex gap-2">
          <button type="button" onClick={() => onDecide(approvalId, true)} className="rounded-md bg-indigo-600 px-3 py-1 text-xs font-medium text-white hover:bg-indigo-700" data-testid="approval-approve">
            Approve
          </button>
          <button type="button" onClick={() => onDecide(approvalId, false)} className="rounded-md border border-slate-300 bg-white px-3 py-1 text-xs font-medium hover:bg-slate-100" data-testid="approval-deny">
            Decline
          </button>
        </div>
      ) : (
        <p className="text-xs text-amber-800">Waiting for the conversation&apos;s author to approve.</p>
      )}
    </div>
  );
}
