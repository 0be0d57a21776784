import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/lib/db";
import { getDealBySlug } from "@/lib/db/queries/deals";
import { listEntitySummaries, listTimelineEvents, type EntitySummaryRow, type TimelineEventRow } from "@/lib/db/queries/knowledge";
import { eventTypeLabel } from "@/lib/extraction/timeline/labels";
import { viewerUrl } from "@/lib/ui/urls";
import { tidyListText } from "@/lib/display-text";

export const dynamic = "force-dynamic";


async function safe<T>(fn: () => Promise<T>, fallback: T): Promise<[T, boolean]> {
  try {
    return [await fn(), true];
  } catch {
    return [fallback, false];
  }
}

function formatDate(d: string | Date, precision: string) {
  const iso = new Date(d).toISOString().slice(0, 10);
  return precision === "year" ? iso.slice(0, 4) : precision === "month" ? iso.slice(0, 7) : iso;
}

export default async function KnowledgePage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const db = await getDb();
  const deal = await getDealBySlug({ db, slug });
  if (!deal) notFound();
  const [events, eventsOk] = await safe(() => listTimelineEvents({ db, dealId: deal.id }), [] as TimelineEventRow[]);
  const [entities, entitiesOk] = await safe(() => listEntitySummaries({ db, dealId: deal.id }), [] as EntitySummaryRow[]);
  return (
    <div className="grid gap-8 break-words lg:grid-cols-2 [&>*]:min-w-0 [&_a]:[overflow-wrap:anywhere]">
      <section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading" className="mb-3 text-lg font-medium">
          Timeline
        </h2>
        {!eventsOk ? (
          <p className="text-sm text-slate-600">The timeline is not available yet.</p>
        ) : events.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">No events yet. Run the pipeline to extract the timeline.</p>
        ) : (
          <ol className="relative space-y-4 border-l border-slate-200 pl-5">
            {events.map((e) => (
              <li key={e.id}>
                <span aria-hidden="true" className="absolute -left-1.5 mt-1.5 h-3 w-3 rounded-full border-2 border-white bg-indigo-500" />
                <p className="text-xs font-medium text-slate-500">
                  {formatDate(e.event_date, e.date_precision)} · <span data-testid="event-type">{eventTypeLabel(e.event_type)}</span>
                </p>
                <p className="text-sm font-medium">{e.description ?? e.event_type.replace(/_/g, " ")}</p>
                <Link href={viewerUrl({ deal: deal.slug, documentId: e.document_id, page: e.source_page, highlight: e.source_excerpt })} className="text-xs text-indigo-700 hover:underline">
                  {e.filename}, p.{e.source_page}
                </Link>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="entities-heading">
        <h2 id="entities-heading" className="mb-3 text-lg font-medium">
          Entities
        </h2>
        {!entitiesOk ? (
          <p className="text-sm text-slate-600">Entities are not available yet.</p>
        ) : entities.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">No entities yet. Run the pipeline to extract people and organisations.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {entities.map((en) => (
              <li key={en.id} className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 px-4 py-2 text-sm">
                <div className="min-w-0">
                  <p className="font-medium">{en.name}</p>
                  <p className="text-xs text-slate-500">
                    {en.entity_type}
                    {en.roles && en.roles.length ? ` · ${en.roles.slice(0, 3).map(tidyListText).join("; ")}` : ""}
                  </p>
                </div>
                {en.document_id && en.page ? (
                  <Link href={viewerUrl({ deal: deal.slug, documentId: en.document_id, page: en.page, highlight: en.excerpt })} className="max-w-full text-xs text-indigo-700 hover:underline sm:text-right">
                    {en.mentions} mention{en.mentions === 1 ? "" : "s"} · {en.filename}, p.{en.page}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
