import Link from "next/link";
import type { MandaUIMessage } from "@/lib/chat/ui-message";
import { Chat, type DocRef } from "./chat";
import { ConversationList, type ConversationItem } from "./conversation-list";
import { ConversationsPanel } from "./conversations-panel";
import { ConversationSharing, type ConversationSharingInfo } from "./conversation-sharing";
import { readOnlyReason } from "./read-only";

export type { ConversationItem };

/** Conversation history for the deal (left) and the conversation, chat and Agent Mode alike (right). Server component. */
export function ChatShell({ deal, conversationId, conversations, messages, documents, isNew, historyError, sharing }: {
  deal: string;
  conversationId: string;
  conversations: ConversationItem[];
  messages: MandaUIMessage[];
  documents: DocRef[];
  isNew: boolean;
  historyError?: string | null;
  /** Multi-user mode, a saved conversation: whose it is and whether it is shared. */
  sharing?: ConversationSharingInfo | null;
}) {
  return (
    <div className="grid gap-6 md:grid-cols-[14rem_minmax(0,1fr)] lg:grid-cols-[16rem_minmax(0,1fr)]">
      <ConversationsPanel>
        <Link href={`/deals/${deal}/chat`} className="block rounded-md bg-indigo-600 px-3 py-2 text-center text-sm font-medium text-white hover:bg-indigo-700" data-testid="new-conversation">
          + New conversation
        </Link>
        {historyError && <p className="text-xs text-red-700">{historyError}</p>}
        <ConversationList deal={deal} conversationId={conversationId} initial={conversations} />
      </ConversationsPanel>
      <section aria-label="Chat" className="min-w-0">
        {sharing && <ConversationSharing key={conversationId} deal={deal} conversationId={conversationId} info={sharing} />}
        <Chat key={conversationId} deal={deal} conversationId={conversationId} initialMessages={messages} documents={documents} isNew={isNew} readOnly={readOnlyReason(sharing)} />
      </section>
    </div>
  );
}
