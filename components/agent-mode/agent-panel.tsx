"use client";

import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport } from "ai";
import { useEffect, useMemo, useRef, useState } from "react";
import { Composer, type ComposerLabels } from "@/components/chat/composer";
import { notifyConversationsChanged } from "@/components/chat/conversation-list";
import { agentRunsFromMessages, type AgentRunView, type StoredAgentRun } from "@/lib/agent/mode/messages";
import type { TraceEvent } from "@/lib/agent/mode/types";
import type { AgentUIMessage } from "@/lib/agent/mode/ui-stream";
import { RunResult, StreamingAnswer } from "./run-result";
import { TraceList } from "./trace-step";

export const AGENT_EXAMPLE =
  'Produce an operating summary: separate searches for revenue, margins and litigation, open at least two sources, quote one exact figure, and say "Insufficient documentation" for anything missing';

const MAX_CHARS = 1000;

/** The chat's question box, as Agent Mode's request box. */
const REQUEST_BOX: ComposerLabels = {
  inputId: "agent-input",
  label: "Agent Mode request",
  placeholder: "e.g. Separate searches for revenue and margins, open two sources, quote one exact figure…",
  submit: "Run agent",
  stopTestId: "agent-stop",
  rows: 3,
  maxLength: MAX_CHARS,
};

const STOPPED: StoredAgentRun = { answer: "", citations: [], insufficiencies: [], status: "stopped", unmet: [], plan: [], stats: null, model: null, error: { code: "aborted", message: "Stopped." } };

const lastText = (messages: AgentUIMessage[]) =>
  messages.at(-1)?.parts.map((p) => (p.type === "text" ? p.text : "")).join("\n").trim() ?? "";

/** A refusal before the stream opened comes back as the route's JSON error; its message is meant to be shown. */
function errorText(e: Error): string {
  try {
    const j = JSON.parse(e.message) as { error?: { message?: string } };
    if (j.error?.message) return j.error.message;
  } catch {
    /* not JSON */
  }
  return e.message || "Agent Mode failed.";
}

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

/** One run: the request, its trace (live while it runs), then the answer (streaming, finished, stopped or missing). */
function RunView({ r, deal, current, stopped, open }: { r: AgentRunView; deal: string; current: boolean; stopped: boolean; open: boolean }) {
  const result = r.run ?? (r.answering ? null : !current && stopped ? STOPPED : null);
  return (
    <div className="space-y-3" data-testid={current ? undefined : "agent-run"}>
      {r.question && <Question text={r.question} />}
      <TraceSection trace={r.trace} deal={deal} busy={current && !r.answering && !r.run} open={open} />
      {result ? <RunResult run={result} /> : r.answering ? <StreamingAnswer text={r.answering.text} citations={r.answering.citations} /> : current ? null : <p className="text-sm text-slate-500">No answer was saved for this request.</p>}
    </div>
  );
}

/** The AI SDK chat on POST /api/agent/stream: the request as {deal, conversationId, question}; the answer is one UI message. */
function useAgentChat(deal: string, conversationId: string, initialMessages: AgentUIMessage[]) {
  const transport = useMemo(
    () =>
      new DefaultChatTransport<AgentUIMessage>({
        api: "/api/agent/stream",
        prepareSendMessagesRequest: ({ messages }) => ({ body: { deal, conversationId, question: lastText(messages), returnTrace: true } }),
      }),
    [deal, conversationId],
  );
  return useChat<AgentUIMessage>({ id: conversationId, messages: initialMessages, transport });
}

/**
 * Agent Mode: a request → the live trace (plan, searches, opened citations, validation,
 * reprompts) → the validated answer, streamed token by token, with viewer links. Every run is
 * saved in this Agent Mode conversation (it shows in the history and reopens here with its
 * answers, sources and traces). The same AI SDK chat client as the chat reads the stream.
 */
export function AgentPanel({ deal, conversationId, initialMessages, onSaved }: { deal: string; conversationId: string; initialMessages: AgentUIMessage[]; onSaved?: () => void }) {
  const [question, setQuestion] = useState("");
  const [limitError, setLimitError] = useState<string | null>(null);
  const [stopped, setStopped] = useState<Set<string>>(() => new Set());
  const [ranHere, setRanHere] = useState(false);
  const { messages, setMessages, sendMessage, status, stop, error } = useAgentChat(deal, conversationId, initialMessages);
  const busy = status === "submitted" || status === "streaming";
  const runs: AgentRunView[] = useMemo(() => agentRunsFromMessages(messages), [messages]);
  const opened = useRef(false);
  const asked = useRef("");

  // The request is saved once the stream opens: from then on the history lists the conversation.
  useEffect(() => {
    if (status === "streaming") opened.current = true;
    if (status !== "ready" && status !== "error") return;
    if (status === "error" && !opened.current && asked.current) {
      // nothing was saved: the request goes back in the box to try again
      setMessages((m) => (m.at(-1)?.role === "user" ? m.slice(0, -1) : m));
      setQuestion(asked.current);
    }
    if (opened.current) {
      opened.current = false;
      onSaved?.();
      notifyConversationsChanged(deal, conversationId);
      const url = new URL(window.location.href);
      if (!url.pathname.endsWith(`/chat/${conversationId}`)) {
        url.pathname = `/deals/${encodeURIComponent(deal)}/chat/${conversationId}`;
        url.searchParams.set("mode", "agent");
        window.history.replaceState(window.history.state, "", url.toString());
      }
    }
    asked.current = "";
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the status changes
  }, [status]);

  function run(text: string) {
    const q = text.trim();
    if (!q || busy) return;
    if (q.length > MAX_CHARS) {
      setLimitError(`Agent Mode questions are limited to ${MAX_CHARS} characters.`);
      return;
    }
    setLimitError(null);
    setQuestion("");
    setRanHere(true);
    asked.current = q;
    void sendMessage({ text: q, metadata: { mode: "agent" } });
  }

  function halt() {
    const last = runs.at(-1);
    if (last) setStopped((s) => new Set(s).add(last.id));
    void stop();
  }

  const shown = error && !busy ? errorText(error) : limitError;
  const live = runs.at(-1);
  const empty = runs.length === 0;
  return (
    <div className="flex min-h-[60vh] flex-col gap-4" data-testid="agent-panel">
      <div className="rounded-lg border border-indigo-200 bg-indigo-50/60 p-3 text-xs text-indigo-900">
        <strong>Agent Mode</strong> plans, searches the data room, opens the sources it cites, and only answers once a validation gate confirms your requirements (searches, opened sources, exact quotes, gaps) are met.
      </div>

      {runs.map((r) => (
        <RunView key={r.id} r={r} deal={deal} current={busy && r === live} stopped={stopped.has(r.id)} open={ranHere && r === live} />
      ))}

      {shown && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {shown}
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

      <Composer input={question} setInput={setQuestion} busy={busy} onSubmit={run} onStop={halt} labels={REQUEST_BOX} className="mt-auto" />
    </div>
  );
}
