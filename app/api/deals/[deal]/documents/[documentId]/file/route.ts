import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { getConfig } from "@/lib/config";
import { MandaError } from "@/lib/errors";
import { withDealRoute } from "@/lib/ui/api";
import { requireDocument } from "@/lib/ui/documents";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const MIME: Record<string, string> = {
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  csv: "text/csv; charset=utf-8",
  text: "text/plain; charset=utf-8",
};

/** The document's bytes (deal-scoped), inline for the viewer or `?download=1` as an attachment. */
export async function GET(req: Request, { params }: { params: Promise<{ deal: string; documentId: string }> }) {
  const { deal, documentId } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const doc = await requireDocument({ db, dealId: deal.id, documentId });
    const root = path.resolve(getConfig().dataDir);
    const p = doc.storage_path ? path.resolve(doc.storage_path) : "";
    if (!p || !(p.startsWith(root + path.sep) || path.isAbsolute(p)) || !fs.existsSync(p)) {
      throw new MandaError("not_found:document_file", "The file of this document is not stored (it may have failed on upload).");
    }
    const stat = fs.statSync(p);
    const download = new URL(req.url).searchParams.get("download") === "1";
    const name = encodeURIComponent(doc.filename);
    const stream = Readable.toWeb(fs.createReadStream(p)) as ReadableStream<Uint8Array>;
    return new Response(stream, {
      headers: {
        "content-type": MIME[doc.format ?? ""] ?? doc.mime ?? "application/octet-stream",
        "content-length": String(stat.size),
        "content-disposition": `${download ? "attachment" : "inline"}; filename*=UTF-8''${name}`,
        "cache-control": "private, max-age=3600",
        "x-content-type-options": "nosniff",
      },
    });
  });
}
