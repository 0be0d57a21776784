import { z } from "zod";
import { MandaError } from "@/lib/errors";
import { reviewItem } from "@/lib/extraction/review";
import { uuidParam } from "@/lib/http/params";
import { readJson, withDealRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const Body = z.discriminatedUnion("action", [
  z.object({ action: z.literal("approve") }),
  z.object({ action: z.literal("reject"), reason: z.string().max(2000).optional() }),
  z.object({
    action: z.literal("edit_approve"),
    edits: z.object({
      payload: z.record(z.string(), z.unknown()).optional(),
      excerpt: z.string().max(400).optional(),
      page: z.number().int().min(1).optional(),
      cell: z.string().max(200).optional(),
    }),
  }),
]);

/** {action: approve | reject | edit_approve, edits?} — audited as user:<id> (user:local in local mode). */
export async function POST(req: Request, { params }: { params: Promise<{ deal: string; id: string }> }): Promise<Response> {
  const { deal: ref, id } = await params;
  return withDealRoute(req, ref, async ({ db, deal, user }) => {
    const parsed = Body.safeParse(await readJson(req));
    if (!parsed.success) throw new MandaError("bad_request:review_action", `Invalid review action: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    return Response.json(await reviewItem(db, { dealId: deal.id, id: uuidParam(id, "review_item"), user: user.id, ...parsed.data }));
  });
}
