"use client";

/** What differs between the chat's question box and Agent Mode's request box (ids are what tests and labels find). */
export interface ComposerLabels {
  inputId: string;
  label: string;
  placeholder: string;
  submit: string;
  stopTestId: string;
  rows: number;
  /** Shown as "n/max" under the box and enforced by the textarea. */
  maxLength?: number;
}

export const CHAT_COMPOSER: ComposerLabels = {
  inputId: "chat-input",
  label: "Ask a question",
  placeholder: "Ask about revenue, risks, gaps… (Enter to send, Shift+Enter for a new line)",
  submit: "Send",
  stopTestId: "stop",
  rows: 2,
};

/** The box while Agent Mode is on: a run's request, at most 1,000 characters (the server's limit). */
export const AGENT_COMPOSER: ComposerLabels = {
  inputId: "agent-input",
  label: "Agent Mode request",
  placeholder: "e.g. Separate searches for revenue and margins, open two sources, quote one exact figure…",
  submit: "Run agent",
  stopTestId: "agent-stop",
  rows: 3,
  maxLength: 1000,
};

/**
 * The question box of both modes (a chat question, an Agent Mode run): Enter sends, Shift+Enter is a new line;
 * Stop while an answer streams. A conversation the user may only read (another member's) gets a
 * disabled box and the reason.
 */
export function Composer({ input, setInput, busy, onSubmit, onStop, onRegenerate = null, readOnly, labels = CHAT_COMPOSER, className = "" }: {
  input: string;
  setInput: (s: string) => void;
  busy: boolean;
  onSubmit: (text: string) => void;
  onStop: () => void;
  /** Offered when the last message is an answer and nothing is streaming. */
  onRegenerate?: (() => void) | null;
  /** Why this conversation cannot be continued here (the server refuses a post to it). */
  readOnly?: string | null;
  labels?: ComposerLabels;
  /** Extra classes for the form. */
  className?: string;
}) {
  const readOnlyId = `${labels.inputId.replace(/-input$/, "")}-readonly-reason`;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(input);
      }}
      className={`sticky bottom-0 ${className} border-t border-slate-200 bg-slate-50/95 pt-3 pb-2 backdrop-blur`}
    >
      <label htmlFor={labels.inputId} className="sr-only">
        {labels.label}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={labels.inputId}
          rows={labels.rows}
          maxLength={labels.maxLength}
          disabled={!!readOnly}
          aria-describedby={readOnly ? readOnlyId : undefined}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              onSubmit(input);
            }
          }}
          placeholder={labels.placeholder}
          className="min-h-[2.75rem] flex-1 resize-y rounded-md border border-slate-300 bg-white px-3 py-2 text-sm disabled:cursor-not-allowed disabled:bg-slate-100"
        />
        {busy ? (
          <button type="button" onClick={onStop} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100" data-testid={labels.stopTestId}>
            Stop
          </button>
        ) : (
          <button type="submit" disabled={!!readOnly || !input.trim()} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50">
            {labels.submit}
          </button>
        )}
      </div>
      {labels.maxLength !== undefined && (
        <p className="mt-1 text-right text-[11px] text-slate-400">
          {input.length}/{labels.maxLength}
        </p>
      )}
      {readOnly && (
        <p id={readOnlyId} className="mt-1 text-xs text-slate-600" data-testid="composer-readonly">
          {readOnly}
        </p>
      )}
      {onRegenerate && !readOnly && (
        <button type="button" onClick={onRegenerate} className="mt-1 text-xs text-slate-500 underline-offset-2 hover:underline" data-testid="regenerate">
          ↻ Regenerate the last answer
        </button>
      )}
    </form>
  );
}
