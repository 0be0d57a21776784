/**
 * POST /api/chat, as a function of its dependencies so tests can call it with an in-memory
 * database and a mock model. Shape after vercel/ai-chatbot: parse (zod) → access → load
 * history → save the user message → stream the agent → save the answer on finish.
 */
import { consumeStream, createIdGenerator, safeValidateUIMessages, type LanguageModel } from "ai";
import { z } from "zod";
import type { Db } from "@/lib/db";
import { MandaError, isMandaError } from "@/lib/errors";
import { readJsonBody } from "@/lib/http/body";
import { errorResponse } from "@/lib/http/route";
import { log } from "@/lib/log";
import { getRequestUser, requireDealAccess, type RequestUser } from "@/lib/auth/request";
import { agentDeal, loadAgent, type AgentModule } from "./agent-adapter";
import { DEFAULT_CONTEXT_MESSAGES, contextWindow, toUIMessages } from "./context";
import { userMessageForStorage } from "./incoming";
import { ensureConversation, loadMessages, messageText, saveMessages, titleFromQuestion } from "./store";

export const MAX_MESSAGE_CHARS = 10_000;
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
    mode: z.enum(["chat", "agent"]).optional(),
  })
  .refine((b) => b.message || (b.messages && b.messages.length > 0), { message: "Send the new message as `message` (or `messages`)." });

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

export async function handleChatPost(req: Request, deps: ChatDeps): Promise<Response> {
  const started = deps.now?.() ?? Date.now();
  try {
    const body = await readBody(req);
    const { db } = deps;
    const user = deps.user ?? (await getRequestUser(req, { db }));
    // Asking writes a conversation and the agent may write (Q&A, IRL): analysts and owners only.
    const deal = await requireDealAccess({ db, dealRef: body.deal, user, role: "analyst" });

    // Only the user's text is taken from the client (never a role, parts or metadata of an answer).
    const incoming = userMessageForStorage(body.message ?? body.messages![body.messages!.length - 1]!);
    const validated = await safeValidateUIMessages({ messages: [incoming] });
    if (!validated.success) throw new MandaError("bad_request:message", `Invalid message: ${validated.error.message.slice(0, 200)}`);
    const userMessage = validated.data[0]!;
    const question = messageText(userMessage);
    if (!question) throw new MandaError("bad_request:message", "The message has no text.");
    if (question.length > MAX_MESSAGE_CHARS) throw new MandaError("too_large:message", `A message is at most ${MAX_MESSAGE_CHARS.toLocaleString("en")} characters.`);

    // Saved before streaming: the question survives a failed or abandoned answer. One transaction, so
    // a refused message (its id is taken: 409) leaves no new empty conversation behind.
    const { conversation, history } = await db.transaction(async (tx) => {
      const { conversation } = await ensureConversation({ db: tx, dealId: deal.id, id: body.id, userId: user.id, title: titleFromQuestion(question), mode: body.mode });
      const history = toUIMessages(await loadMessages({ db: tx, conversationId: conversation.id })).filter((m) => m.id !== userMessage.id);
      await saveMessages({ db: tx, dealId: deal.id, conversationId: conversation.id, messages: [userMessage] });
      return { conversation, history };
    });

    const all = [...history, userMessage];
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

    return result.toUIMessageStreamResponse({
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
          ...((responseMessage.metadata as Record<string, unknown> | undefined) ?? {}),
          mode: body.mode ?? conversation.mode,
          timings: { firstTokenMs: firstTokenMs ?? null, totalMs: elapsed() },
          ...(streamError ? { error: streamError } : {}),
          ...(isAborted ? { aborted: true } : {}),
        };
        try {
          await saveMessages({ db, dealId: deal.id, conversationId: conversation.id, messages: [{ ...responseMessage, metadata }] });
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
