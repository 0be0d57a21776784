import { getDb } from "@/lib/db";
import { handleAgentStream } from "@/lib/agent/mode/http";
import { withRequest } from "@/lib/http/route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
export const maxDuration = 300;

/** Agent Mode, live: an AI SDK UI message stream — the trace as a data part after each step, then the answer token by token and the run (lib/agent/mode/ui-stream.ts). */
export async function POST(req: Request): Promise<Response> {
  return withRequest(req, async () => handleAgentStream(req, { db: await getDb() }));
}
