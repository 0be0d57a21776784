import { getDb } from "@/lib/db";
import { requireDeal } from "@/lib/db/queries/deals";
import { listDocumentsByDeal } from "@/lib/db/queries/documents";
import { MandaError } from "@/lib/errors";
import { parseCli } from "./args";

const USAGE = "manda documents --deal <slug> [--json]";

export async function documentsCommand(args: string[]): Promise<number> {
  const { values } = parseCli(args, { deal: { type: "string" }, json: { type: "boolean" } }, USAGE);
  if (!values.deal) throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
  const db = await getDb();
  const deal = await requireDeal({ db, ref: values.deal });
  const docs = await listDocumentsByDeal({ db, dealId: deal.id });
  if (values.json) {
    const out = docs.map((d) => ({
      id: d.id, filename: d.filename, status: d.status, format: d.format, pages: d.page_count, kind: d.kind,
      company: d.company, fiscal_year: d.fiscal_year, fiscal_period: d.fiscal_period, error: d.error, error_code: d.error_code,
    }));
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    for (const d of docs) {
      const detail = d.status === "failed" ? `${d.error} (${d.error_code})` : `${d.page_count ?? "?"} page${d.page_count === 1 ? "" : "s"}${d.kind ? `, ${d.kind}` : ""}`;
      process.stdout.write(`${d.status.padEnd(8)} ${d.filename}\t${detail}\n`);
    }
  }
  return 0;
}
