import { withDeal } from "@/lib/chat/api";
import { deleteConversation, loadMessages, requireConversation } from "@/lib/chat/store";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Ctx = { params: Promise<{ deal: string; id: string }> };

/** One conversation with its messages (UIMessages: parts incl. tool calls/results, metadata). */
export async function GET(req: Request, { params }: Ctx) {
  const { deal, id } = await params;
  return withDeal(req, deal, async ({ db, deal }) => {
    const conversation = await requireConversation({ db, dealId: deal.id, id });
    return Response.json({ conversation, messages: await loadMessages({ db, conversationId: conversation.id }) });
  });
}

export async function DELETE(req: Request, { params }: Ctx) {
  const { deal, id } = await params;
  return withDeal(req, deal, async ({ db, deal }) => {
    await deleteConversation({ db, dealId: deal.id, id });
    return new Response(null, { status: 204 });
  });
}
