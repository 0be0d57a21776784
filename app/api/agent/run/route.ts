import { getDb } from "@/lib/db";
import { handleAgentRun } from "@/lib/agent/mode/http";
import { withRequest } from "@/lib/http/route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
export const maxDuration = 300;

/** Agent Mode, synchronous: {question, deal, returnTrace?} → {answer, citations, insufficiencies, trace?}. */
export async function POST(req: Request): Promise<Response> {
  return withRequest(req, async () => handleAgentRun(req, { db: await getDb() }));
}
