import Link from "next/link";
import { getDb } from "@/lib/db";
import { listDealSummaries } from "@/lib/db/queries/deals";

export const dynamic = "force-dynamic";

export default async function DealsPage() {
  const db = await getDb();
  const deals = await listDealSummaries({ db });
  return (
    <section aria-labelledby="deals-heading">
      <h1 id="deals-heading" className="mb-6 text-2xl font-semibold">
        Deals
      </h1>
      {deals.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          No deals yet. Create one with <code className="rounded bg-slate-100 px-1">npx manda deal create my-deal</code>.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {deals.map((d) => (
            <li key={d.id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
              <Link href={`/deals/${d.slug}`} className="text-lg font-medium text-slate-900 hover:underline">
                {d.name}
              </Link>
              {d.target_company && <p className="text-sm text-slate-600">Target: {d.target_company}</p>}
              <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-slate-500">Documents</dt>
                  <dd className="font-medium">{d.document_count}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Indexed pages</dt>
                  <dd className="font-medium">{d.page_count}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Failed</dt>
                  <dd className="font-medium">{d.failed_count}</dd>
                </div>
              </dl>
              <p className="mt-3 text-xs text-slate-500">
                Stage: {d.stage}
                {d.stage_explanation ? ` — ${d.stage_explanation}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
