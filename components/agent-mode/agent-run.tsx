"use client";

import type { AgentRunView, StoredAgentRun } from "@/lib/agent/mode/messages";
import type { TraceEvent } from "@/lib/agent/mode/types";
import { RunResult, StreamingAnswer } from "./run-result";
import { TraceList } from "./trace-step";

const STOPPED: StoredAgentRun = { answer: "", citations: [], insufficiencies: [], status: "stopped", unmet: [], plan: [], stats: null, model: null, error: { code: "aborted", message: "Stopped." } };

/** The run's trace: live (open, with a spinner) while it runs, then folded into "Trace · n steps". */
function TraceSection({ trace, deal, busy, open }: { trace: TraceEvent[]; deal: string; busy: boolean; open: boolean }) {
  if (busy) {
    return (
      <section aria-label="Agent trace" className="rounded-lg border border-slate-200 bg-white px-4 py-2 shadow-sm" aria-live="polite" aria-busy="true">
        <h2 className="flex items-center gap-2 pt-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
          Trace
          <span aria-hidden="true" className="inline-block h-3 w-3 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" />
        </h2>
        <TraceList trace={trace} deal={deal} />
      </section>
    );
  }
  if (trace.length === 0) return null;
  return (
    <details open={open} className="rounded-lg border border-slate-200 bg-white px-4 py-2 shadow-sm" aria-label="Agent trace">
      <summary className="cursor-pointer pt-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Trace · {trace.length} steps</summary>
      <TraceList trace={trace} deal={deal} />
    </details>
  );
}

/**
 * An Agent Mode run in the conversation (its assistant message): the trace (live while it runs),
 * then the answer — streaming, validated or forced with its sources, stopped, or failed.
 */
export function AgentRun({ view, deal, live, open, stopped }: {
  view: AgentRunView;
  deal: string;
  /** The run streaming now. */
  live: boolean;
  /** Unfold the trace (the run was made on this page). */
  open: boolean;
  /** The analyst stopped it (its saved run says so after a reload). */
  stopped: boolean;
}) {
  const result = view.run ?? (!live && stopped ? STOPPED : null);
  return (
    <div className="min-w-0 space-y-3" data-testid={live ? undefined : "agent-run"}>
      <TraceSection trace={view.trace} deal={deal} busy={live && !view.answering && !view.run} open={open} />
      {result ? (
        <RunResult run={result} />
      ) : view.answering ? (
        <StreamingAnswer text={view.answering.text} citations={view.answering.citations} />
      ) : live ? null : (
        <p className="text-sm text-slate-500">No answer was saved for this request.</p>
      )}
    </div>
  );
}
