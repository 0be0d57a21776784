import { getDb } from "@/lib/db";
import { requireDeal } from "@/lib/db/queries/deals";
import { MandaError } from "@/lib/errors";
import { detectRelationsForDeal } from "@/lib/graph/detect";
import { getGraphStore } from "@/lib/graph/store";
import { RELATION_TYPES, type RelationType } from "@/lib/graph/types";
import { parseCli } from "./args";

const USAGE = "manda relations --deal <slug> [--detect] [--type SUPERSEDES|CONTRADICTS|SUPPORTS|EXTRACTED_FROM] [--json]";

/** Lists a deal's relations (document and finding names resolved); --detect runs relation detection first. */
export async function relationsCommand(args: string[]): Promise<number> {
  const { values } = parseCli(
    args,
    { deal: { type: "string" }, json: { type: "boolean" }, detect: { type: "boolean" }, type: { type: "string", multiple: true } },
    USAGE,
  );
  if (!values.deal) throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
  const types = (values.type ?? []).map((t) => t.toUpperCase());
  for (const t of types) if (!(RELATION_TYPES as readonly string[]).includes(t)) throw new MandaError("bad_request:usage", `Unknown relation type ${t}.\nusage: ${USAGE}`);
  const db = await getDb();
  const deal = await requireDeal({ db, ref: values.deal });
  if (values.detect) {
    const r = await detectRelationsForDeal({ db, dealId: deal.id });
    process.stderr.write(
      `relations: ${Object.entries(r.relations).map(([k, v]) => `${k} ${v}`).join(", ")}; superseded findings ${r.supersededFindings}; ` +
        `+${r.changes.inserted} ~${r.changes.updated} -${r.changes.deleted}\n`,
    );
  }
  const store = await getGraphStore({ db });
  const rels = await store.relationsForDeal({ dealId: deal.id, types: types.length ? (types as RelationType[]) : undefined });
  const docs = new Map(
    (await db.query<{ id: string; filename: string }>("select id, filename from documents where deal_id = $1", [deal.id])).rows.map((d) => [d.id, d.filename]),
  );
  const findings = new Map(
    (
      await db.query<{ id: string; document_id: string; metric_key: string; period: string | null; value_text: string; source_page: number }>(
        "select id, document_id, metric_key, period, value_text, source_page from findings where deal_id = $1",
        [deal.id],
      )
    ).rows.map((f) => [f.id, f]),
  );
  const label = (kind: string, id: string) => {
    if (kind === "document") return { document: docs.get(id) ?? id };
    const f = findings.get(id);
    if (kind === "finding" && f) return { document: docs.get(f.document_id) ?? f.document_id, page: f.source_page, metric: f.metric_key, period: f.period, value: f.value_text };
    return { [kind]: id };
  };
  const out = rels.map((r) => ({ type: r.type, from: { kind: r.fromKind, id: r.fromId, ...label(r.fromKind, r.fromId) }, to: { kind: r.toKind, id: r.toId, ...label(r.toKind, r.toId) }, reason: r.reason, created_by: r.createdBy }));
  if (values.json) {
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    for (const r of out.filter((x) => x.type !== "EXTRACTED_FROM" || types.includes("EXTRACTED_FROM"))) {
      process.stdout.write(`${r.type.padEnd(11)} ${r.reason} [${r.created_by}]\n`);
    }
  }
  return 0;
}
