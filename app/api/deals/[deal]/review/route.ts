import { getRequestUser, requireDealAccess } from "@/lib/chat/access";
import { getDb } from "@/lib/db";
import { toPublicError } from "@/lib/errors";
import { listReview } from "@/lib/extraction/review";
import { dealRefParam } from "@/lib/http/params";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** The deal's review queue: high priority first, each item with its evidence. */
export async function GET(req: Request, { params }: { params: Promise<{ deal: string }> }): Promise<Response> {
  try {
    const db = await getDb();
    const deal = await requireDealAccess({ db, dealRef: dealRefParam((await params).deal), user: await getRequestUser(req) });
    return Response.json({ items: await listReview(db, { dealId: deal.id }) });
  } catch (e) {
    const err = toPublicError(e);
    return Response.json({ code: err.code, message: err.message }, { status: err.status });
  }
}
