"use client";

import Link from "next/link";
import type { StoredAgentRun } from "@/lib/agent/mode/messages";
import type { GroundedCitation, Insufficiency } from "@/lib/agent/mode/types";
import { AgentAnswer } from "./agent-answer";

function Insufficiencies({ items }: { items: Insufficiency[] }) {
  if (items.length === 0) return null;
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-xs text-amber-900" data-testid="agent-insufficiencies">
      <p className="font-semibold">Not established from the data room</p>
      <ul className="mt-1 list-disc pl-5">
        {items.map((i, k) => (
          <li key={k}>
            <span className="font-medium">{i.topic}</span>: {i.missing}
            {i.queriesTried.length ? <span className="text-amber-700"> (searched: {i.queriesTried.map((q) => `“${q}”`).join(", ")})</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Sources({ citations }: { citations: GroundedCitation[] }) {
  if (citations.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3" aria-label="Sources">
      {citations.map((c) => (
        <Link key={c.n} href={c.url} className="inline-flex max-w-full items-center gap-1 rounded-full border border-slate-200 bg-slate-50 px-2.5 py-1 text-xs text-slate-700 [overflow-wrap:anywhere] hover:border-indigo-300 hover:bg-indigo-50" data-testid="source-chip" title={c.snippet}>
          [{c.n}] {c.document}, p.{c.page}
          {!c.opened && <span className="text-slate-400"> (search result)</span>}
        </Link>
      ))}
    </div>
  );
}

/** A finished run: the answer with its [n] links, what could not be established, the sources and the run's figures. */
export function RunResult({ run }: { run: StoredAgentRun }) {
  if (run.status === "failed" || run.status === "stopped") {
    return (
      <p className="rounded-md border border-slate-200 bg-white px-4 py-3 text-sm text-slate-600" data-testid="agent-run-unfinished">
        {run.status === "stopped" ? "Stopped before an answer was ready." : `No answer: ${run.error?.message ?? "the run failed."}`}
      </p>
    );
  }
  const s = run.stats;
  return (
    <article className="space-y-3 rounded-lg border border-slate-200 bg-white px-5 py-4 shadow-sm" aria-label="Agent answer" data-testid="agent-result" data-status={run.status}>
      <AgentAnswer text={run.answer} citations={run.citations} />
      <Insufficiencies items={run.insufficiencies} />
      <Sources citations={run.citations} />
      {s && (
        <p className="text-[11px] text-slate-400">
          {s.searches} search(es) · {s.openedCitations} cited source(s) · {s.toolCalls}/{s.toolBudget} tool calls · {(s.ms / 1000).toFixed(1)} s
          {run.badge ? ` · ${run.badge}` : run.status === "forced" ? " · completed without meeting every requirement" : run.status === "needs_input" ? " · asked back" : " · validated"}
        </p>
      )}
    </article>
  );
}

/** The validated answer while it streams in: its citations are already known, so [n] links work from the first token. */
export function StreamingAnswer({ text, citations }: { text: string; citations: GroundedCitation[] }) {
  return (
    <article className="space-y-3 rounded-lg border border-slate-200 bg-white px-5 py-4 shadow-sm" aria-label="Agent answer (arriving)">
      <AgentAnswer text={text} citations={citations} streaming />
      <span aria-hidden="true" className="inline-block h-4 w-1.5 animate-pulse bg-indigo-400 align-middle" />
    </article>
  );
}
