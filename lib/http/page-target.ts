/**
 * Whether a deal page names a deal (and a document) that exists, asked by proxy.ts before the page
 * renders. The pages call notFound() themselves, but below a loading boundary (loading.tsx) the
 * answer has already begun streaming with status 200, so a foreign or made-up document id (or a
 * deal slug that exists nowhere) answered 200 with a "Not found" body. Checked here, it is a 404.
 * Given a Supabase user, a deal the user is not a member of is answered as one that does not exist
 * (the page's own notFound() came after the 200 had started, and only for a missing deal the
 * answer was a 404: slugs could be told apart).
 */
import { dealRoleOf } from "@/lib/auth/access";
import type { AuthUser } from "@/lib/auth/types";
import type { Queryable } from "@/lib/db";
import { getDealBySlug } from "@/lib/db/queries/deals";
import { getDocumentById } from "@/lib/db/queries/documents";
import { isUuid } from "@/lib/db/ids";

const DEAL_PAGE = /^\/deals\/([^/]+)(?:\/documents\/([^/]+))?(?:\/|$)/;

export async function pageTargetExists(db: Queryable, pathname: string, user: AuthUser | null = null): Promise<boolean> {
  const m = DEAL_PAGE.exec(pathname);
  if (!m) return true;
  let slug: string;
  try {
    slug = decodeURIComponent(m[1]!);
  } catch {
    return false;
  }
  if (!/^[A-Za-z0-9-]{1,100}$/.test(slug)) return false;
  const deal = await getDealBySlug({ db, slug });
  if (!deal) return false;
  if (user && !(await dealRoleOf({ db, user, dealId: deal.id }))) return false;
  if (m[2] === undefined) return true;
  return isUuid(m[2]) && (await getDocumentById({ db, dealId: deal.id, documentId: m[2] })) !== undefined;
}
