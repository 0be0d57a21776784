import { MAX_HIGHLIGHT_CHARS } from "@/lib/ui/highlight";
import { pageParam, textQuery } from "@/lib/http/params";
import { withDealRoute } from "@/lib/http/route";
import { getPageData } from "@/lib/ui/server/documents";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** One page: text, PDF text positions' highlight boxes, sheet cells; `?highlight=…` or `?cell=Sheet!B15`. */
export async function GET(req: Request, { params }: { params: Promise<{ deal: string; documentId: string; page: string }> }) {
  const { deal, documentId, page } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const sp = new URL(req.url).searchParams;
    const data = await getPageData({ db, dealId: deal.id, documentId, page: pageParam(page), highlight: textQuery(sp.get("highlight"), { max: MAX_HIGHLIGHT_CHARS * 2, name: "highlight" }), cell: textQuery(sp.get("cell"), { max: 200, name: "cell" }) });
    return Response.json(data, { headers: { "cache-control": "no-store" } });
  });
}
