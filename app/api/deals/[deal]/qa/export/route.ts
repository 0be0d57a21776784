import { z } from "zod";
import { parseWith, withDealRoute } from "@/lib/http/route";
import { exportQa } from "@/lib/irl/export";
import { listQaItems } from "@/lib/irl/qa";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const query = z.object({ format: z.enum(["csv", "xlsx"]).default("csv"), status: z.enum(["open", "sent", "answered", "closed"]).optional() });

/** The Q&A list as a download: ?format=csv (RFC 4180) | xlsx. */
export async function GET(req: Request, { params }: { params: Promise<{ deal: string }> }) {
  const { deal } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => {
    const q = parseWith(query, Object.fromEntries(new URL(req.url).searchParams));
    const items = await listQaItems({ db, dealId: deal.id, status: q.status });
    const out = await exportQa(items, q.format, { dealName: deal.name });
    return new Response(new Uint8Array(out.body), {
      headers: {
        "content-type": out.contentType,
        "content-disposition": `attachment; filename="${deal.slug}-qa.${out.extension}"`,
        "cache-control": "no-store",
      },
    });
  });
}
