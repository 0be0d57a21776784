import { getConfig } from "@/lib/config";
import { MandaError } from "@/lib/errors";
import { acceptUpload } from "@/lib/ingest/accept";
import { listOpenIngestTasks } from "@/lib/ingest/tasks";
import { startBackgroundIngest } from "@/lib/pipeline/background";
import { withDealRoute } from "@/lib/http/route";
import { listDocumentViews } from "@/lib/ui/server/documents";
import { readMultipart } from "@/lib/ui/server/multipart";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
export const maxDuration = 300;

type Ctx = { params: Promise<{ deal: string }> };

/** The deal's documents with status (polled by the data room), their ingest tasks still open, and the deal's stage line. */
export async function GET(req: Request, { params }: Ctx) {
  const { deal } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const documents = await listDocumentViews({ db, dealId: deal.id });
    const jobs = (await listOpenIngestTasks({ db, dealId: deal.id })).map((t) => ({
      id: t.id, filename: t.filename, sha256: t.sha256, state: t.status === "running" ? "ingesting" : "queued", documentId: t.document_id,
    }));
    // the deal's stage line (the header's), so the data room can tell when to render it again
    const stage = `${deal.stage ?? ""}|${deal.stage_explanation ?? ""}`;
    return Response.json({ documents, jobs, stage }, { headers: { "cache-control": "no-store" } });
  });
}

/**
 * Upload: multipart/form-data with one or more `file` parts, streamed to temp files (size limit
 * MANDA_MAX_UPLOAD_BYTES per file). Each file is put in the file store and its document row and
 * ingest task are committed before the 202 (lib/ingest/accept.ts); the temp files are removed
 * before the response. The app's background worker ingests them (lib/pipeline/background.ts).
 * Responds 202 with one entry per file: {filename, sha256, state: queued | duplicate | failed, documentId}.
 */
export async function POST(req: Request, { params }: Ctx) {
  const { deal } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    startBackgroundIngest();
    const max = getConfig().maxUploadBytes;
    const declared = Number(req.headers.get("content-length") ?? "0");
    if (declared > max * 20 + 1_000_000) throw new MandaError("too_large:upload", `The upload is too large; each file may be at most ${(max / 1e6).toFixed(0)} MB.`);
    const form = await readMultipart(req.body, req.headers.get("content-type"), { maxFileBytes: max, maxFiles: 50 });
    try {
      if (form.files.length === 0) throw new MandaError("bad_request:upload", "No file in the upload: send the files as `file` parts.");
      const files = [];
      for (const f of form.files) files.push(await acceptUpload({ db, dealId: deal.id, file: f }));
      return Response.json({ files }, { status: 202 });
    } finally {
      form.cleanup();
    }
  });
}
