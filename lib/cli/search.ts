import { getDb } from "@/lib/db";
import { requireDeal } from "@/lib/db/queries/deals";
import { listDocumentsByDeal } from "@/lib/db/queries/documents";
import { MandaError } from "@/lib/errors";
import { searchPages } from "@/lib/search/search";
import { parseCli } from "./args";

const USAGE = 'manda search --deal <slug> [--document <filename>] [--k 10] [--json] "<query>"';

export async function searchCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCli(
    args,
    { deal: { type: "string" }, document: { type: "string", multiple: true }, k: { type: "string" }, json: { type: "boolean" } },
    USAGE,
  );
  const query = positionals.join(" ");
  if (!values.deal) throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
  const k = values.k ? Number(values.k) : 10;
  if (!Number.isInteger(k) || k < 1 || k > 100) throw new MandaError("bad_request:k", "--k must be a whole number from 1 to 100.");
  const db = await getDb();
  const deal = await requireDeal({ db, ref: values.deal });
  let documentIds: string[] | undefined;
  if (values.document?.length) {
    const docs = await listDocumentsByDeal({ db, dealId: deal.id });
    documentIds = values.document.map((name) => {
      const d = docs.find((x) => x.filename === name || x.filename.replace(/\.[^.]+$/, "") === name || x.id === name);
      if (!d) throw new MandaError("not_found:document", `No document "${name}" in deal ${deal.slug}.`);
      return d.id;
    });
  }
  const hits = await searchPages({ db, dealId: deal.id, query, k, documentIds });
  if (values.json) {
    process.stdout.write(`${JSON.stringify(hits.map((h) => ({ document: h.document, page: h.page, excerpt: h.excerpt })))}\n`);
  } else if (hits.length === 0) {
    process.stdout.write("No matching pages.\n");
  } else {
    for (const [i, h] of hits.entries()) process.stdout.write(`${i + 1}. ${h.document} p.${h.page}${h.label ? ` (${h.label})` : ""}\n   ${h.excerpt.replace(/\s+/g, " ").slice(0, 240)}\n`);
  }
  return 0;
}
