import Link from "next/link";
import type { UIMessage } from "ai";
import { AgentModeSwitch } from "@/components/agent-mode/mode-switch";
import { Chat, type DocRef } from "./chat";
import { ConversationList, type ConversationItem } from "./conversation-list";

export type { ConversationItem };

/** Conversation history for the deal (left) and the chat or Agent Mode (right). Server component. */
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
        <ConversationList deal={deal} conversationId={conversationId} initial={conversations} />
      </aside>
      <section aria-label="Chat" className="min-w-0">
        <AgentModeSwitch key={conversationId} deal={deal} conversationId={conversationId} initialMessages={messages} isNew={isNew}>
          <Chat key={conversationId} deal={deal} conversationId={conversationId} initialMessages={messages} documents={documents} isNew={isNew} />
        </AgentModeSwitch>
      </section>
    </div>
  );
}
