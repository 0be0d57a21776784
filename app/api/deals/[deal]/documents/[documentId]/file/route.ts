import { MandaError } from "@/lib/errors";
import { fileStoreFor } from "@/lib/storage";
import { withDealRoute } from "@/lib/http/route";
import { requireDocument } from "@/lib/ui/server/documents";

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
    if (!doc.storage_path) throw new MandaError("not_found:document_file", "The file of this document is not stored (it may have failed on upload).");
    // Local file, or Supabase Storage through its local copy (lib/storage).
    const { stream, size } = await fileStoreFor(doc.storage_path).get(doc.storage_path);
    const download = new URL(req.url).searchParams.get("download") === "1";
    const name = encodeURIComponent(doc.filename);
    return new Response(stream, {
      headers: {
        "content-type": MIME[doc.format ?? ""] ?? doc.mime ?? "application/octet-stream",
        "content-length": String(size),
        "content-disposition": `${download ? "attachment" : "inline"}; filename*=UTF-8''${name}`,
        "cache-control": "private, max-age=3600",
        "x-content-type-options": "nosniff",
      },
    });
  });
}
