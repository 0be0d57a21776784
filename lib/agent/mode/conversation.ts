/**
 * Agent Mode runs saved in conversations (through lib/chat/store, like the chat): the request is
 * saved before the run, so it survives a failed or stopped run; the answer (text, citations,
 * trace — lib/agent/mode/messages.ts) after it. A run starts a conversation (mode 'agent': the
 * mode it was started in) or continues any conversation of the deal, chat turns included: the
 * chat page shows both in one list. Like a chat, a conversation is its author's
 * (lib/chat/visibility.ts): only they continue it.
 */
import type { Queryable } from "@/lib/db";
import { ensureConversation, getConversation, requireConversation, saveMessages, titleFromQuestion } from "@/lib/chat/store";
import { isMandaError } from "@/lib/errors";
import { log } from "@/lib/log";
import { agentAnswerMessage, agentFailureMessage, agentQuestionMessage } from "./messages";
import type { AgentModeResult, TraceEvent } from "./types";

export interface AgentConversationRef {
  dealId: string;
  conversationId: string;
}

const messageId = (kind: "q" | "a") => `agent-${kind}-${crypto.randomUUID()}`;

/** The id an answer is saved under (the stream sends it first, so the client's message is the stored one). */
export const answerMessageId = () => messageId("a");

/**
 * Refuses a conversation id that is another deal's or not the user's own (only its author
 * continues a conversation: lib/chat/visibility.ts): before a stream opens, so it is an HTTP status.
 */
export async function checkAgentConversation({ db, dealId, id, userId }: { db: Queryable; dealId: string; id: string; userId: string | null }): Promise<void> {
  if (!(await getConversation({ db, id }))) return; // new: created by the run
  await requireConversation({ db, dealId, id, userId, action: "write" });
}

/** Creates (or continues) the run's conversation and saves the request. */
export async function startAgentConversation({ db, dealId, userId, conversationId, question }: {
  db: Queryable;
  dealId: string;
  userId: string | null;
  conversationId?: string;
  question: string;
}): Promise<AgentConversationRef> {
  const id = conversationId ?? crypto.randomUUID();
  const { conversation } = await ensureConversation({ db, dealId, id, userId, title: titleFromQuestion(question), mode: "agent" });
  await saveMessages({ db, dealId, conversationId: conversation.id, messages: [agentQuestionMessage(messageId("q"), question)] });
  return { dealId, conversationId: conversation.id };
}

/** Saves the run's answer. A failure to save is logged, never thrown: the analyst still gets the answer. */
export async function saveAgentAnswer({ db, ref, result, id }: { db: Queryable; ref: AgentConversationRef; result: AgentModeResult; id?: string }): Promise<boolean> {
  try {
    await saveMessages({ db, dealId: ref.dealId, conversationId: ref.conversationId, messages: [agentAnswerMessage(id ?? messageId("a"), result)] });
    return true;
  } catch (e) {
    log.error("agent mode: saving the answer failed", { conversationId: ref.conversationId, error: e instanceof Error ? e.message : String(e) });
    return false;
  }
}

/** Records that the run did not finish (its reason and the trace so far), so the history says so. */
export async function saveAgentFailure({ db, ref, error, aborted, trace, id }: { db: Queryable; ref: AgentConversationRef; error: unknown; aborted: boolean; trace: TraceEvent[]; id?: string }): Promise<void> {
  const info = aborted
    ? { code: "aborted", message: "The run was stopped before it finished." }
    : isMandaError(error)
      ? { code: error.code, message: error.message }
      : { code: "internal:unexpected", message: "The run failed before it finished." };
  try {
    await saveMessages({ db, dealId: ref.dealId, conversationId: ref.conversationId, messages: [agentFailureMessage(id ?? messageId("a"), aborted ? "stopped" : "failed", info, trace)] });
  } catch (e) {
    log.error("agent mode: saving the failed run failed", { conversationId: ref.conversationId, error: e instanceof Error ? e.message : String(e) });
  }
}
