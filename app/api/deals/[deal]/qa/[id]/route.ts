import { z } from "zod";
import { parseWith, readJson, withDealRoute } from "@/lib/http/route";
import { deleteQaItem, getQaItem, updateQaItem } from "@/lib/irl/qa";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Ctx = { params: Promise<{ deal: string; id: string }> };

const uuid = z.string().uuid();

export async function GET(req: Request, { params }: Ctx) {
  const { deal, id } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => Response.json(await getQaItem({ db, dealId: deal.id, id: parseWith(uuid, id) })));
}

const patchSchema = z.object({
  status: z.enum(["open", "sent", "answered", "closed"]).optional(),
  priority: z.enum(["high", "medium", "low"]).optional(),
  answer: z.string().max(20_000).nullable().optional(),
  domain: z.string().max(60).nullable().optional(),
});

export async function PATCH(req: Request, { params }: Ctx) {
  const { deal, id } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const patch = parseWith(patchSchema, await readJson(req));
    return Response.json(await updateQaItem({ db, dealId: deal.id, id: parseWith(uuid, id), patch }));
  });
}

export async function DELETE(req: Request, { params }: Ctx) {
  const { deal, id } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    await deleteQaItem({ db, dealId: deal.id, id: parseWith(uuid, id) });
    return new Response(null, { status: 204 });
  });
}
