import { z } from "zod";
import { MandaError } from "@/lib/errors";
import { readJsonBody } from "@/lib/http/body";
import { withDealRoute } from "@/lib/http/route";
import { requireDocument } from "@/lib/ui/server/documents";
import { getPipelineRun, listPipelineTasks, startPipelineRun } from "@/lib/ui/server/pipeline";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Ctx = { params: Promise<{ deal: string }> };

const statusQuery = z.enum(["pending", "running", "completed", "failed"]).optional();

/** The deal's agent tasks (newest first, ?status= to filter) and the state of a run started here. */
export async function GET(req: Request, { params }: Ctx) {
  const { deal } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const parsedStatus = statusQuery.safeParse(new URL(req.url).searchParams.get("status") ?? undefined);
    if (!parsedStatus.success) throw new MandaError("bad_request:query", "status is pending, running, completed or failed.");
    const status = parsedStatus.data;
    const tasks = await listPipelineTasks({ db, dealId: deal.id, status });
    return Response.json({ tasks, run: getPipelineRun(deal.id) }, { headers: { "cache-control": "no-store" } });
  });
}

const runSchema = z.object({ documentId: z.string().uuid().optional(), retryFailed: z.enum(["transient", "all"]).optional() });

/** Re-runs the orchestrator in the background: {documentId?, retryFailed?} → 202 (409 if one is running, 404 for a document not in the deal). */
export async function POST(req: Request, { params }: Ctx) {
  const { deal } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const parsed = runSchema.safeParse(await readJsonBody(req, { emptyAs: {} }));
    if (!parsed.success) throw new MandaError("bad_request:body", parsed.error.issues[0]?.message ?? "Invalid body.");
    // another deal's document is no document of this one (404), not a run that fails in the background
    if (parsed.data.documentId) await requireDocument({ db, dealId: deal.id, documentId: parsed.data.documentId });
    const run = await startPipelineRun({ db, dealId: deal.id, documentId: parsed.data.documentId, retryFailed: parsed.data.retryFailed ?? "all" });
    return Response.json({ run }, { status: 202 });
  });
}
