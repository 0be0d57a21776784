import { getDb } from "@/lib/db";
import { requireDeal } from "@/lib/db/queries/deals";
import { MandaError } from "@/lib/errors";
import { listReview, reviewItem } from "@/lib/extraction/review";
import { parseCli } from "./args";

const USAGE = "manda review list|approve|reject --deal <slug> [<id>] [--reason \"…\"] [--json]";

export async function reviewCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCli(args, { deal: { type: "string" }, json: { type: "boolean" }, reason: { type: "string" }, limit: { type: "string" } }, USAGE);
  const [sub, id] = positionals;
  if (!values.deal || !sub || !["list", "approve", "reject"].includes(sub)) throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
  const db = await getDb();
  const deal = await requireDeal({ db, ref: values.deal });
  if (sub === "list") {
    const items = await listReview(db, { dealId: deal.id, limit: values.limit ? Number(values.limit) : 200 });
    if (values.json) {
      process.stdout.write(`${JSON.stringify(items.map((i) => ({ id: i.id, type: i.candidateType, priority: i.priority, document: i.document.filename, page: i.evidence.page, cell: i.evidence.cell, excerpt: i.evidence.text, reason: i.reason, held_reason: i.heldReason, missing_fields: i.missingFields, ...i.payload })), null, 2)}\n`);
    } else if (!items.length) {
      process.stdout.write("The review queue is empty.\n");
    } else {
      for (const i of items) process.stdout.write(`${i.id} [${i.priority}] ${i.candidateType} ${i.document.filename} p.${i.evidence.page}${i.evidence.cell ? ` ${i.evidence.cell}` : ""}\n   ${JSON.stringify(i.payload)}\n   "${i.evidence.text}"\n   why: ${i.reason ?? ""}\n`);
    }
    return 0;
  }
  if (!id) throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
  const r = sub === "approve" ? await reviewItem(db, { dealId: deal.id, id, action: "approve" }) : await reviewItem(db, { dealId: deal.id, id, action: "reject", reason: values.reason });
  process.stdout.write(values.json ? `${JSON.stringify(r)}\n` : `${r.id}: ${r.status}\n`);
  return 0;
}
