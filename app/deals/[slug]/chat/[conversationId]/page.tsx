import { notFound } from "next/navigation";
import { getPageUser } from "@/lib/auth/page";
import { toRequestUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db";
import { getDealBySlug } from "@/lib/db/queries/deals";
import { listDocumentsByDeal } from "@/lib/db/queries/documents";
import { loadConversationList, loadConversationMessages } from "@/lib/ui/server/chat-data";
import { isUuid } from "@/lib/db/ids";
import { ChatShell } from "@/components/chat/chat-shell";

export const dynamic = "force-dynamic";

export default async function ConversationPage({ params }: { params: Promise<{ slug: string; conversationId: string }> }) {
  const { slug, conversationId } = await params;
  if (!isUuid(conversationId)) notFound();
  const db = await getDb();
  const deal = await getDealBySlug({ db, slug });
  if (!deal) notFound();
  // Conversations are per user in multi-user mode (lib/chat/visibility.ts); null in local mode.
  const userId = toRequestUser(await getPageUser({ db, next: `/deals/${encodeURIComponent(slug)}/chat` })).id;
  const [list, docs, conv] = await Promise.all([
    loadConversationList({ db, dealId: deal.id, userId }),
    listDocumentsByDeal({ db, dealId: deal.id }),
    loadConversationMessages({ db, dealId: deal.id, conversationId, userId }),
  ]);
  // An id not saved yet (the first answer is still streaming) opens as an empty conversation.
  return (
    <ChatShell
      deal={deal.slug}
      conversationId={conversationId}
      conversations={list.items}
      historyError={list.error}
      messages={conv.messages}
      documents={docs.map((d) => ({ id: d.id, filename: d.filename, status: d.status, kind: d.kind, fiscalYear: d.fiscal_year, fiscalPeriod: d.fiscal_period }))}
      isNew={!conv.found}
      sharing={conv.sharing}
    />
  );
}
