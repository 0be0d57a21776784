import Link from "next/link";
import type { UIMessage } from "ai";
import { Chat, type DocRef } from "./chat";

export interface ConversationItem {
  id: string;
  title: string | null;
  updatedAt: string;
}

/** Conversation history for the deal (left) and the chat (right). Server component. */
export function ChatShell({ deal, conversationId, conversations, messages, documents, isNew, historyError }: {
  deal: string;
  conversationId: string;
  conversations: ConversationItem[];
  messages: UIMessage[];
  documents: DocRef[];
  isNew: boolean;
  historyError?: string | null;
}) {
  return (
    <div className="grid gap-6 md:grid-cols-[14rem_minmax(0,1fr)] lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside aria-label="Conversations" className="space-y-3 md:sticky md:top-4 md:self-start">
        <Link href={`/deals/${deal}/chat`} className="block rounded-md bg-indigo-600 px-3 py-2 text-center text-sm font-medium text-white hover:bg-indigo-700" data-testid="new-conversation">
          + New conversation
        </Link>
        {historyError && <p className="text-xs text-red-700">{historyError}</p>}
        {conversations.length === 0 ? (
          <p className="text-xs text-slate-500">No earlier conversations.</p>
        ) : (
          <ol className="max-h-[60vh] space-y-1 overflow-auto text-sm">
            {conversations.map((c) => (
              <li key={c.id}>
                <Link
                  href={`/deals/${deal}/chat/${c.id}`}
                  aria-current={c.id === conversationId ? "page" : undefined}
                  className={`block truncate rounded-md px-2 py-1.5 ${c.id === conversationId ? "bg-indigo-50 font-medium text-indigo-900" : "text-slate-700 hover:bg-slate-100"}`}
                  title={c.title ?? "Untitled"}
                >
                  {c.title ?? "Untitled"}
                  <span className="block text-xs font-normal text-slate-400">{new Date(c.updatedAt).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" })}</span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </aside>
      <section aria-label="Chat" className="min-w-0">
        <Chat key={conversationId} deal={deal} conversationId={conversationId} initialMessages={messages} documents={documents} isNew={isNew} />
      </section>
    </div>
  );
}
