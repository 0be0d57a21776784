import { getDb } from "@/lib/db";
import { handleChatPost } from "@/lib/chat/handler";
import { withRequest } from "@/lib/http/route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
export const maxDuration = 60;

/** One chat turn: {id (conversation UUID), deal, message (UIMessage), mode?} → UI message stream. */
export async function POST(req: Request): Promise<Response> {
  return withRequest(req, async () => handleChatPost(req, { db: await getDb() }));
}
