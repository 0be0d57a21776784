import { z } from "zod";
import { accessibleDealIds, createDealAsOwner } from "@/lib/auth";
import { getRequestUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db";
import { parseWith, readJson, withErrors, withRequest } from "@/lib/http/route";
import { listDealOverviews } from "@/lib/ui/server/deals";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Deals with stage, counts of documents, findings, open review items and IRL gaps (those the user is a member of). */
export async function GET(req: Request) {
  return withErrors(async () => {
    const user = await getRequestUser(req);
    const db = await getDb();
    const visible = await accessibleDealIds({ db, user: user.auth });
    const deals = (await listDealOverviews({ db })).filter((d) => !visible || visible.has(d.id));
    return Response.json({ deals }, { headers: { "cache-control": "no-store" } });
  });
}

const createSchema = z.object({
  slug: z.string().trim().min(1).max(63),
  name: z.string().trim().max(200).optional(),
  targetCompany: z.string().trim().max(200).optional(),
});

/** Creates a deal: {slug, name?, targetCompany?} → 201 with the deal; its creator becomes its owner. */
export async function POST(req: Request) {
  return withRequest(req, async () => {
    const user = await getRequestUser(req);
    const { slug, name, targetCompany } = parseWith(createSchema, await readJson(req));
    const deal = await createDealAsOwner({ db: await getDb(), user: user.auth, slug, name: name || undefined, targetCompany: targetCompany || undefined });
    return Response.json(deal, { status: 201 });
  });
}
