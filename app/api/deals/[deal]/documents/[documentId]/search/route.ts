import { textQuery } from "@/lib/http/params";
import { withDealRoute } from "@/lib/http/route";
import { searchInDocument } from "@/lib/ui/server/documents";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Pages of this document containing `?q=` (case-insensitive, whitespace-tolerant). */
export async function GET(req: Request, { params }: { params: Promise<{ deal: string; documentId: string }> }) {
  const { deal, documentId } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const q = textQuery(new URL(req.url).searchParams.get("q"), { max: 500, name: "q" });
    return Response.json({ hits: await searchInDocument({ db, dealId: deal.id, documentId, q }) });
  });
}
