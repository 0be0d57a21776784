import { getDb } from "@/lib/db";
import { agentJsonError, handleAgentStream } from "@/lib/agent/mode/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
export const maxDuration = 300;

/** Agent Mode, live: Server-Sent Events — `trace` per step (plan, tool_call, validation, reprompt, final, error), then `complete`. */
export async function POST(req: Request): Promise<Response> {
  try {
    return await handleAgentStream(req, { db: await getDb() });
  } catch (e) {
    return agentJsonError(e);
  }
}
