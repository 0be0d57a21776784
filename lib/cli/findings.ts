import { getDb } from "@/lib/db";
import { requireDeal } from "@/lib/db/queries/deals";
import { MandaError } from "@/lib/errors";
import { parseCli } from "./args";

const USAGE = "manda findings|timeline|entities --deal <slug> [--document <filename>] [--json]";

/** Promoted findings / timeline events / entity mentions, each with document, page (or cell) and excerpt. */
export function knowledgeCommand(kind: "findings" | "timeline" | "entities") {
  return async (args: string[]): Promise<number> => {
    const { values } = parseCli(args, { deal: { type: "string" }, document: { type: "string" }, json: { type: "boolean" } }, USAGE);
    if (!values.deal) throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
    const db = await getDb();
    const deal = await requireDeal({ db, ref: values.deal });
    const docFilter = values.document ?? null;
    type Row = Record<string, string | number | boolean | string[] | null>; // text, numeric and text[] columns
    let items: Row[];
    if (kind === "findings") {
      items = (await db.query<Row>(
        `select d.filename as document, f.source_page as page, f.source_cell as cell, f.source_excerpt as excerpt, f.metric, f.metric_key, f.value_text,
                f.value_num, f.unit, f.currency, f.period, f.period_end::text as period_end, f.is_forecast, f.date_referenced::text as date_referenced, f.domain, f.superseded
           from findings f join documents d on d.id = f.document_id
          where f.deal_id = $1 and f.status = 'active' and ($2::text is null or d.filename = $2)
          order by d.filename, f.metric_key, f.period, f.source_page`, [deal.id, docFilter])).rows;
    } else if (kind === "timeline") {
      items = (await db.query<Row>(
        `select d.filename as document, t.source_page as page, t.source_excerpt as excerpt, t.event_type, t.event_date::text as event_date, t.date_precision, t.description, t.actors
           from timeline_events t join documents d on d.id = t.document_id
          where t.deal_id = $1 and ($2::text is null or d.filename = $2)
          order by t.event_date, d.filename, t.source_page`, [deal.id, docFilter])).rows;
    } else {
      items = (await db.query<Row>(
        `select d.filename as document, m.page, m.excerpt, e.entity_type, e.name, e.aliases, m.role
           from entity_mentions m join entities e on e.id = m.entity_id join documents d on d.id = m.document_id
          where m.deal_id = $1 and ($2::text is null or d.filename = $2)
          order by e.entity_type, e.name, d.filename, m.page`, [deal.id, docFilter])).rows;
    }
    if (values.json) {
      process.stdout.write(`${JSON.stringify(items, null, 2)}\n`);
      return 0;
    }
    if (!items.length) process.stdout.write(`No ${kind} yet. Run: manda pipeline run --deal ${deal.slug}\n`);
    for (const i of items) {
      const where = `${i.document} ${i.cell ? `cell ${i.cell}` : `p.${i.page}`}`;
      const head = kind === "findings" ? `${i.metric_key} ${i.period ?? ""}: ${i.value_text}${i.is_forecast ? " (forecast)" : ""}`
        : kind === "timeline" ? `${i.event_date} (${i.date_precision}) ${i.event_type}` : `${i.entity_type} ${i.name}${i.role ? ` — ${i.role}` : ""}`;
      process.stdout.write(`${head}\n   ${where}: "${i.excerpt}"\n`);
    }
    return 0;
  };
}

export const findingsCommand = knowledgeCommand("findings");
export const timelineCommand = knowledgeCommand("timeline");
export const entitiesCommand = knowledgeCommand("entities");
