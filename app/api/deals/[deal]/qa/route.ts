import { z } from "zod";
import { parseWith, readJson, withDealRoute } from "@/lib/http/route";
import { requireConversation } from "@/lib/chat/store";
import { addQaItem, generateQaFromContradictions, generateQaFromGaps, listQaItems, updateQaItem } from "@/lib/irl/qa";

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
    /** The answer the chat gave, with its sources, carried into a new item (never over an existing one's). */
    answer: z.string().min(1).max(20_000).optional(),
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
    const { answer, ...question } = body;
    const item = await addQaItem({ db, dealId: deal.id, ...question, origin: question.origin ?? "manual", createdBy: user.id });
    if (!item.created || !answer) return Response.json(item, { status: item.created ? 201 : 200 });
    // an answer from the data room, with its sources: the item reads answered (the analyst may reopen it)
    const withAnswer = await updateQaItem({ db, dealId: deal.id, id: item.id, patch: { answer } });
    return Response.json({ ...withAnswer, created: true }, { status: 201 });
  });
}
