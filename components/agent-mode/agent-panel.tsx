"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import type { GroundedCitation, Insufficiency, TraceEvent } from "@/lib/agent/mode/types";
import { AgentAnswer } from "./agent-answer";
import { readSse } from "./sse";

interface Complete {
  answer: string;
  citations: GroundedCitation[];
  insufficiencies: Insufficiency[];
  status: "validated" | "forced";
  unmet: string[];
  stats: { searches: number; openedCitations: number; toolCalls: number; toolBudget: number; reprompts: number; ms: number };
  error?: { code: string; message: string };
}

export const AGENT_EXAMPLE =
  'Produce an operating summary: separate searches for revenue, margins and litigation, open at least two sources, quote one exact figure, and say "Insufficient documentation" for anything missing';

const MAX_CHARS = 1000;

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

function TraceStepView({ e, deal }: { e: TraceEvent; deal: string }) {
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
    case "tool_call":
      if (e.tool === "search_docs") {
        body = (
          <div className="min-w-0">
            <span>
              Searched <q className="font-medium">{String(e.args.query ?? "")}</q>
              {e.batch ? <span className="ml-1 rounded bg-slate-100 px-1 text-[10px] uppercase text-slate-500">parallel</span> : null}
            </span>
            <span className="block text-slate-500">{e.summary}</span>
            {e.results && e.results.length > 0 && (
              <details className="mt-1 text-slate-600">
                <summary className="cursor-pointer text-[11px] text-slate-500">results</summary>
                <ul className="mt-1 space-y-1">
                  {e.results.map((r) => (
                    <li key={r.ref} className="truncate">
                      <span className="font-mono text-[10px] text-slate-400">{r.ref}</span> {r.document} p.{r.page}
                      {r.role === "request" ? <span className="ml-1 text-[10px] text-amber-700">(request list)</span> : null} — <span className="text-slate-500">{r.snippet}</span>
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </div>
        );
      } else {
        const c = e.citation;
        body = (
          <div className="min-w-0">
            {c ? (
              <span>
                Opened{" "}
                <Link className="font-medium text-indigo-700 underline underline-offset-2" href={`/deals/${encodeURIComponent(deal)}/documents/${c.documentId}?page=${c.page}`} data-testid="trace-citation-link">
                  [{c.n}] {c.document}, p.{c.page}
                </Link>
                {e.batch ? <span className="ml-1 rounded bg-slate-100 px-1 text-[10px] uppercase text-slate-500">parallel</span> : null}
              </span>
            ) : (
              <span>Open citation {String(e.args.ref ?? e.args.chunkId ?? e.args.documentId ?? "")}</span>
            )}
            <span className="block text-slate-500">{e.summary}</span>
          </div>
        );
      }
      break;
    case "validation":
      body = (
        <div>
          <span>{e.ok ? "Validation passed" : `Validation failed${e.forced ? " (forced synthesis)" : ""}`}</span>
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
      body = <span>{e.status === "validated" ? `Answer validated with ${e.citations} citation(s)` : `Answer completed with ${e.unmet.length} unmet requirement(s)`}</span>;
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

/** Agent Mode: a question → the live trace (plan, searches, opened citations, validation, reprompts) → the validated answer with viewer links. */
export function AgentPanel({ deal }: { deal: string }) {
  const [question, setQuestion] = useState("");
  const [asked, setAsked] = useState<string | null>(null);
  const [trace, setTrace] = useState<TraceEvent[]>([]);
  const [result, setResult] = useState<Complete | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const abortRef = useRef<AbortController | null>(null);

  async function run(text: string) {
    const q = text.trim();
    if (!q || busy) return;
    if (q.length > MAX_CHARS) {
      setError(`Agent Mode questions are limited to ${MAX_CHARS} characters.`);
      return;
    }
    setBusy(true);
    setAsked(q);
    setTrace([]);
    setResult(null);
    setError(null);
    const ac = new AbortController();
    abortRef.current = ac;
    try {
      const res = await fetch("/api/agent/stream", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ deal, question: q, returnTrace: true }), signal: ac.signal });
      if (!res.ok) {
        const j = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(j?.error?.message ?? `Agent Mode failed (${res.status}).`);
      }
      await readSse(res, (m) => {
        const data = JSON.parse(m.data) as unknown;
        if (m.event === "trace") setTrace((t) => [...t, data as TraceEvent]);
        else if (m.event === "complete") {
          const c = data as Complete;
          if (c.error) setError(c.error.message);
          else setResult(c);
        }
      });
    } catch (e) {
      if (!ac.signal.aborted) setError(e instanceof Error ? e.message : "Agent Mode failed.");
    } finally {
      setBusy(false);
      abortRef.current = null;
    }
  }

  return (
    <div className="flex min-h-[60vh] flex-col gap-4" data-testid="agent-panel">
      <div className="rounded-lg border border-indigo-200 bg-indigo-50/60 p-3 text-xs text-indigo-900">
        <strong>Agent Mode</strong> plans, searches the data room, opens the sources it cites, and only answers once a validation gate confirms your requirements (searches, opened sources, exact quotes, gaps) are met.
      </div>

      {asked && (
        <div className="flex justify-end">
          <div className="max-w-[80%] whitespace-pre-wrap rounded-2xl rounded-br-sm bg-indigo-600 px-4 py-2 text-sm text-white">{asked}</div>
        </div>
      )}

      {(trace.length > 0 || busy) && (
        <section aria-label="Agent trace" className="rounded-lg border border-slate-200 bg-white px-4 py-2 shadow-sm" aria-live="polite" aria-busy={busy}>
          <h2 className="flex items-center gap-2 pt-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
            Trace
            {busy && <span aria-hidden="true" className="inline-block h-3 w-3 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" />}
          </h2>
          <ol className="divide-y divide-slate-100" data-testid="agent-trace">
            {trace.map((e) => (
              <TraceStepView key={`${e.seq}-${e.type}`} e={e} deal={deal} />
            ))}
          </ol>
        </section>
      )}

      {result && (
        <article className="space-y-3 rounded-lg border border-slate-200 bg-white px-5 py-4 shadow-sm" aria-label="Agent answer" data-testid="agent-result" data-status={result.status}>
          <AgentAnswer text={result.answer} citations={result.citations} />
          {result.insufficiencies.length > 0 && (
            <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-xs text-amber-900" data-testid="agent-insufficiencies">
              <p className="font-semibold">Not established from the data room</p>
              <ul className="mt-1 list-disc pl-5">
                {result.insufficiencies.map((i, k) => (
                  <li key={k}>
                    <span className="font-medium">{i.topic}</span>: {i.missing}
                    {i.queriesTried.length ? <span className="text-amber-700"> (searched: {i.queriesTried.map((q) => `“${q}”`).join(", ")})</span> : null}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {result.citations.length > 0 && (
            <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3" aria-label="Sources">
              {result.citations.map((c) => (
                <Link key={c.n} href={c.url} className="inline-flex items-center gap-1 rounded-full border border-slate-200 bg-slate-50 px-2.5 py-1 text-xs text-slate-700 hover:border-indigo-300 hover:bg-indigo-50" data-testid="source-chip" title={c.snippet}>
                  [{c.n}] {c.document}, p.{c.page}
                  {!c.opened && <span className="text-slate-400"> (search result)</span>}
                </Link>
              ))}
            </div>
          )}
          <p className="text-[11px] text-slate-400">
            {result.stats.searches} search(es) · {result.stats.openedCitations} opened source(s) · {result.stats.toolCalls}/{result.stats.toolBudget} tool calls · {result.stats.reprompts} reprompt(s) · {(result.stats.ms / 1000).toFixed(1)} s
            {result.status === "forced" ? " · completed without meeting every requirement" : " · validated"}
          </p>
        </article>
      )}

      {error && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </div>
      )}

      {!asked && (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center">
          <p className="font-medium">Give Agent Mode a multi-step request</p>
          <p className="mt-1 text-sm text-slate-600">State what it must search, open and quote; it will not answer before it has.</p>
          <button type="button" onClick={() => setQuestion(AGENT_EXAMPLE)} className="mt-3 rounded-full border border-slate-300 bg-white px-3 py-1 text-left text-sm hover:border-indigo-400 hover:bg-indigo-50" data-testid="agent-example">
            {AGENT_EXAMPLE}
          </button>
        </div>
      )}

      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run(question);
        }}
        className="sticky bottom-0 mt-auto border-t border-slate-200 bg-slate-50/95 pt-3 pb-2 backdrop-blur"
      >
        <label htmlFor="agent-input" className="sr-only">
          Agent Mode request
        </label>
        <div className="flex items-end gap-2">
          <textarea
            id="agent-input"
            rows={3}
            maxLength={MAX_CHARS}
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) {
                e.preventDefault();
                void run(question);
              }
            }}
            placeholder="e.g. Separate searches for revenue and margins, open two sources, quote one exact figure…"
            className="min-h-[3.5rem] flex-1 resize-y rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          />
          {busy ? (
            <button type="button" onClick={() => abortRef.current?.abort()} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100" data-testid="agent-stop">
              Stop
            </button>
          ) : (
            <button type="submit" disabled={!question.trim()} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50">
              Run agent
            </button>
          )}
        </div>
        <p className="mt-1 text-right text-[11px] text-slate-400">
          {question.length}/{MAX_CHARS}
        </p>
      </form>
    </div>
  );
}
