import { z } from "zod";
import { parseWith, readJson, withDealRoute } from "@/lib/http/route";
import { listDealMembers, removeDealMember, requireDealAccess, setDealMember } from "@/lib/auth";
import { userIdByEmail } from "@/lib/db/queries/users";
import { MandaError } from "@/lib/errors";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Ctx = { params: Promise<{ deal: string }> };

/** The deal's members (any member may see who else is on the deal). Local mode: just the local user, if recorded. */
export async function GET(req: Request, { params }: Ctx) {
  const { deal } = await params;
  return withDealRoute(req, deal, async ({ db, deal }) => Response.json({ members: await listDealMembers({ db, dealId: deal.id }) }));
}

const addSchema = z.object({ email: z.string().trim().email().max(320), role: z.enum(["owner", "analyst", "viewer"]).default("analyst") });

/** Owners add a member (or change a role) by email: {email, role?} → 200. The user must have signed in once. */
export async function POST(req: Request, { params }: Ctx) {
  const { deal } = await params;
  return withDealRoute(req, deal, async ({ db, deal, user }) => {
    await requireDealAccess({ db, user, dealRef: deal.id, role: "owner" });
    const body = parseWith(addSchema, await readJson(req));
    const userId = await userIdByEmail({ db, email: body.email });
    if (!userId) throw new MandaError("not_found:user", `No user ${body.email} yet: they need to sign in to Manda once.`);
    await setDealMember({ db, dealId: deal.id, userId, role: body.role });
    return Response.json({ members: await listDealMembers({ db, dealId: deal.id }) });
  });
}

/** Owners remove a member: ?userId=<uuid> → 204 (the last owner stays). */
export async function DELETE(req: Request, { params }: Ctx) {
  const { deal } = await params;
  return withDealRoute(req, deal, async ({ db, deal, user }) => {
    await requireDealAccess({ db, user, dealRef: deal.id, role: "owner" });
    const userId = parseWith(z.string().uuid(), new URL(req.url).searchParams.get("userId"));
    await removeDealMember({ db, dealId: deal.id, userId });
    return new Response(null, { status: 204 });
  });
}
