import { getConfig } from "@/lib/config";
import { getDocumentBySha } from "@/lib/db/queries/documents";
import { MandaError } from "@/lib/errors";
import { withDealRoute } from "@/lib/ui/api";
import { listDocumentViews } from "@/lib/ui/documents";
import { enqueueIngest, listIngestJobs } from "@/lib/ui/ingest-queue";
import { readMultipart } from "@/lib/ui/multipart";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
export const maxDuration = 300;

type Ctx = { params: Promise<{ deal: string }> };

/** The deal's documents with status (polled by the data room) and uploads still queued. */
export async function GET(req: Request, { params }: Ctx) {
  const { deal } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const documents = await listDocumentViews({ db, dealId: deal.id });
    const jobs = listIngestJobs(deal.id).map(({ id, filename, sha256, state, documentId, error }) => ({ id, filename, sha256, state, documentId, error }));
    return Response.json({ documents, jobs }, { headers: { "cache-control": "no-store" } });
  });
}

/**
 * Upload: multipart/form-data with one or more `file` parts, streamed to temp files (size limit
 * MANDA_MAX_UPLOAD_BYTES per file), then ingested in the background. Responds 202 with one entry
 * per file: {filename, sha256, state: queued | duplicate, documentId?}. Poll GET for the status.
 */
export async function POST(req: Request, { params }: Ctx) {
  const { deal } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const max = getConfig().maxUploadBytes;
    const declared = Number(req.headers.get("content-length") ?? "0");
    if (declared > max * 20 + 1_000_000) throw new MandaError("too_large:upload", `The upload is too large; each file may be at most ${(max / 1e6).toFixed(0)} MB.`);
    const form = await readMultipart(req.body, req.headers.get("content-type"), { maxFileBytes: max, maxFiles: 50 });
    if (form.files.length === 0) {
      form.cleanup();
      throw new MandaError("bad_request:upload", "No file in the upload: send the files as `file` parts.");
    }
    const out = [];
    let pending = form.files.length;
    const done = () => {
      if (--pending === 0) form.cleanup();
    };
    for (const f of form.files) {
      const existing = await getDocumentBySha({ db, dealId: deal.id, sha256: f.sha256 });
      if (existing && existing.status !== "failed") {
        out.push({ filename: f.filename, sha256: f.sha256, bytes: f.bytes, state: "duplicate" as const, documentId: existing.id, existingFilename: existing.filename });
        done();
        continue;
      }
      const job = enqueueIngest({ dealId: deal.id, filePath: f.path, filename: f.filename, sha256: f.sha256, onDone: done });
      out.push({ filename: f.filename, sha256: f.sha256, bytes: f.bytes, state: "queued" as const, jobId: job.id, documentId: existing?.id });
    }
    return Response.json({ files: out }, { status: 202 });
  });
}
