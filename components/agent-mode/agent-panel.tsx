"use client";

import { useRef, useState } from "react";
import { notifyConversationsChanged } from "@/components/chat/conversation-list";
import type { AgentRunView, StoredAgentRun } from "@/lib/agent/mode/messages";
import type { GroundedCitation, TraceEvent } from "@/lib/agent/mode/types";
import { RunResult, StreamingAnswer } from "./run-result";
import { readSse } from "./sse";
import { TraceList } from "./trace-step";
import { useTokenReveal } from "./use-token-reveal";

/** The `complete` event of /api/agent/stream (lib/agent/mode/http.ts publicResult), or its error. */
interface Complete extends StoredAgentRun {
  conversationId: string | null;
  trace?: TraceEvent[];
  error?: { code: string; message: string };
}

/** The run in progress: its trace live, then its answer token by token. */
interface Live {
  question: string;
  trace: TraceEvent[];
  citations: GroundedCitation[] | null;
  answer: string;
}

export const AGENT_EXAMPLE =
  'Produce an operating summary: separate searches for revenue, margins and litigation, open at least two sources, quote one exact figure, and say "Insufficient documentation" for anything missing';

const MAX_CHARS = 1000;

const unfinished = (status: "failed" | "stopped", error: { code: string; message: string }): StoredAgentRun => ({
  answer: "", citations: [], insufficiencies: [], status, unmet: [], plan: [], stats: null, model: null, error,
});

function Question({ text }: { text: string }) {
  return (
    <div className="flex justify-end">
      <div className="max-w-[80%] whitespace-pre-wrap rounded-2xl rounded-br-sm bg-indigo-600 px-4 py-2 text-sm text-white">{text}</div>
    </div>
  );
}

function TraceSection({ trace, deal, busy, open }: { trace: TraceEvent[]; deal: string; busy?: boolean; open?: boolean }) {
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
 * Agent Mode: a request → the live trace (plan, searches, opened citations, validation,
 * reprompts) → the validated answer, streamed token by token, with viewer links. Every run is
 * saved in this Agent Mode conversation (it shows in the history and reopens here with its
 * answers, sources and traces).
 */
export function AgentPanel({ deal, conversationId, initialRuns, onSaved }: { deal: string; conversationId: string; initialRuns: AgentRunView[]; onSaved?: () => void }) {
  const [question, setQuestion] = useState("");
  const [runs, setRuns] = useState<AgentRunView[]>(initialRuns);
  const [live, setLive] = useState<Live | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [latest, setLatest] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const reveal = useTokenReveal((text) => setLive((l) => l && { ...l, answer: l.answer + text }));

  async function run(text: string) {
    const q = text.trim();
    if (!q || busy) return;
    if (q.length > MAX_CHARS) {
      setError(`Agent Mode questions are limited to ${MAX_CHARS} characters.`);
      return;
    }
    setBusy(true);
    setLive({ question: q, trace: [], citations: null, answer: "" });
    setError(null);
    setQuestion("");
    const ac = new AbortController();
    abortRef.current = ac;
    let saved = false;
    // The run ends as a saved run (answer, or why there is none); `live` is only the run in progress.
    const finish = (entry: Omit<AgentRunView, "id" | "question">) => {
      const id = `run-${Date.now()}`;
      setRuns((r) => [...r, { id, question: q, ...entry }]);
      setLatest(id);
      setLive(null);
    };
    let trace: TraceEvent[] = [];
    const end: { complete?: Complete } = {}; // set by the stream callback
    try {
      const res = await fetch("/api/agent/stream", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ deal, question: q, conversationId, returnTrace: true }), signal: ac.signal });
      if (!res.ok) {
        const j = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(j?.error?.message ?? `Agent Mode failed (${res.status}).`);
      }
      // The request is saved once the stream opens: the history lists the conversation from now on.
      saved = true;
      await readSse(res, (m) => {
        const data = JSON.parse(m.data) as unknown;
        if (m.event === "trace") {
          trace = [...trace, data as TraceEvent];
          setLive((l) => l && { ...l, trace });
        } else if (m.event === "answer-start") setLive((l) => l && { ...l, citations: (data as { citations: GroundedCitation[] }).citations });
        else if (m.event === "answer-delta") reveal.push((data as { delta: string }).delta);
        else if (m.event === "complete") end.complete = data as Complete;
      });
      await reveal.drained(); // the streamed answer is shown in full before it becomes the result
      const c = end.complete;
      if (!c) throw new Error("The connection closed before the run finished.");
      if (c.error) finish({ run: unfinished("failed", c.error), trace });
      else finish({ run: c, trace: c.trace ?? trace });
    } catch (e) {
      reveal.clear();
      if (ac.signal.aborted) finish({ run: unfinished("stopped", { code: "aborted", message: "Stopped." }), trace });
      else {
        setError(e instanceof Error ? e.message : "Agent Mode failed.");
        if (!saved) {
          setLive(null);
          setQuestion(q); // nothing was saved: the request stays in the box to try again
        }
      }
    } finally {
      setBusy(false);
      abortRef.current = null;
      if (saved) {
        onSaved?.();
        notifyConversationsChanged(deal, conversationId);
        const url = new URL(window.location.href);
        if (!url.pathname.endsWith(`/chat/${conversationId}`)) {
          url.pathname = `/deals/${encodeURIComponent(deal)}/chat/${conversationId}`;
          url.searchParams.set("mode", "agent");
          window.history.replaceState(window.history.state, "", url.toString());
        }
      }
    }
  }

  const empty = runs.length === 0 && !live;
  return (
    <div className="flex min-h-[60vh] flex-col gap-4" data-testid="agent-panel">
      <div className="rounded-lg border border-indigo-200 bg-indigo-50/60 p-3 text-xs text-indigo-900">
        <strong>Agent Mode</strong> plans, searches the data room, opens the sources it cites, and only answers once a validation gate confirms your requirements (searches, opened sources, exact quotes, gaps) are met.
      </div>

      {runs.map((r) => (
        <div key={r.id} className="space-y-3" data-testid="agent-run">
          {r.question && <Question text={r.question} />}
          <TraceSection trace={r.trace} deal={deal} open={r.id === latest} />
          {r.run ? <RunResult run={r.run} /> : <p className="text-sm text-slate-500">No answer was saved for this request.</p>}
        </div>
      ))}

      {live && (
        <div className="space-y-3">
          <Question text={live.question} />
          <TraceSection trace={live.trace} deal={deal} busy={busy} open />
          {live.citations && <StreamingAnswer text={live.answer} citations={live.citations} />}
        </div>
      )}

      {error && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </div>
      )}

      {empty && (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center">
          <p className="font-medium">Give Agent Mode a multi-step request</p>
          <p className="mt-1 text-sm text-slate-600">State what it must search, open and quote; it will not answer before it has.</p>
          <button type="button" onClick={() => setQuestion(AGENT_EXAMPLE)} className="mt-3 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-left text-sm hover:border-indigo-400 hover:bg-indigo-50" data-testid="agent-example">
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
