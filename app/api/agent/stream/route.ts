import { getDb } from "@/lib/db";
import { handleAgentStream } from "@/lib/agent/mode/http";
import { withErrors } from "@/lib/http/route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
export const maxDuration = 300;

/** Agent Mode, live: Server-Sent Events — `trace` per step (plan, tool_call, validation, reprompt, final, error), then `complete`. */
export async function POST(req: Request): Promise<Response> {
  return withErrors(async () => handleAgentStream(req, { db: await getDb() }));
}
