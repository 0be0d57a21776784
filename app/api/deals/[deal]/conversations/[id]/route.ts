import { z } from "zod";
import { parseWith, readJson, withDealRoute } from "@/lib/http/route";
import { deleteConversation, loadMessages, requireConversation, setConversationShared } from "@/lib/chat/store";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Ctx = { params: Promise<{ deal: string; id: string }> };

/**
 * One conversation with its messages (UIMessages: parts incl. tool calls/results, metadata).
 * Multi-user mode: readable by its author, by the deal's owners, and by every member once shared
 * (lib/chat/visibility.ts); anyone else gets 404.
 */
export async function GET(req: Request, { params }: Ctx) {
  const { deal, id } = await params;
  return withDealRoute(req, deal, async ({ db, deal, user }) => {
    const conversation = await requireConversation({ db, dealId: deal.id, id, userId: user.id });
    return Response.json({ conversation, messages: await loadMessages({ db, conversationId: conversation.id }) });
  });
}

const patchSchema = z.object({ shared: z.boolean() }).strict();

/** {shared: boolean}: the author shares the conversation with the deal's members, or makes it private again. */
export async function PATCH(req: Request, { params }: Ctx) {
  const { deal, id } = await params;
  return withDealRoute(req, deal, async ({ db, deal, user }) => {
    const { shared } = parseWith(patchSchema, await readJson(req));
    return Response.json({ conversation: await setConversationShared({ db, dealId: deal.id, id, userId: user.id, shared }) });
  });
}

/** Deletes the conversation: its author or a deal owner. */
export async function DELETE(req: Request, { params }: Ctx) {
  const { deal, id } = await params;
  return withDealRoute(req, deal, async ({ db, deal, user }) => {
    await deleteConversation({ db, dealId: deal.id, id, userId: user.id });
    return new Response(null, { status: 204 });
  });
}
