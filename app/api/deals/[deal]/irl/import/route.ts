import { z } from "zod";
import { parseWith, readJson, withDealRoute } from "@/lib/http/route";
import { ensureIrlImported, importIrlTemplate } from "@/lib/irl/irl";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const schema = z.object({ documentId: z.string().uuid().optional() });

/** Imports the IRL from an ingested spreadsheet ({documentId}), or from the deal's IRL-like document. */
export async function POST(req: Request, { params }: { params: Promise<{ deal: string }> }) {
  const { deal } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const body = parseWith(schema, await readJson(req, { emptyAs: {} }));
    if (body.documentId) {
      const r = await importIrlTemplate({ db, dealId: deal.id, documentId: body.documentId });
      return Response.json({ imported: r.imported, existing: r.existing, items: r.items });
    }
    return Response.json(await ensureIrlImported({ db, dealId: deal.id }));
  });
}
