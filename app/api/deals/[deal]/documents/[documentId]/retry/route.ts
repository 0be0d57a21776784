import fs from "node:fs";
import { MandaError } from "@/lib/errors";
import { fileStoreFor } from "@/lib/storage";
import { withDealRoute } from "@/lib/ui/api";
import { requireDocument } from "@/lib/ui/documents";
import { enqueueIngest } from "@/lib/ui/ingest-queue";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Re-ingests a failed document from its stored bytes (202; poll the documents list). */
export async function POST(req: Request, { params }: { params: Promise<{ deal: string; documentId: string }> }) {
  const { deal, documentId } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const doc = await requireDocument({ db, dealId: deal.id, documentId });
    if (doc.status !== "failed") throw new MandaError("conflict:document", "Only a failed document can be retried.");
    const stored = doc.storage_path ? await fileStoreFor(doc.storage_path).localPath(doc.storage_path).catch((e) => {
      if (e instanceof MandaError && e.type === "not_found") return "";
      throw e;
    }) : "";
    if (!stored || !fs.existsSync(stored)) {
      throw new MandaError("conflict:document_file", "The file was not kept (empty or too large); upload it again.");
    }
    // ingestFile reuses the failed row for the same bytes; the queue must not delete the store's copy.
    const tmp = `${stored}.retry-${crypto.randomUUID()}`;
    fs.copyFileSync(stored, tmp);
    const job = enqueueIngest({ dealId: deal.id, filePath: tmp, filename: doc.filename, sha256: doc.sha256 });
    return Response.json({ jobId: job.id, documentId: doc.id, state: "queued" }, { status: 202 });
  });
}
