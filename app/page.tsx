import Link from "next/link";
import { getDb } from "@/lib/db";
import { visibleToPageUser } from "@/lib/auth/page";
import { listDealOverviews, type DealOverview } from "@/lib/ui/server/deals";
import { CreateDealForm } from "@/components/deals/create-deal-form";
import { StageBadge } from "@/components/ui/stage-badge";

export const dynamic = "force-dynamic";

function Stat({ label, value, href, tone }: { label: string; value: React.ReactNode; href?: string; tone?: "warn" | "bad" }) {
  const color = tone === "bad" ? "text-red-700" : tone === "warn" ? "text-amber-700" : "text-slate-900";
  const body = (
    <>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`text-lg font-semibold tabular-nums ${color}`}>{value}</dd>
    </>
  );
  return href ? (
    <Link href={href} className="rounded-md p-1 -m-1 hover:bg-slate-50">
      {body}
    </Link>
  ) : (
    <div>{body}</div>
  );
}

function irlValue(d: DealOverview) {
  if (d.irl_total === null) return "—";
  if (d.irl_total === 0) return <span className="text-sm font-normal text-slate-500">no IRL</span>;
  return d.irl_gaps ?? 0;
}

export default async function DealsPage() {
  const db = await getDb();
  const deals = await visibleToPageUser(await listDealOverviews({ db }), db);
  return (
    <div className="space-y-8">
      <section aria-labelledby="deals-heading">
        <h1 id="deals-heading" className="mb-6 text-2xl font-semibold tracking-tight">
          Deals
        </h1>
        {deals.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No deals yet. Create the first one below.</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {deals.map((d) => (
              <li key={d.id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid="deal-card">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <Link href={`/deals/${d.slug}`} className="text-lg font-medium text-slate-900 hover:underline">
                      {d.name}
                    </Link>
                    {d.target_company && <p className="text-sm text-slate-600">Target: {d.target_company}</p>}
                  </div>
                  <StageBadge stage={d.stage} className="shrink-0" />
                </div>
                {d.stage_explanation && <p className="mt-2 text-sm text-slate-600">{d.stage_explanation}</p>}
                <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
                  <Stat label="Documents" value={d.document_count} href={`/deals/${d.slug}`} tone={d.failed_count > 0 ? "bad" : undefined} />
                  <Stat label="Findings" value={d.finding_count ?? "—"} />
                  <Stat label="Open review" value={d.review_open ?? "—"} href={`/deals/${d.slug}/review`} tone={d.review_open ? "warn" : undefined} />
                  <Stat label="IRL gaps" value={irlValue(d)} href={`/deals/${d.slug}/irl`} tone={d.irl_gaps ? "warn" : undefined} />
                </dl>
                <p className="mt-3 text-xs text-slate-500">
                  {d.indexed_count} indexed · {d.page_count} pages
                  {d.processing_count ? ` · ${d.processing_count} processing` : ""}
                  {d.failed_count ? ` · ${d.failed_count} failed` : ""}
                  {d.irl_total ? ` · IRL: ${d.irl_total} items${d.irl_partial ? `, ${d.irl_partial} partial` : ""}` : ""}
                </p>
                <div className="mt-3 flex gap-3 text-sm">
                  <Link href={`/deals/${d.slug}/chat`} className="text-indigo-700 hover:underline">
                    Ask a question →
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CreateDealForm />
    </div>
  );
}
