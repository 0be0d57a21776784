import Link from "next/link";
import { getDb } from "@/lib/db";
import { countOpenReviewItems } from "@/lib/db/queries/review";
import { requirePageDealAccess } from "@/lib/auth/page";
import { DealNav } from "@/components/ui/deal-nav";
import { StageBadge } from "@/components/ui/stage-badge";

export const dynamic = "force-dynamic";

async function openReviewCount(dealId: string): Promise<number | null> {
  try {
    return await countOpenReviewItems({ db: await getDb(), dealId });
  } catch {
    return null;
  }
}

export default async function DealLayout({ children, params }: { children: React.ReactNode; params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const db = await getDb();
  // Supabase mode: signed in and a member of the deal (404 otherwise); local mode: any existing deal.
  const deal = await requirePageDealAccess({ slug, db });
  const review = await openReviewCount(deal.id);
  return (
    <div className="space-y-6">
      <div className="border-b border-slate-200">
        <div className="flex flex-wrap items-end justify-between gap-2 pb-3">
          <div>
            <Link href="/" className="text-sm text-slate-500 hover:underline">
              ← Deals
            </Link>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight">
              <Link href={`/deals/${deal.slug}`} className="hover:underline">
                {deal.name}
              </Link>
            </h1>
            {deal.target_company && <p className="text-sm text-slate-600">Target: {deal.target_company}</p>}
          </div>
          <p className="text-xs text-slate-500 sm:max-w-md sm:text-right" data-testid="deal-stage">
            <StageBadge stage={deal.stage} />
            {deal.stage_explanation ? <span className="ml-1">{deal.stage_explanation}</span> : null}
          </p>
        </div>
        <DealNav slug={deal.slug} counts={{ review }} />
      </div>
      {children}
    </div>
  );
}
