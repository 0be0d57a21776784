"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import type { DocumentView, PageData } from "@/lib/ui/documents";
import { errorMessageOf, viewerUrl } from "@/lib/ui/urls";
import { PdfPage } from "./pdf-page";
import { MarkedText, SheetGrid } from "./text-views";

interface Props {
  deal: string;
  doc: DocumentView;
  page: number;
  requestedPage: number;
  highlight: string | null;
  cell: string | null;
  data: PageData | null;
  error: string | null;
}

interface Hit {
  page: number;
  label: string | null;
  count: number;
  snippet: string;
}

/** The page as its image (pdf.js) or as its text. */
function PdfViewSwitch({ view, onChange }: { view: "image" | "text"; onChange: (v: "image" | "text") => void }) {
  return (
    <div role="group" aria-label="Show the page as" className="inline-flex overflow-hidden rounded-md border border-slate-300 text-sm">
      {(["image", "text"] as const).map((v) => (
        <button key={v} type="button" aria-pressed={view === v} onClick={() => onChange(v)} className={`px-3 py-1 ${view === v ? "bg-indigo-600 text-white" : "bg-white text-slate-700 hover:bg-slate-50"}`}>
          {v === "image" ? "Page image" : "Text"}
        </button>
      ))}
    </div>
  );
}

/** The document viewer: one page at a time, the excerpt (or cell) highlighted, page navigation and search. */
export function DocumentViewer({ deal, doc, page, requestedPage, highlight, cell, data, error }: Props) {
  const router = useRouter();
  const pageCount = data?.pageCount ?? doc.pageCount ?? 0;
  const fileUrl = `/api/deals/${encodeURIComponent(deal)}/documents/${doc.id}/file`;
  const url = (p: number, keep = false) => viewerUrl({ deal, documentId: doc.id, page: p, highlight: keep ? highlight : null, cell: keep ? cell : null });
  const [goto, setGoto] = useState(String(page));
  const [q, setQ] = useState("");
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState<string | null>(null);
  const isSheet = doc.format === "xlsx" || doc.format === "csv";
  const isPdf = doc.format === "pdf";
  // A PDF page fitted to a phone's width is too small to read without pinch-zoom: there, the page's
  // text (fit to the width, selectable, the passage marked) is shown first; the image is one tap away.
  const [pdfView, setPdfView] = useState<"image" | "text">("image");
  useEffect(() => {
    if (window.matchMedia("(max-width: 639px)").matches) setPdfView("text");
  }, []);

  async function search(e: React.FormEvent) {
    e.preventDefault();
    if (!q.trim()) return;
    setSearching(true);
    setSearchError(null);
    try {
      const res = await fetch(`/api/deals/${encodeURIComponent(deal)}/documents/${doc.id}/search?q=${encodeURIComponent(q.trim())}`);
      if (!res.ok) throw new Error(await errorMessageOf(res));
      setHits(((await res.json()) as { hits: Hit[] }).hits);
    } catch (err) {
      setSearchError(err instanceof Error ? err.message : "Search failed.");
    } finally {
      setSearching(false);
    }
  }

  function go(e: React.FormEvent) {
    e.preventDefault();
    const n = Number.parseInt(goto, 10);
    if (Number.isFinite(n) && n >= 1 && (!pageCount || n <= pageCount)) router.push(url(n));
  }

  const where = isSheet ? (data?.label ? `Sheet “${data.label}”` : `Sheet ${page}`) : `Page ${page}`;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0 space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h2 className="truncate text-lg font-semibold" title={doc.filename}>
              {doc.filename}
            </h2>
            <p className="text-sm text-slate-600">
              {[doc.kind, doc.fiscalPeriod && doc.fiscalYear ? `${doc.fiscalPeriod} ${doc.fiscalYear}` : doc.fiscalYear, doc.documentDate].filter(Boolean).join(" · ") || "Document"}
              {doc.supersededBy.length > 0 && <span className="ml-2 rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-800">superseded by a later version</span>}
            </p>
          </div>
          <nav aria-label="Pages" className="flex items-center gap-2 text-sm">
            {page > 1 ? (
              <Link href={url(page - 1)} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50" aria-label="Previous page">
                ← Prev
              </Link>
            ) : (
              <span className="rounded-md border border-slate-200 px-3 py-1.5 text-slate-400" aria-disabled="true">
                ← Prev
              </span>
            )}
            <form onSubmit={go} className="flex items-center gap-1">
              <label htmlFor="goto-page" className="sr-only">
                Go to page
              </label>
              <input
                id="goto-page"
                inputMode="numeric"
                value={goto}
                onChange={(e) => setGoto(e.target.value)}
                className="w-14 rounded-md border border-slate-300 px-2 py-1.5 text-center"
              />
              <span className="text-slate-600" data-testid="page-indicator">
                of {pageCount || "?"}
              </span>
            </form>
            {!pageCount || page < pageCount ? (
              <Link href={url(page + 1)} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50" aria-label="Next page">
                Next →
              </Link>
            ) : (
              <span className="rounded-md border border-slate-200 px-3 py-1.5 text-slate-400" aria-disabled="true">
                Next →
              </span>
            )}
            <a href={`${fileUrl}?download=1`} className="ml-2 text-slate-600 underline-offset-2 hover:underline">
              Download
            </a>
          </nav>
        </div>

        {(highlight || cell) && data && (
          <p role="status" className={`rounded-md px-3 py-2 text-sm ${data.found ? "bg-yellow-50 text-yellow-900" : "bg-slate-100 text-slate-700"}`} data-testid="highlight-status">
            {data.found ? (
              <>
                Highlighted on {where.toLowerCase()}: <q className="italic">{cell ?? highlight}</q>
              </>
            ) : (
              <>
                The cited passage <q className="italic">{cell ?? highlight}</q> was not found on {where.toLowerCase()}.
              </>
            )}{" "}
            <Link href={url(page)} className="underline">
              Clear
            </Link>
          </p>
        )}
        {requestedPage !== page && <p className="text-sm text-amber-800">Page {requestedPage} does not exist; showing page {page}.</p>}

        {error ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-800">
            {error}
          </div>
        ) : !data ? null : isPdf && pdfView === "text" ? (
          <div className="space-y-3">
            <PdfViewSwitch view={pdfView} onChange={setPdfView} />
            <article aria-label={`${where} text`} className="rounded-md bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="page-text-view">
              <MarkedText text={data.text} ranges={data.ranges} className="font-sans text-base" />
            </article>
          </div>
        ) : isPdf ? (
          <div className="space-y-3">
            <PdfViewSwitch view={pdfView} onChange={setPdfView} />
            <PdfPage fileUrl={fileUrl} page={page} pageWidth={data.width} pageHeight={data.height} boxes={data.boxes} label={`${doc.filename}, page ${page}`} />
            {data.ranges.length > 0 && !data.hasSpans && <p className="text-sm text-slate-600">This page has no text positions; the passage is marked in the page text below.</p>}
            <details className="rounded-md border border-slate-200 bg-white p-3" open={!data.hasSpans && data.ranges.length > 0}>
              <summary className="cursor-pointer text-sm font-medium text-slate-700">Page text</summary>
              <MarkedText text={data.text} ranges={data.hasSpans ? [] : data.ranges} scrollToMark={false} className="mt-3 font-sans text-sm" />
            </details>
          </div>
        ) : isSheet && data.cells && data.cells.length > 0 ? (
          <SheetGrid cells={data.cells} highlighted={data.highlightedCells} sheetName={data.label} />
        ) : (
          <article aria-label={where} className="rounded-md bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
            {data.label && <p className="mb-3 text-xs uppercase tracking-wide text-slate-500">{data.label}</p>}
            <MarkedText text={data.text} ranges={data.ranges} />
          </article>
        )}
      </div>

      <aside className="space-y-3 lg:sticky lg:top-4 lg:self-start" aria-label="Search in this document">
        <form role="search" onSubmit={search} className="flex gap-2">
          <label htmlFor="doc-search" className="sr-only">
            Search in this document
          </label>
          <input
            id="doc-search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Find in document"
            className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm"
          />
          <button className="rounded-md bg-slate-900 px-3 py-1.5 text-sm text-white hover:bg-slate-700" disabled={searching}>
            {searching ? "…" : "Find"}
          </button>
        </form>
        {searchError && <p role="alert" className="text-sm text-red-700">{searchError}</p>}
        {hits && (
          <div aria-live="polite">
            <p className="mb-2 text-xs text-slate-500">{hits.length === 0 ? "No matches in this document." : `${hits.length} page${hits.length === 1 ? "" : "s"} with matches`}</p>
            <ol className="max-h-[65vh] space-y-2 overflow-auto">
              {hits.map((h) => (
                <li key={h.page}>
                  <Link
                    href={viewerUrl({ deal, documentId: doc.id, page: h.page, highlight: q.trim() })}
                    className={`block rounded-md border p-2 text-sm hover:bg-slate-50 ${h.page === page ? "border-indigo-300 bg-indigo-50" : "border-slate-200 bg-white"}`}
                  >
                    <span className="font-medium">
                      {isSheet ? h.label ?? `Sheet ${h.page}` : `p.${h.page}`}
                    </span>
                    <span className="ml-1 text-xs text-slate-500">
                      ({h.count} match{h.count === 1 ? "" : "es"})
                    </span>
                    <span className="mt-1 block text-xs text-slate-600">{h.snippet}</span>
                  </Link>
                </li>
              ))}
            </ol>
          </div>
        )}
        {doc.status !== "indexed" && (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            Status: {doc.status}
            {doc.error ? ` — ${doc.error}` : ""}
          </p>
        )}
      </aside>
    </div>
  );
}
