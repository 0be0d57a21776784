"use client";

import Link from "next/link";
import type { TraceEvent } from "@/lib/agent/mode/types";
import { displayText } from "@/lib/display-text";

function Icon({ type, ok }: { type: string; ok?: boolean }) {
  const cls = "inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-[11px] font-semibold";
  if (type === "constraints") return <span className={`${cls} bg-slate-100 text-slate-600`}>≡</span>;
  if (type === "plan") return <span className={`${cls} bg-indigo-100 text-indigo-700`}>P</span>;
  if (type === "tool_call") return <span className={`${cls} ${ok === false ? "bg-red-100 text-red-700" : "bg-sky-100 text-sky-700"}`}>{ok === false ? "!" : "→"}</span>;
  if (type === "validation") return <span className={`${cls} ${ok ? "bg-emerald-100 text-emerald-700" : "bg-amber-100 text-amber-800"}`}>{ok ? "✓" : "✕"}</span>;
  if (type === "reprompt") return <span className={`${cls} bg-amber-100 text-amber-800`}>↻</span>;
  if (type === "final") return <span className={`${cls} bg-emerald-600 text-white`}>★</span>;
  return <span className={`${cls} bg-red-600 text-white`}>!</span>;
}

/** One step of an Agent Mode run's trace (plan, searches, opened citations, validation, reprompts, final). */
export function TraceStepView({ e, deal }: { e: TraceEvent; deal: string }) {
  const time = <span className="ml-auto shrink-0 pl-2 text-[11px] tabular-nums text-slate-400">{e.durationMs >= 1 ? `${e.durationMs} ms` : ""}</span>;
  let body: React.ReactNode = null;
  switch (e.type) {
    case "constraints": {
      const c = e.constraints;
      const parts = [
        `${c.minSearches} search${c.minSearches === 1 ? "" : "es"}${c.requiredTopics.length ? ` (${c.requiredTopics.join(", ")})` : ""}`,
        c.minOpenCitations ? `open ≥ ${c.minOpenCitations} source${c.minOpenCitations === 1 ? "" : "s"}` : null,
        c.requiresExactQuote ? (c.exactQuoteKind === "figure" ? "exact figure quoted" : "exact quote") : null,
        c.conflictRule ? (c.conflictRule === "newest" ? "newest dated document wins" : c.conflictRule === "most_authoritative" ? "most authoritative document wins" : "flag conflicts") : null,
        c.requiredSections.length ? `sections: ${c.requiredSections.join(", ")}` : null,
        c.requiresInsufficiencyDisclosure ? `“${c.insufficiencyPhrase}” for gaps` : null,
      ].filter(Boolean);
      body = <span>Requirements: {parts.join(" · ")}</span>;
      break;
    }
    case "plan":
      body = (
        <div>
          <span>Plan</span>
          <ol className="mt-1 list-decimal space-y-0.5 pl-5 text-slate-600">
            {e.steps.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ol>
        </div>
      );
      break;
    case "tool_call": {
      // the chat's evidence tools: what was looked up, for which item of the plan
      const what = e.args.query ?? e.args.metric ?? e.args.question ?? (Array.isArray(e.args.items) ? (e.args.items as unknown[]).join(", ") : undefined) ?? (Array.isArray(e.args.facts) ? (e.args.facts as unknown[]).join(", ") : undefined) ?? e.args.role;
      body = (
        <div className="min-w-0">
          <span>
            {e.item ? <span className="mr-1 rounded bg-indigo-50 px-1 text-[10px] text-indigo-700">item {e.item}</span> : null}
            <span className="font-mono text-[11px]">{e.tool}</span>
            {what !== undefined ? (
              <>
                {" "}
                <q className="font-medium">{displayText(what)}</q>
              </>
            ) : null}
            {e.batch ? <span className="ml-1 rounded bg-slate-100 px-1 text-[10px] uppercase text-slate-500">batch {e.batch}</span> : null}
          </span>
          <span className="block text-slate-500">{e.summary}</span>
          {e.citation ? (
            <Link className="font-medium text-indigo-700 underline underline-offset-2" href={`/deals/${encodeURIComponent(deal)}/documents/${e.citation.documentId}?page=${e.citation.page}`} data-testid="trace-citation-link">
              [{e.citation.n}] {e.citation.document}, p.{e.citation.page}
            </Link>
          ) : null}
        </div>
      );
      break;
    }
    case "validation":
      body = (
        <div>
          <span>{e.item ? `Checked item ${e.attempt}: ${e.item} — ${e.ok ? (e.failures.length ? "not in the data room" : "answered from a tool result") : "not answered"}` : e.ok ? "Validation passed" : `Validation failed${e.forced ? " (forced synthesis)" : ""}`}</span>
          {e.failures.length > 0 && (
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-600">
              {e.failures.map((f, i) => (
                <li key={i}>
                  <span className="font-mono text-[10px] text-amber-800">{f.code}</span> {f.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      );
      break;
    case "reprompt":
      body = (
        <div>
          <span>
            Reprompt ({e.reason.replace("_", " ")}) · {e.remaining.toolCalls} tool call(s), {e.remaining.reprompts} reprompt(s) left
          </span>
          <details className="text-slate-600">
            <summary className="cursor-pointer text-[11px] text-slate-500">message</summary>
            <pre className="mt-1 whitespace-pre-wrap font-sans text-[11px]">{e.message}</pre>
          </details>
        </div>
      );
      break;
    case "final":
      body = <span>{e.badge ? `${e.badge} · ${e.citations} citation(s)` : e.status === "validated" ? `Answer validated with ${e.citations} citation(s)` : e.status === "needs_input" ? "Asked back: no items read" : `Answer completed with ${e.unmet.length} unmet requirement(s)`}</span>;
      break;
    case "error":
      body = <span className="text-red-700">{e.message}</span>;
      break;
  }
  return (
    <li className="flex items-start gap-2 py-1.5 text-xs text-slate-700" data-testid="trace-step" data-type={e.type} data-tool={e.type === "tool_call" ? e.tool : undefined}>
      <Icon type={e.type} ok={"ok" in e ? e.ok : undefined} />
      <div className="min-w-0 flex-1">{body}</div>
      {time}
    </li>
  );
}

/** A run's trace as a list (the browser tests read data-testid="trace-step" and its data-type). */
export function TraceList({ trace, deal }: { trace: TraceEvent[]; deal: string }) {
  return (
    <ol className="divide-y divide-slate-100" data-testid="agent-trace">
      {trace.map((e) => (
        <TraceStepView key={`${e.seq}-${e.type}`} e={e} deal={deal} />
      ))}
    </ol>
  );
}
