import Link from "next/link";
import { notFound } from "next/navigation";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { getDealBySlug } from "@/lib/db/queries/deals";
import { isMandaError } from "@/lib/errors";
import { searchPages } from "@/lib/search/search";
import type { PageHit } from "@/lib/search/types";
import { listDocumentViews } from "@/lib/ui/server/documents";
import { viewerUrl } from "@/lib/ui/urls";
import { DataRoom } from "@/components/dataroom/data-room";

export const dynamic = "force-dynamic";

export default async function DealPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<{ q?: string }> }) {
  const { slug } = await params;
  const { q } = await searchParams;
  const db = await getDb();
  const deal = await getDealBySlug({ db, slug });
  if (!deal) notFound();
  const documents = await listDocumentViews({ db, dealId: deal.id });
  let hits: PageHit[] = [];
  let searchError: string | undefined;
  if (q?.trim()) {
    try {
      hits = await searchPages({ db, dealId: deal.id, query: q, k: 10 });
    } catch (e) {
      searchError = isMandaError(e) ? e.message : "Search failed.";
    }
  }
  return (
    <div className="space-y-8">
      <section aria-labelledby="search-heading" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="search-heading" className="mb-3 text-lg font-medium">
          Search the data room
        </h2>
        <form className="flex gap-2" role="search">
          <label htmlFor="q" className="sr-only">
            Question or keywords
          </label>
          <input id="q" name="q" defaultValue={q ?? ""} placeholder="e.g. Q3 2024 revenue" className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2" />
          <button className="rounded-md bg-slate-900 px-4 py-2 text-white hover:bg-slate-700">Search</button>
        </form>
        {searchError && <p role="alert" className="mt-3 text-sm text-red-700">{searchError}</p>}
        {q && !searchError && hits.length === 0 && <p className="mt-3 text-sm text-slate-600">No matching pages.</p>}
        {hits.length > 0 && (
          <ol className="mt-4 space-y-2" data-testid="search-results">
            {hits.map((h) => (
              <li key={`${h.documentId}:${h.page}`}>
                <Link
                  href={viewerUrl({ deal: deal.slug, documentId: h.documentId, page: h.page, highlight: h.excerpt.replace(/^…\s*|\s*…$/g, "") })}
                  className="block rounded-md border border-slate-100 p-3 hover:border-indigo-200 hover:bg-indigo-50/40"
                  data-testid="search-result"
                >
                  <span className="text-sm font-medium text-indigo-800">
                    {h.document}, p.{h.page}
                    {h.label ? ` (${h.label})` : ""}
                  </span>
                  <span className="mt-1 block text-sm text-slate-700">{h.excerpt}</span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </section>

      <DataRoom deal={deal.slug} initialDocuments={documents} maxUploadBytes={getConfig().maxUploadBytes} />
    </div>
  );
}
