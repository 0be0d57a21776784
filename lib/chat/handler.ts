/**
 * POST /api/chat, as a function of its dependencies so tests can call it with an in-memory
 * database and a mock model. Shape after vercel/ai-chatbot: parse (zod) → access → load
 * history → save the user message → stream the agent → save the answer on finish. Instead of a
 * message, a request may carry `approvals`: the user's decisions on the writes the last answer
 * asks for (approvals.ts); they are applied to that stored answer, which then continues.
 */
import { consumeStream, createIdGenerator, safeValidateUIMessages, type LanguageModel } from "ai";
import { z } from "zod";
import type { Db } from "@/lib/db";
import { MandaError, isMandaError } from "@/lib/errors";
import { readJsonBody } from "@/lib/http/body";
import { errorResponse } from "@/lib/http/route";
import { log } from "@/lib/log";
import { MAX_QUESTION_CHARS } from "@/lib/agent/limits";
import { getRequestUser, requireDealAccess, type RequestUser } from "@/lib/auth/request";
import { agentDeal, loadAgent, type AgentModule } from "./agent-adapter";
import { DEFAULT_CONTEXT_MESSAGES, contextWindow, toUIMessages } from "./context";
import { applyApprovals, approvalsSchema } from "./approvals";
import { userMessageForStorage } from "./incoming";
import { replayAnswerResponse } from "./replay";
import type { MandaUIMessage } from "./ui-message";
import { ensureConversation, loadMessages, messageText, replaceAnswer, requireConversation, saveMessages, titleFromQuestion } from "./store";

/**
 * Longest question, in characters: what the tools take (lib/agent/limits.ts; the agent passes the
 * question on as it is). The route accepted 10,000 while the tool refused past 2,000, and the
 * analyst read "Invalid input for tool query_knowledge_base" as the answer.
 */
export const MAX_MESSAGE_CHARS = MAX_QUESTION_CHARS;
/** Parts of one message (text parts; the body itself is limited by MANDA_MAX_JSON_BYTES). */
export const MAX_MESSAGE_PARTS = 20;

const partSchema = z.object({ type: z.string().min(1).max(100) }).passthrough();
const messageSchema = z.object({
  id: z.string().min(1).max(200),
  role: z.enum(["user", "assistant", "system"]),
  parts: z.array(partSchema).min(1).max(MAX_MESSAGE_PARTS),
  metadata: z.unknown().optional(),
});

export const chatBodySchema = z
  .object({
    id: z.string().uuid("The conversation id must be a UUID."),
    deal: z.string().min(1).max(100),
    message: messageSchema.optional(),
    messages: z.array(messageSchema).max(500).optional(),
    approvals: approvalsSchema.optional(),
    mode: z.enum(["chat", "agent"]).optional(),
  })
  .refine((b) => b.approvals || b.message || (b.messages && b.messages.length > 0), { message: "Send the new message as `message` (or `messages`), or `approvals`." });

export type ChatBody = z.infer<typeof chatBodySchema>;

export interface ChatDeps {
  db: Db;
  agent?: AgentModule;
  model?: LanguageModel;
  user?: RequestUser;
  contextMessages?: number;
  /** Awaited after the assistant message is saved (tests wait on it instead of sleeping). */
  onSaved?: (info: { conversationId: string; messageId: string; error?: string }) => void;
  now?: () => number;
}

/** The message shown to the analyst when the model or a tool fails mid-stream (never internals). */
export function safeStreamError(e: unknown): string {
  if (isMandaError(e)) return `${e.message} (${e.code})`;
  const name = e instanceof Error ? e.name : "";
  if (/APICallError|RetryError|LoadAPIKeyError/.test(name)) return "The language model could not answer right now. Please try again in a moment. (unavailable:model)";
  if (/Tool/.test(name)) return "A tool the assistant used failed; the answer is incomplete. Please try again. (internal:tool)";
  return "Something went wrong while answering. Please try again. (internal:stream)";
}

async function readBody(req: Request): Promise<ChatBody> {
  const raw = await readJsonBody(req);
  const parsed = chatBodySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new MandaError("bad_request:body", `Invalid chat request: ${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}

type Turn = {
  conversation: Awaited<ReturnType<typeof ensureConversation>>["conversation"];
  all: MandaUIMessage[];
  continues?: string;
  /** A retried question's stored answer, sent again instead of a new one. */
  replay?: MandaUIMessage;
};

/** A new question: only the user's text is taken from the client (never a role, parts or metadata of an answer). */
async function questionTurn(db: Db, dealId: string, userId: string | null, body: ChatBody): Promise<Turn> {
  const incoming = userMessageForStorage(body.message ?? body.messages![body.messages!.length - 1]!);
  const validated = await safeValidateUIMessages<MandaUIMessage>({ messages: [incoming] });
  if (!validated.success) throw new MandaError("bad_request:message", `Invalid message: ${validated.error.message.slice(0, 200)}`);
  const userMessage = validated.data[0]!;
  const question = messageText(userMessage);
  if (!question) throw new MandaError("bad_request:message", "The message has no text.");
  if (question.length > MAX_MESSAGE_CHARS) throw new MandaError("bad_request:question_too_long", `A message is at most ${MAX_MESSAGE_CHARS.toLocaleString("en")} characters (this one has ${question.length.toLocaleString("en")}).`);

  // Saved before streaming: the question survives a failed or abandoned answer. One transaction, so
  // a refused message (its id is taken: 409) leaves no new empty conversation behind.
  return db.transaction(async (tx) => {
    const { conversation } = await ensureConversation({ db: tx, dealId, id: body.id, userId, title: titleFromQuestion(question), mode: body.mode });
    const stored = toUIMessages(await loadMessages({ db: tx, conversationId: conversation.id }));
    const history = stored.filter((m) => m.id !== userMessage.id);
    await saveMessages({ db: tx, dealId, conversationId: conversation.id, messages: [userMessage] });
    // The same question sent again (a retry: saveMessages refused an edit) already answered: that answer.
    const at = stored.findIndex((m) => m.id === userMessage.id);
    const answered = at >= 0 && stored[at + 1]?.role === "assistant" ? stored[at + 1] : undefined;
    return { conversation, all: [...history, userMessage], replay: answered };
  });
}

/** The user's decisions on the last answer's writes: applied to the stored answer, which the agent then continues. */
async function approvalTurn(db: Db, dealId: string, userId: string | null, body: ChatBody): Promise<Turn> {
  return db.transaction(async (tx) => {
    const conversation = await requireConversation({ db: tx, dealId, id: body.id, userId, action: "write" });
    const history = toUIMessages(await loadMessages({ db: tx, conversationId: conversation.id }));
    const last = history.at(-1);
    if (!last) throw new MandaError("bad_request:message", "No write of the last answer waits for a decision.");
    const answer = applyApprovals(last, body.approvals!);
    await replaceAnswer({ db: tx, conversationId: conversation.id, message: answer });
    return { conversation, all: [...history.slice(0, -1), answer], continues: answer.id };
  });
}

export async function handleChatPost(req: Request, deps: ChatDeps): Promise<Response> {
  const started = deps.now?.() ?? Date.now();
  try {
    const body = await readBody(req);
    const { db } = deps;
    const user = deps.user ?? (await getRequestUser(req, { db }));
    // Asking writes a conversation and the agent may write (Q&A, IRL): analysts and owners only.
    const deal = await requireDealAccess({ db, dealRef: body.deal, user, role: "analyst" });

    const { conversation, all, continues, replay } = body.approvals ? await approvalTurn(db, deal.id, user.id, body) : await questionTurn(db, deal.id, user.id, body);
    if (replay) return replayAnswerResponse(replay, { "x-conversation-id": conversation.id });
    const n = deps.contextMessages ?? DEFAULT_CONTEXT_MESSAGES;
    const agent = deps.agent ?? (await loadAgent());
    const result = await agent.createAgentStream({
      db,
      deal: agentDeal(deal),
      userId: user.id,
      conversationId: conversation.id,
      messages: contextWindow(all, n),
      model: deps.model,
      contextMessages: n,
      abortSignal: req.signal,
    });

    let firstTokenMs: number | undefined;
    let streamError: string | undefined;
    let modelId: string | undefined;
    const elapsed = () => (deps.now?.() ?? Date.now()) - started;
    // Runs the model to the end even when the client goes away, so the answer is saved.
    void result.consumeStream({ onError: () => {} });

    return result.toUIMessageStreamResponse<MandaUIMessage>({
      originalMessages: all,
      generateMessageId: createIdGenerator({ prefix: "msg", size: 16 }),
      sendSources: true,
      headers: { "x-conversation-id": conversation.id },
      messageMetadata: ({ part }) => {
        if (part.type === "start") return { createdAt: new Date().toISOString(), conversationId: conversation.id };
        if (part.type === "text-delta" && firstTokenMs === undefined) firstTokenMs = elapsed();
        if (part.type === "finish-step") modelId = part.response?.modelId ?? modelId;
        if (part.type === "finish") {
          return { model: modelId, finishReason: part.finishReason, usage: { inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens, totalTokens: part.totalUsage.totalTokens } };
        }
        return undefined;
      },
      onError: (e) => {
        // The SDK may report the same failure again with our safe text as the message.
        if (streamError && e instanceof Error && e.message === streamError) return streamError;
        log.error("chat stream failed", { conversationId: conversation.id, error: e instanceof Error ? e.stack ?? e.message : String(e) });
        streamError = safeStreamError(e);
        return streamError;
      },
      consumeSseStream: ({ stream }) => consumeStream({ stream, onError: () => {} }),
      onFinish: async ({ responseMessage, isAborted }) => {
        const metadata = {
          ...responseMessage.metadata,
          // the chat agent's answer, also in a conversation started in Agent Mode
          mode: "chat",
          timings: { firstTokenMs: firstTokenMs ?? null, totalMs: elapsed() },
          ...(streamError ? { error: streamError } : {}),
          ...(isAborted ? { aborted: true } : {}),
        };
        try {
          const answer = { ...responseMessage, metadata };
          // an answer the user's approvals continued is the stored one, completed
          if (continues === responseMessage.id) await replaceAnswer({ db, conversationId: conversation.id, message: answer });
          else await saveMessages({ db, dealId: deal.id, conversationId: conversation.id, messages: [answer] });
        } catch (e) {
          log.error("saving the answer failed", { conversationId: conversation.id, error: e instanceof Error ? e.message : String(e) });
        } finally {
          deps.onSaved?.({ conversationId: conversation.id, messageId: responseMessage.id, error: streamError });
        }
      },
    });
  } catch (e) {
    return errorResponse(e);
  }
}
