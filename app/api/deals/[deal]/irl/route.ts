import { z } from "zod";
import { parseWith, readJson, withDealRoute } from "@/lib/http/route";
import { computeIrlCoverage, getStoredIrlCoverage } from "@/lib/irl/coverage";
import { addIrlItem } from "@/lib/irl/irl";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Ctx = { params: Promise<{ deal: string }> };

/** IRL coverage by domain (recomputed; `?cached=1` returns the last stored result). */
export async function GET(req: Request, { params }: Ctx) {
  const { deal } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const cached = new URL(req.url).searchParams.get("cached") === "1";
    const report = cached ? await getStoredIrlCoverage({ db, dealId: deal.id }) : await computeIrlCoverage({ db, dealId: deal.id });
    return Response.json(report);
  });
}

const addSchema = z.object({
  domain: z.string().min(1).max(60),
  item: z.string().min(3).max(500),
  priority: z.enum(["high", "medium", "low"]).optional(),
  notes: z.string().max(2000).nullable().optional(),
});

/** Adds an IRL item. 201 when new, 200 when the deal already had it. */
export async function POST(req: Request, { params }: Ctx) {
  const { deal } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const body = parseWith(addSchema, await readJson(req));
    const { item, created } = await addIrlItem({ db, dealId: deal.id, ...body });
    return Response.json(item, { status: created ? 201 : 200 });
  });
}
