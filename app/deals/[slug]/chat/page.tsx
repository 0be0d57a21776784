import { notFound } from "next/navigation";
import { getPageUser } from "@/lib/auth/page";
import { toRequestUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db";
import { getDealBySlug } from "@/lib/db/queries/deals";
import { listDocumentsByDeal } from "@/lib/db/queries/documents";
import { loadConversationList } from "@/lib/ui/server/chat-data";
import { ChatShell } from "@/components/chat/chat-shell";

export const dynamic = "force-dynamic";

/** A new conversation: its id is made here; the URL becomes /chat/{id} after the first question. */
export default async function NewChatPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const db = await getDb();
  const deal = await getDealBySlug({ db, slug });
  if (!deal) notFound();
  // Conversations are per user in multi-user mode (lib/chat/visibility.ts); null in local mode.
  const userId = toRequestUser(await getPageUser({ db, next: `/deals/${encodeURIComponent(slug)}/chat` })).id;
  const [list, docs] = await Promise.all([loadConversationList({ db, dealId: deal.id, userId }), listDocumentsByDeal({ db, dealId: deal.id })]);
  return (
    <ChatShell
      deal={deal.slug}
      conversationId={crypto.randomUUID()}
      conversations={list.items}
      historyError={list.error}
      messages={[]}
      documents={docs.map((d) => ({ id: d.id, filename: d.filename, status: d.status, kind: d.kind, fiscalYear: d.fiscal_year, fiscalPeriod: d.fiscal_period }))}
      isNew
    />
  );
}
