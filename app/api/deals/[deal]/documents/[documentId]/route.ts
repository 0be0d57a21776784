import { deleteDocument } from "@/lib/db/queries/documents";
import { MandaError } from "@/lib/errors";
import { withDealRoute } from "@/lib/http/route";
import { requireDocument, toDocumentView } from "@/lib/ui/server/documents";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Ctx = { params: Promise<{ deal: string; documentId: string }> };

export async function GET(req: Request, { params }: Ctx) {
  const { deal, documentId } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => Response.json(toDocumentView(await requireDocument({ db, dealId: deal.id, documentId }))));
}

/**
 * Removes a document that is not indexed (dismissing a failure, or an upload left half-done by a
 * crash); its pages, chunks and ingest task go with it. Indexed documents are kept.
 */
export async function DELETE(req: Request, { params }: Ctx) {
  const { deal, documentId } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const doc = await requireDocument({ db, dealId: deal.id, documentId });
    if (doc.status === "indexed") throw new MandaError("conflict:document", "Only a document that is not indexed can be dismissed.");
    await deleteDocument({ db, dealId: deal.id, documentId: doc.id });
    return new Response(null, { status: 204 });
  });
}
