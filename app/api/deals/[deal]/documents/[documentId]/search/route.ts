import { withDealRoute } from "@/lib/ui/api";
import { searchInDocument } from "@/lib/ui/documents";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Pages of this document containing `?q=` (case-insensitive, whitespace-tolerant). */
export async function GET(req: Request, { params }: { params: Promise<{ deal: string; documentId: string }> }) {
  const { deal, documentId } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const q = new URL(req.url).searchParams.get("q") ?? "";
    return Response.json({ hits: await searchInDocument({ db, dealId: deal.id, documentId, q }) });
  });
}
