import { z } from "zod";
import { parseWith, readJson, withDealRoute } from "@/lib/http/route";
import { uuidParam } from "@/lib/http/params";
import { updateIrlItem } from "@/lib/irl/irl";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const patchSchema = z.object({
  status: z.enum(["open", "requested", "received", "not_applicable"]).optional(),
  priority: z.enum(["high", "medium", "low"]).optional(),
  notes: z.string().max(2000).nullable().optional(),
});

export async function PATCH(req: Request, { params }: { params: Promise<{ deal: string; item: string }> }) {
  const { deal, item } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const patch = parseWith(patchSchema, await readJson(req));
    return Response.json(await updateIrlItem({ db, dealId: deal.id, id: uuidParam(item, "irl_item"), patch }));
  });
}
