import { getDb } from "@/lib/db";
import { requireDeal } from "@/lib/db/queries/deals";
import { MandaError } from "@/lib/errors";
import { computeIrlCoverage, formatCoverage } from "@/lib/irl/coverage";
import { importIrlTemplate } from "@/lib/irl/irl";
import { listDocumentsByDeal } from "@/lib/db/queries/documents";
import { parseCli } from "./args";

const USAGE = "manda irl --deal <slug> [--json] | manda irl import --deal <slug> --document <filename>";

/** IRL coverage by domain (imports the deal's IRL spreadsheet on first use). */
export async function irlCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCli(args, { deal: { type: "string" }, json: { type: "boolean" }, document: { type: "string" } }, USAGE);
  if (!values.deal) throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
  const db = await getDb();
  const deal = await requireDeal({ db, ref: values.deal });
  if (positionals[0] === "import") {
    if (!values.document) throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
    const doc = (await listDocumentsByDeal({ db, dealId: deal.id })).find((d) => d.filename === values.document || d.id === values.document);
    if (!doc) throw new MandaError("not_found:document", `No document "${values.document}" in deal ${deal.slug}.`);
    const r = await importIrlTemplate({ db, dealId: deal.id, documentId: doc.id });
    process.stdout.write(`imported ${r.imported} IRL items (${r.existing} already there) from ${doc.filename}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
  const report = await computeIrlCoverage({ db, dealId: deal.id });
  if (values.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else if (report.totals.total === 0) process.stdout.write("This deal has no IRL yet. Ingest an IRL spreadsheet or run: manda irl import --deal <slug> --document <file>\n");
  else process.stdout.write(`${formatCoverage(report)}\n`);
  return 0;
}
