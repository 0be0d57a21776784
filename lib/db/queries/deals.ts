import { MandaError } from "@/lib/errors";
import type { Queryable } from "../types";
import { isUuid } from "@/lib/db/ids";

export interface Deal {
  id: string;
  slug: string;
  name: string;
  target_company: string | null;
  stage: string;
  stage_explanation: string | null;
  created_at: Date;
}

export interface DealSummary extends Deal {
  document_count: number;
  indexed_count: number;
  failed_count: number;
  page_count: number;
}

export async function createDeal({ db, slug, name, targetCompany }: { db: Queryable; slug: string; name?: string; targetCompany?: string }): Promise<Deal> {
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(slug)) {
    throw new MandaError("bad_request:deal_slug", "A deal slug uses lowercase letters, digits and dashes (at most 63), e.g. acme-acquisition.");
  }
  const { rows } = await db.query<Deal>(
    `insert into deals (id, slug, name, target_company) values ($1, $2, $3, $4)
     on conflict (slug) do nothing returning *`,
    [crypto.randomUUID(), slug, name ?? slug, targetCompany ?? null],
  );
  if (!rows[0]) throw new MandaError("conflict:deal", `A deal named "${slug}" already exists.`);
  return rows[0];
}

export async function getDealBySlug({ db, slug }: { db: Queryable; slug: string }): Promise<Deal | undefined> {
  return (await db.query<Deal>("select * from deals where slug = $1", [slug])).rows[0];
}

export async function getDealById({ db, dealId }: { db: Queryable; dealId: string }): Promise<Deal | undefined> {
  return (await db.query<Deal>("select * from deals where id = $1", [dealId])).rows[0];
}

/** By slug or id; throws not_found:deal. */
export async function requireDeal({ db, ref }: { db: Queryable; ref: string }): Promise<Deal> {
  const byId = isUuid(ref);
  const deal = byId ? await getDealById({ db, dealId: ref }) : await getDealBySlug({ db, slug: ref });
  if (!deal) throw new MandaError("not_found:deal", `No deal "${ref}". Create it with: manda deal create ${ref}`);
  return deal;
}

export async function listDealSummaries({ db }: { db: Queryable }): Promise<DealSummary[]> {
  const { rows } = await db.query<DealSummary>(
    `select d.*,
        count(doc.id)::int as document_count,
        count(doc.id) filter (where doc.status = 'indexed')::int as indexed_count,
        count(doc.id) filter (where doc.status = 'failed')::int as failed_count,
        coalesce(sum(doc.page_count) filter (where doc.status = 'indexed'), 0)::int as page_count
     from deals d left join documents doc on doc.deal_id = d.id
     group by d.id order by d.created_at`,
  );
  return rows;
}
