import { z } from "zod";
import { parseWith, withDealRoute } from "@/lib/http/route";
import { listConversations } from "@/lib/chat/store";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const listQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** The deal's conversations the user may read (own, shared, all for owners), most recent first. */
export async function GET(req: Request, { params }: { params: Promise<{ deal: string }> }) {
  const { deal } = await params;
  return withDealRoute(req, deal, async ({ db, deal, user }) => {
    const { limit } = parseWith(listQuery, { limit: new URL(req.url).searchParams.get("limit") ?? undefined });
    return Response.json({ conversations: await listConversations({ db, dealId: deal.id, userId: user.id, limit }) });
  });
}
