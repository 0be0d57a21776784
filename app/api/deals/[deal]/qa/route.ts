import { z } from "zod";
import { parseWith, readJson, withDealRoute } from "@/lib/http/route";
import { requireConversation } from "@/lib/chat/store";
import { addQaItem, generateQaFromContradictions, generateQaFromGaps, listQaItems } from "@/lib/irl/qa";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Ctx = { params: Promise<{ deal: string }> };

const listQuery = z.object({
  status: z.enum(["open", "sent", "answered", "closed"]).optional(),
  origin: z.enum(["gap", "contradiction", "chat", "manual"]).optional(),
});

export async function GET(req: Request, { params }: Ctx) {
  const { deal } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const q = parseWith(listQuery, Object.fromEntries(new URL(req.url).searchParams));
    return Response.json({ items: await listQaItems({ db, dealId: deal.id, ...q }) });
  });
}

const addSchema = z.union([
  z.object({
    question: z.string().min(3).max(2000),
    domain: z.string().max(60).nullable().optional(),
    priority: z.enum(["high", "medium", "low"]).optional(),
    origin: z.enum(["gap", "contradiction", "chat", "manual"]).optional(),
    conversationId: z.string().uuid().optional(),
    irlItemId: z.string().uuid().optional(),
  }),
  z.object({ generate: z.enum(["gaps", "contradictions"]) }),
]);

/** Adds a question ({question,…}; 201 new, 200 duplicate) or generates them ({generate: "gaps" | "contradictions"}). */
export async function POST(req: Request, { params }: Ctx) {
  const { deal } = await params;
  return withDealRoute(req, deal, async ({ db, deal, user }) => {
    const body = parseWith(addSchema, await readJson(req));
    if ("generate" in body) {
      const r = body.generate === "gaps" ? await generateQaFromGaps({ db, dealId: deal.id }) : await generateQaFromContradictions({ db, dealId: deal.id });
      return Response.json(r, { status: r.added.length > 0 ? 201 : 200 });
    }
    // A linked conversation must be one the user may read (another deal's or another user's private one: 404).
    if (body.conversationId) await requireConversation({ db, dealId: deal.id, id: body.conversationId, userId: user.id });
    const item = await addQaItem({ db, dealId: deal.id, ...body, origin: body.origin ?? "manual", createdBy: user.id });
    return Response.json(item, { status: item.created ? 201 : 200 });
  });
}
