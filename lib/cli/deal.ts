import { getDb } from "@/lib/db";
import { createDeal, listDealSummaries } from "@/lib/db/queries/deals";
import { MandaError } from "@/lib/errors";
import { parseCli } from "./args";

const USAGE = 'manda deal create <slug> [--name "…"] [--company "…"] | manda deal list [--json]';

export async function dealCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCli(args, { name: { type: "string" }, company: { type: "string" }, json: { type: "boolean" } }, USAGE);
  const [sub, slug] = positionals;
  const db = await getDb();
  if (sub === "create" && slug) {
    const deal = await createDeal({ db, slug, name: values.name, targetCompany: values.company });
    process.stdout.write(values.json ? `${JSON.stringify(deal)}\n` : `created deal ${deal.slug} (${deal.id})\n`);
    return 0;
  }
  if (sub === "list") {
    const deals = await listDealSummaries({ db });
    if (values.json) process.stdout.write(`${JSON.stringify(deals, null, 2)}\n`);
    else for (const d of deals) process.stdout.write(`${d.slug}\t${d.name}\t${d.indexed_count}/${d.document_count} documents indexed\t${d.page_count} pages\n`);
    return 0;
  }
  throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
}
