import { withDeal } from "@/lib/chat/api";
import { listConversations } from "@/lib/chat/store";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** The deal's conversations the user may read (own, shared, all for owners), most recent first. */
export async function GET(req: Request, { params }: { params: Promise<{ deal: string }> }) {
  const { deal } = await params;
  return withDeal(req, deal, async ({ db, deal, user }) => {
    const limit = Number(new URL(req.url).searchParams.get("limit") ?? 50);
    return Response.json({ conversations: await listConversations({ db, dealId: deal.id, userId: user.id, limit: Number.isFinite(limit) ? limit : 50 }) });
  });
}
