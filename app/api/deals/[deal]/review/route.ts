import { getDb } from "@/lib/db";
import { requireDeal } from "@/lib/db/queries/deals";
import { toPublicError } from "@/lib/errors";
import { listReview } from "@/lib/extraction/review";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** The deal's review queue: high priority first, each item with its evidence. */
export async function GET(_req: Request, { params }: { params: Promise<{ deal: string }> }): Promise<Response> {
  try {
    const db = await getDb();
    const deal = await requireDeal({ db, ref: (await params).deal });
    return Response.json({ items: await listReview(db, { dealId: deal.id }) });
  } catch (e) {
    const err = toPublicError(e);
    return Response.json({ code: err.code, message: err.message }, { status: err.status });
  }
}
