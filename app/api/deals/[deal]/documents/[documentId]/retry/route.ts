import fs from "node:fs";
import { MandaError } from "@/lib/errors";
import { requeueDocument } from "@/lib/ingest/recovery";
import { startBackgroundIngest } from "@/lib/pipeline/background";
import { fileStoreFor } from "@/lib/storage";
import { withDealRoute } from "@/lib/http/route";
import { requireDocument } from "@/lib/ui/server/documents";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * Re-ingests a document that is not indexed (failed, or left half-done by a crash) from its stored
 * bytes: its partial pages go at once and its ingest task is queued (202; poll the documents list).
 */
export async function POST(req: Request, { params }: { params: Promise<{ deal: string; documentId: string }> }) {
  const { deal, documentId } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const doc = await requireDocument({ db, dealId: deal.id, documentId });
    if (doc.status === "indexed") throw new MandaError("conflict:document", "This document is already indexed.");
    const stored = doc.storage_path ? await fileStoreFor(doc.storage_path).localPath(doc.storage_path).catch((e) => {
      if (e instanceof MandaError && e.type === "not_found") return "";
      throw e;
    }) : "";
    if (!stored || !fs.existsSync(stored)) {
      throw new MandaError("conflict:document_file", "The file was not kept (empty or too large); upload it again.");
    }
    startBackgroundIngest();
    const requeued = await requeueDocument({ db, dealId: deal.id, documentId: doc.id });
    return Response.json({ documentId: doc.id, state: "queued", alreadyQueued: !requeued }, { status: 202 });
  });
}
