import { getDb } from "@/lib/db";
import { agentJsonError, handleAgentRun } from "@/lib/agent/mode/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
export const maxDuration = 300;

/** Agent Mode, synchronous: {question, deal, returnTrace?} → {answer, citations, insufficiencies, trace?}. */
export async function POST(req: Request): Promise<Response> {
  try {
    return await handleAgentRun(req, { db: await getDb() });
  } catch (e) {
    return agentJsonError(e);
  }
}
