import { z } from "zod";
import { getDb } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { MandaError } from "@/lib/errors";
import { errorResponse } from "@/lib/ui/api";
import { listDealOverviews } from "@/lib/ui/deals";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Deals with stage, counts of documents, findings, open review items and IRL gaps. */
export async function GET() {
  try {
    return Response.json({ deals: await listDealOverviews({ db: await getDb() }) }, { headers: { "cache-control": "no-store" } });
  } catch (e) {
    return errorResponse(e);
  }
}

const createSchema = z.object({
  slug: z.string().trim().min(1).max(63),
  name: z.string().trim().max(200).optional(),
  targetCompany: z.string().trim().max(200).optional(),
});

/** Creates a deal: {slug, name?, targetCompany?} → 201 with the deal. */
export async function POST(req: Request) {
  try {
    const raw = await req.json().catch(() => {
      throw new MandaError("bad_request:body", "The request body must be JSON.");
    });
    const parsed = createSchema.safeParse(raw);
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      throw new MandaError("bad_request:body", `${i?.path.join(".") || "body"}: ${i?.message ?? "invalid"}`);
    }
    const { slug, name, targetCompany } = parsed.data;
    const deal = await createDeal({ db: await getDb(), slug, name: name || undefined, targetCompany: targetCompany || undefined });
    return Response.json(deal, { status: 201 });
  } catch (e) {
    return errorResponse(e);
  }
}
