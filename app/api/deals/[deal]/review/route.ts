import { listReview } from "@/lib/extraction/review";
import { withDealRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** The deal's review queue: high priority first, each item with its evidence. */
export async function GET(req: Request, { params }: { params: Promise<{ deal: string }> }): Promise<Response> {
  return withDealRoute(req, (await params).deal, async ({ db, deal }) => Response.json({ items: await listReview(db, { dealId: deal.id }) }));
}
