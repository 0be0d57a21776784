/** Coverage by domain with totals: built from judged items, read back from irl_coverage, or as text. */
import type { Queryable } from "@/lib/db";
import { listIrlItems } from "./irl";
import type { Coverage, IrlCoverageReport, IrlEvidence, IrlItemCoverage } from "./types";

export function buildReport(items: IrlItemCoverage[]): IrlCoverageReport {
  const domains: IrlCoverageReport["domains"] = [];
  for (const it of items) {
    let d = domains.find((x) => x.domain === it.domain);
    if (!d) {
      d = { domain: it.domain, covered: 0, partial: 0, total: 0, items: [] };
      domains.push(d);
    }
    d.items.push(it);
    d.total++;
    if (it.coverage === "covered") d.covered++;
    if (it.coverage === "partial") d.partial++;
  }
  const totals = { covered: 0, partial: 0, gap: 0, total: items.length };
  for (const it of items) totals[it.coverage]++;
  return { domains, totals };
}

/** The last stored coverage (no recomputation); items never computed count as gaps. */
export async function getStoredIrlCoverage({ db, dealId }: { db: Queryable; dealId: string }): Promise<IrlCoverageReport & { computedAt: string | null }> {
  const items = await listIrlItems({ db, dealId });
  const { rows } = await db.query<{ irl_item_id: string; coverage: Coverage; evidence: IrlEvidence[]; computed_at: Date }>(
    "select irl_item_id, coverage, evidence, computed_at from irl_coverage where deal_id = $1",
    [dealId],
  );
  const byId = new Map(rows.map((r) => [r.irl_item_id, r]));
  const judged = items.map((item) => {
    const r = byId.get(item.id);
    return { id: item.id, dealId: item.dealId, domain: item.domain, item: item.item, priority: item.priority, status: item.status, notes: item.notes, keywords: item.keywords, coverage: r?.coverage ?? ("gap" as Coverage), evidence: r?.evidence ?? [] };
  });
  const latest = rows.reduce<Date | null>((m, r) => (!m || r.computed_at > m ? r.computed_at : m), null);
  return { ...buildReport(judged), computedAt: latest ? new Date(latest).toISOString() : null };
}

/** One-paragraph-per-domain text for CLI and the agent's find_gaps tool. */
export function formatCoverage(report: IrlCoverageReport): string {
  const mark: Record<Coverage, string> = { covered: "✅", partial: "◐", gap: "❌" };
  const lines: string[] = [];
  for (const d of report.domains) {
    lines.push(`**${d.domain} (${d.covered}/${d.total} covered${d.partial ? `, ${d.partial} partial` : ""})**`);
    for (const it of d.items) {
      const src = it.evidence[0] ? ` (source: ${it.evidence[0].document}, ${it.evidence[0].cell ?? `p.${it.evidence[0].page}`})` : "";
      lines.push(`- ${mark[it.coverage]} ${it.item} [${it.priority}]${it.coverage === "gap" ? "" : src}`);
    }
    lines.push("");
  }
  lines.push(`Total: ${report.totals.covered} covered, ${report.totals.partial} partial, ${report.totals.gap} gaps of ${report.totals.total}.`);
  return lines.join("\n");
}
