/**
 * Conversation and message persistence. Messages are AI SDK UIMessages stored as they are:
 * parts (text, tool calls with inputs and outputs, sources) as JSON, metadata beside them
 * (model, token usage, timings — never scores).
 */
import type { UIMessage } from "ai";
import type { Queryable } from "@/lib/db";
import { MandaError } from "@/lib/errors";
import type { MandaUIMessage, MessageMetadata } from "./ui-message";
import { assertConversationAccess, readableConversationSql, type ConversationAction } from "./visibility";
import { isUuid } from "@/lib/db/ids";

export interface Conversation {
  id: string;
  dealId: string;
  userId: string | null;
  title: string | null;
  mode: "chat" | "agent";
  /** Shared with the deal's members by its author (multi-user mode; otherwise private to the author and owners). */
  shared: boolean;
  createdAt: string;
  updatedAt: string;
  messageCount?: number;
}

interface ConversationRow {
  id: string;
  deal_id: string;
  user_id: string | null;
  title: string | null;
  mode: "chat" | "agent";
  shared: boolean | null;
  created_at: Date | string;
  updated_at: Date | string;
  message_count?: number;
}

interface MessageRow {
  id: string;
  conversation_id: string;
  role: "user" | "assistant" | "system";
  parts: MandaUIMessage["parts"];
  metadata: MessageMetadata | null;
  created_at: Date | string;
}

export interface StoredMessage extends MandaUIMessage {
  createdAt: string;
}


function toConversation(r: ConversationRow): Conversation {
  return {
    id: r.id,
    dealId: r.deal_id,
    userId: r.user_id,
    title: r.title,
    mode: r.mode,
    shared: r.shared === true,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    ...(r.message_count !== undefined ? { messageCount: Number(r.message_count) } : {}),
  };
}

/** A conversation title from the first question: first line, at most 80 characters, cut at a word. */
export function titleFromQuestion(question: string): string {
  const line = question.replace(/\s+/g, " ").trim();
  if (!line) return "New conversation";
  if (line.length <= 80) return line;
  const cut = line.lastIndexOf(" ", 78);
  return `${line.slice(0, cut > 40 ? cut : 78)}…`;
}

/** The text of a message (its text parts joined). */
export function messageText(m: Pick<UIMessage, "parts">): string {
  return m.parts
    .filter((p): p is { type: "text"; text: string } => p.type === "text")
    .map((p) => p.text)
    .join("\n")
    .trim();
}

export async function getConversation({ db, id }: { db: Queryable; id: string }): Promise<Conversation | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<ConversationRow>("select * from conversations where id = $1", [id]);
  return rows[0] ? toConversation(rows[0]) : undefined;
}

/**
 * The conversation of a deal if `userId` may take `action` on it (lib/chat/visibility.ts; null:
 * local mode or the CLI). not_found:conversation when it belongs elsewhere, does not exist or is
 * not readable by the user; forbidden:conversation when readable but not changeable by them.
 */
export async function requireConversation({ db, dealId, id, userId, action = "read" }: { db: Queryable; dealId: string; id: string; userId: string | null; action?: ConversationAction }): Promise<Conversation> {
  const c = await getConversation({ db, id });
  if (!c || c.dealId !== dealId) throw new MandaError("not_found:conversation", "No such conversation in this deal.");
  await assertConversationAccess({ db, conversation: c, userId, action });
  return c;
}

/**
 * The conversation with this id, created on first use (title from the question, `userId` its
 * author). An id that belongs to another deal is not found (never moved, never revealed); an
 * existing one is continued only by its author.
 */
export async function ensureConversation({ db, dealId, id, userId, title, mode }: {
  db: Queryable;
  dealId: string;
  id: string;
  userId: string | null;
  title: string;
  mode?: "chat" | "agent";
}): Promise<{ conversation: Conversation; created: boolean }> {
  if (!isUuid(id)) throw new MandaError("bad_request:conversation_id", "A conversation id is a UUID.");
  const { rows } = await db.query<ConversationRow>(
    `insert into conversations (id, deal_id, user_id, title, mode) values ($1, $2, $3, $4, $5)
     on conflict (id) do nothing returning *`,
    [id, dealId, userId, title, mode ?? "chat"],
  );
  if (rows[0]) return { conversation: toConversation(rows[0]), created: true };
  return { conversation: await requireConversation({ db, dealId, id, userId, action: "write" }), created: false };
}

/** The deal's conversations `userId` may read (all with null), most recent first. */
export async function listConversations({ db, dealId, userId, limit = 50 }: { db: Queryable; dealId: string; userId: string | null; limit?: number }): Promise<Conversation[]> {
  const { rows } = await db.query<ConversationRow>(
    `select c.*, (select count(*)::int from messages m where m.conversation_id = c.id) as message_count
     from conversations c where c.deal_id = $1 and ${readableConversationSql("$2")}
     order by c.updated_at desc, c.created_at desc limit $3`,
    [dealId, userId, Math.min(Math.max(1, limit), 200)],
  );
  return rows.map(toConversation);
}

export async function deleteConversation({ db, dealId, id, userId }: { db: Queryable; dealId: string; id: string; userId: string | null }): Promise<void> {
  await requireConversation({ db, dealId, id, userId, action: "delete" });
  await db.query("delete from conversations where id = $1 and deal_id = $2", [id, dealId]);
}

/** Shares the conversation with the deal's members, or makes it private again (its author only). */
export async function setConversationShared({ db, dealId, id, userId, shared }: { db: Queryable; dealId: string; id: string; userId: string | null; shared: boolean }): Promise<Conversation> {
  await requireConversation({ db, dealId, id, userId, action: "share" });
  const { rows } = await db.query<ConversationRow>("update conversations set shared = $3 where id = $1 and deal_id = $2 returning *", [id, dealId, shared]);
  return toConversation(rows[0]!);
}

/** Keys that would carry internal scores; metadata never stores them. */
const SCORE_KEY = /score|confidence|similarity|relevance|^rank$/i;

/**
 * A copy of stored message metadata without score-like keys, at any depth. (Not to be confused
 * with lib/agent/guardrails/scores.ts stripScores, which removes scores from answer text.)
 */
export function omitScoreFields<T>(value: T): T {
  if (Array.isArray(value)) return value.map(omitScoreFields) as T;
  if (value && typeof value === "object" && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!SCORE_KEY.test(k)) out[k] = omitScoreFields(v);
    return out as T;
  }
  return value;
}

/**
 * Appends messages to a conversation. Stored messages are append-only: an id that is already
 * stored is never updated. Sending the very same message again (same conversation, role and parts:
 * a client retry) is a no-op; any other reuse of an id — another conversation, another role, other
 * content — is conflict:message_id (409). Created-at uses the wall clock so a turn's user message
 * always sorts before its answer.
 */
export async function saveMessages({ db, dealId, conversationId, messages }: { db: Queryable; dealId: string; conversationId: string; messages: UIMessage[] }): Promise<void> {
  for (const m of messages) {
    const metadata = m.metadata === undefined || m.metadata === null ? null : JSON.stringify(omitScoreFields(m.metadata));
    const parts = JSON.stringify(m.parts);
    const { rowCount } = await db.query(
      // strictly after the conversation's last message: clocks tick in milliseconds on PGlite, so
      // messages saved in one call would tie and reload in id order (an answer before its question)
      `insert into messages (id, conversation_id, deal_id, role, parts, metadata, created_at)
       values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, greatest(clock_timestamp(),
         (select max(created_at) + interval '1 microsecond' from messages where conversation_id = $2)))
       on conflict (id) do nothing`,
      [m.id, conversationId, dealId, m.role, parts, metadata],
    );
    if (!rowCount && !(await isSameStoredMessage({ db, conversationId, id: m.id, role: m.role, parts }))) {
      throw new MandaError("conflict:message_id", "A message with this id is already stored; stored messages are never changed. Send a new message id.");
    }
  }
  await db.query("update conversations set updated_at = now() where id = $1", [conversationId]);
}

/**
 * Rewrites a stored answer with what the server produced for it: the user's decisions on its
 * approval requests, then the rest of the answer (the approved writes and the text after them).
 * The one exception to "stored messages are never changed"; only the server calls it, only for
 * an assistant message of this conversation.
 */
export async function replaceAnswer({ db, conversationId, message }: { db: Queryable; conversationId: string; message: UIMessage }): Promise<void> {
  const metadata = message.metadata === undefined || message.metadata === null ? null : JSON.stringify(omitScoreFields(message.metadata));
  const { rowCount } = await db.query("update messages set parts = $3::jsonb, metadata = coalesce($4::jsonb, metadata) where id = $1 and conversation_id = $2 and role = 'assistant'", [message.id, conversationId, JSON.stringify(message.parts), metadata]);
  if (!rowCount) throw new MandaError("conflict:message_id", "The answer to update is not stored in this conversation.");
  await db.query("update conversations set updated_at = now() where id = $1", [conversationId]);
}

async function isSameStoredMessage({ db, conversationId, id, role, parts }: { db: Queryable; conversationId: string; id: string; role: string; parts: string }): Promise<boolean> {
  const { rows } = await db.query("select 1 from messages where id = $1 and conversation_id = $2 and role = $3 and parts = $4::jsonb", [id, conversationId, role, parts]);
  return rows.length > 0;
}

export async function loadMessages({ db, conversationId, limit }: { db: Queryable; conversationId: string; limit?: number }): Promise<StoredMessage[]> {
  const { rows } = await db.query<MessageRow>(
    limit
      ? "select * from (select * from messages where conversation_id = $1 order by created_at desc, id desc limit $2) t order by created_at, id"
      : "select * from messages where conversation_id = $1 order by created_at, id",
    limit ? [conversationId, limit] : [conversationId],
  );
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    parts: r.parts,
    ...(r.metadata ? { metadata: r.metadata } : {}),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
