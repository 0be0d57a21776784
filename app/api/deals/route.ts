import { z } from "zod";
import { accessibleDealIds, createDealAsOwner } from "@/lib/auth";
import { getRequestUser } from "@/lib/chat/access";
import { getDb } from "@/lib/db";
import { MandaError } from "@/lib/errors";
import { readJsonBody } from "@/lib/http/body";
import { errorResponse } from "@/lib/ui/api";
import { listDealOverviews } from "@/lib/ui/deals";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Deals with stage, counts of documents, findings, open review items and IRL gaps (those the user is a member of). */
export async function GET(req: Request) {
  try {
    const user = await getRequestUser(req);
    const db = await getDb();
    const visible = await accessibleDealIds({ db, user: user.auth });
    const deals = (await listDealOverviews({ db })).filter((d) => !visible || visible.has(d.id));
    return Response.json({ deals }, { headers: { "cache-control": "no-store" } });
  } catch (e) {
    return errorResponse(e);
  }
}

const createSchema = z.object({
  slug: z.string().trim().min(1).max(63),
  name: z.string().trim().max(200).optional(),
  targetCompany: z.string().trim().max(200).optional(),
});

/** Creates a deal: {slug, name?, targetCompany?} → 201 with the deal; its creator becomes its owner. */
export async function POST(req: Request) {
  try {
    const user = await getRequestUser(req);
    const raw = await readJsonBody(req);
    const parsed = createSchema.safeParse(raw);
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      throw new MandaError("bad_request:body", `${i?.path.join(".") || "body"}: ${i?.message ?? "invalid"}`);
    }
    const { slug, name, targetCompany } = parsed.data;
    const deal = await createDealAsOwner({ db: await getDb(), user: user.auth, slug, name: name || undefined, targetCompany: targetCompany || undefined });
    return Response.json(deal, { status: 201 });
  } catch (e) {
    return errorResponse(e);
  }
}
