import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/lib/db";
import { getDealBySlug } from "@/lib/db/queries/deals";
import { listDocumentsByDeal } from "@/lib/db/queries/documents";
import { isMandaError } from "@/lib/errors";
import { searchPages } from "@/lib/search/search";
import type { PageHit } from "@/lib/search/types";

export const dynamic = "force-dynamic";

const STATUS_STYLE: Record<string, string> = {
  indexed: "bg-emerald-50 text-emerald-800",
  failed: "bg-red-50 text-red-800",
  parsing: "bg-amber-50 text-amber-800",
  uploaded: "bg-slate-100 text-slate-700",
};

export default async function DealPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<{ q?: string }> }) {
  const { slug } = await params;
  const { q } = await searchParams;
  const db = await getDb();
  const deal = await getDealBySlug({ db, slug });
  if (!deal) notFound();
  const documents = await listDocumentsByDeal({ db, dealId: deal.id });
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
      <div>
        <Link href="/" className="text-sm text-slate-500 hover:underline">
          ← Deals
        </Link>
        <h1 className="mt-1 text-2xl font-semibold">{deal.name}</h1>
        {deal.target_company && <p className="text-slate-600">Target: {deal.target_company}</p>}
      </div>

      <section aria-labelledby="search-heading" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="search-heading" className="mb-3 text-lg font-medium">
          Search the data room
        </h2>
        <form className="flex gap-2" role="search">
          <label htmlFor="q" className="sr-only">
            Question or keywords
          </label>
          <input id="q" name="q" defaultValue={q ?? ""} placeholder="e.g. Q3 2024 revenue" className="flex-1 rounded-md border border-slate-300 px-3 py-2" />
          <button className="rounded-md bg-slate-900 px-4 py-2 text-white hover:bg-slate-700">Search</button>
        </form>
        {searchError && <p className="mt-3 text-sm text-red-700">{searchError}</p>}
        {q && !searchError && hits.length === 0 && <p className="mt-3 text-sm text-slate-600">No matching pages.</p>}
        {hits.length > 0 && (
          <ol className="mt-4 space-y-3">
            {hits.map((h) => (
              <li key={`${h.documentId}:${h.page}`} className="rounded-md border border-slate-100 p-3">
                <p className="text-sm font-medium">
                  {h.document}, p.{h.page}
                  {h.label ? ` (${h.label})` : ""}
                </p>
                <p className="mt-1 text-sm text-slate-700">{h.excerpt}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="docs-heading">
        <h2 id="docs-heading" className="mb-3 text-lg font-medium">
          Documents ({documents.length})
        </h2>
        {documents.length === 0 ? (
          <p className="text-slate-600">No documents yet.</p>
        ) : (
          <table className="w-full border-collapse overflow-hidden rounded-lg bg-white text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-500">
                <th className="p-3 font-medium">File</th>
                <th className="p-3 font-medium">Kind</th>
                <th className="p-3 font-medium">Period</th>
                <th className="p-3 font-medium">Pages</th>
                <th className="p-3 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {documents.map((d) => (
                <tr key={d.id} className="border-b border-slate-100 align-top">
                  <td className="p-3">{d.filename}</td>
                  <td className="p-3 text-slate-600">{d.kind ?? "—"}</td>
                  <td className="p-3 text-slate-600">{d.fiscal_year ? `${d.fiscal_period ?? ""} ${d.fiscal_year}`.trim() : "—"}</td>
                  <td className="p-3 text-slate-600">{d.page_count ?? "—"}</td>
                  <td className="p-3">
                    <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[d.status]}`}>{d.status}</span>
                    {d.status === "failed" && d.error && <p className="mt-1 text-xs text-red-700">{d.error}</p>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
