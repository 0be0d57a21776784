import { getDb } from "@/lib/db";
import { handleChatPost, jsonError } from "@/lib/chat/handler";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
export const maxDuration = 60;

/** One chat turn: {id (conversation UUID), deal, message (UIMessage), mode?} → UI message stream. */
export async function POST(req: Request): Promise<Response> {
  try {
    return await handleChatPost(req, { db: await getDb() });
  } catch (e) {
    return jsonError(e);
  }
}
