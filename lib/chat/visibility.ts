/**
 * Who may do what with a conversation (multi-user mode). The model:
 * - a conversation is private to its author (conversations.user_id) unless the author shares it
 *   with the deal (conversations.shared);
 * - deal owners see every conversation of the deal and may delete any;
 * - only the author continues a conversation (chat or Agent Mode) and shares or unshares it;
 * - a conversation without an author (created in local mode, or its author's account was
 *   deleted) is seen by owners only, unless shared.
 * The deal role still applies first (viewers read, analysts write: lib/auth). Local single-user
 * mode and the CLI act with `userId: null` and may do everything.
 * A conversation the user may not read is not found (404, its existence is not revealed); one they
 * may read but not change is forbidden (403).
 */
import type { Queryable } from "@/lib/db";
import { MandaError } from "@/lib/errors";

export type ConversationAction = "read" | "write" | "delete" | "share";

export interface ConversationAccessSubject {
  dealId: string;
  userId: string | null;
  shared: boolean;
}

/** Whether the user is an owner of the deal. */
async function isDealOwner({ db, dealId, userId }: { db: Queryable; dealId: string; userId: string }): Promise<boolean> {
  const { rows } = await db.query("select 1 from deal_members where deal_id = $1 and user_id = $2 and role = 'owner'", [dealId, userId]);
  return rows.length > 0;
}

/** Whether `userId` (null: local mode or the CLI) may take `action` on the conversation. */
export async function conversationAllows({ db, conversation, userId, action }: { db: Queryable; conversation: ConversationAccessSubject; userId: string | null; action: ConversationAction }): Promise<boolean> {
  if (userId === null) return true;
  const author = conversation.userId === userId;
  if (action === "write" || action === "share") return author;
  if (author || (action === "read" && conversation.shared)) return true;
  return isDealOwner({ db, dealId: conversation.dealId, userId });
}

/** Throws not_found:conversation when the user may not read it, forbidden:conversation when it may read but not `action`. */
export async function assertConversationAccess(args: { db: Queryable; conversation: ConversationAccessSubject; userId: string | null; action: ConversationAction }): Promise<void> {
  if (await conversationAllows(args)) return;
  const readable = args.action !== "read" && (await conversationAllows({ ...args, action: "read" }));
  if (!readable) throw new MandaError("not_found:conversation", "No such conversation in this deal.");
  const what = args.action === "delete" ? "delete it" : args.action === "share" ? "share it" : "continue it";
  throw new MandaError("forbidden:conversation", `This conversation is another user's: only its author can ${what}. Start a new conversation instead.`);
}

/** SQL condition (for `conversations c`) of what user `$n` may read; null user reads all. */
export function readableConversationSql(param: string): string {
  return `(${param}::uuid is null or c.user_id = ${param}::uuid or c.shared
    or exists (select 1 from deal_members m where m.deal_id = c.deal_id and m.user_id = ${param}::uuid and m.role = 'owner'))`;
}
