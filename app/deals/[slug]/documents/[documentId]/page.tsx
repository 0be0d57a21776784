import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/lib/db";
import { getDealBySlug } from "@/lib/db/queries/deals";
import { pageNumberOfSheet } from "@/lib/db/queries/pages";
import { isMandaError } from "@/lib/errors";
import { isUuid } from "@/lib/db/ids";
import type { PageData } from "@/lib/ui/documents";
import { getPageData, requireDocument, toDocumentView } from "@/lib/ui/server/documents";
import { DocumentViewer } from "@/components/viewer/document-viewer";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ slug: string; documentId: string }>;
  searchParams: Promise<{ page?: string; highlight?: string; cell?: string }>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug, documentId } = await params;
  if (!isUuid(documentId)) return { title: "Document · Manda" };
  const db = await getDb();
  const deal = await getDealBySlug({ db, slug });
  const doc = deal ? await requireDocument({ db, dealId: deal.id, documentId }).catch(() => null) : null;
  return { title: doc ? `${doc.filename} · Manda` : "Document · Manda" };
}

export default async function DocumentPage({ params, searchParams }: Props) {
  const { slug, documentId } = await params;
  const sp = await searchParams;
  const db = await getDb();
  const deal = await getDealBySlug({ db, slug });
  if (!deal || !isUuid(documentId)) notFound();
  const doc = await requireDocument({ db, dealId: deal.id, documentId }).catch(() => null);
  if (!doc) notFound();
  const pageCount = doc.page_count ?? 0;
  const cellRef = typeof sp.cell === "string" ? sp.cell : "";
  let requested = Number.parseInt(sp.page ?? "1", 10);
  if (cellRef.includes("!")) {
    // A cell link names its sheet: open the sheet's page even if the page number is off.
    const sheet = cellRef.slice(0, cellRef.lastIndexOf("!")).replace(/^'|'$/g, "");
    requested = (await pageNumberOfSheet({ db, documentId: doc.id, sheet })) ?? requested;
  }
  const page = Number.isFinite(requested) && requested >= 1 ? (pageCount > 0 ? Math.min(requested, pageCount) : requested) : 1;
  const highlight = typeof sp.highlight === "string" ? sp.highlight.slice(0, 1000) : null;
  const cell = typeof sp.cell === "string" ? sp.cell.slice(0, 200) : null;
  let data: PageData | null = null;
  let error: string | null = null;
  try {
    data = await getPageData({ db, dealId: deal.id, documentId, page, highlight, cell });
  } catch (e) {
    error = isMandaError(e) ? e.message : "This page could not be loaded.";
  }
  return (
    <DocumentViewer
      key={doc.id}
      deal={deal.slug}
      doc={toDocumentView(doc)}
      page={page}
      requestedPage={Number.isFinite(requested) ? requested : 1}
      highlight={highlight}
      cell={cell}
      data={data}
      error={error}
    />
  );
}
