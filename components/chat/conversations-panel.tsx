"use client";

import { useState } from "react";

/**
 * The conversation sidebar: always shown beside the chat on wide screens; on a phone it
 * collapses behind a "Conversations" button so the chat gets the screen.
 */
export function ConversationsPanel({ children }: { children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <aside aria-label="Conversations" className="space-y-3 md:sticky md:top-4 md:self-start">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="conversations-panel"
        className="flex w-full items-center justify-between rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 md:hidden"
        data-testid="conversations-toggle"
      >
        Conversations
        <span aria-hidden="true">{open ? "▴" : "▾"}</span>
      </button>
      <div id="conversations-panel" className={`${open ? "block" : "hidden"} space-y-3 md:block`}>
        {children}
      </div>
    </aside>
  );
}
