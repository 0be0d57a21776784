/** Review answers: red flags (contradictions, corrections, gaps, unusual items) and IRL coverage. */
import type { KbFinding, KbResult } from "@/lib/agent/knowledge/query";
import { bestFactSentence, usablePages } from "./excerpts";
import { cap, lowerFirst, metricName } from "./phrasing";
import { seriesOf } from "./series";
import { type Gaps, isError, outputs, type Scan } from "./tool-outputs";
import type { ToolExchange } from "../conversation";

function gapLines(g: Gaps | undefined, max = 6): string[] {
  if (!g || isError(g) || !g.domains) return [];
  const items = g.domains.flatMap((d) => d.items.filter((i) => i.coverage !== "covered").map((i) => ({ ...i, domain: d.domain })));
  const order: Record<string, number> = { high: 0, medium: 1, low: 2 };
  return items
    .sort((a, b) => (order[a.priority] ?? 3) - (order[b.priority] ?? 3))
    .slice(0, max)
    .map((i) => `- ${i.coverage === "partial" ? "Only partial: " : "No "}${i.coverage === "partial" ? i.item : lowerFirst(i.item)} (${i.domain}${i.priority === "high" ? ", high priority" : ""})`);
}

export function writeRedFlags(done: ToolExchange[]): string {
  const scan = outputs<Scan>(done, "detect_contradictions")[0];
  const gaps = outputs<Gaps>(done, "find_gaps")[0];
  const unusual = outputs<KbResult | { error: string }>(done, "query_knowledge_base").filter((r): r is KbResult => !isError(r));
  const parts: string[] = ["I found a few items worth noting:"];
  const contra = scan && !isError(scan) ? scan.conflicts ?? [] : [];
  if (contra.length) {
    parts.push(["**Contradictions:**", ...contra.map((c) => `- ${cap(c.metric)} ${c.period}: ${c.sides.map((s) => `${s.value} in ${s.documentKind} ${s.citation}`).join(" vs ")} — same period, no correction links them`)].join("\n"));
  } else if (scan && !isError(scan)) parts.push("**Contradictions:** none found between documents for the same period.");
  const corr = scan && !isError(scan) ? scan.corrections ?? [] : [];
  if (corr.length) parts.push(["**Corrections (not conflicts):**", ...corr.map((c) => `- ${cap(c.metric)} ${c.period ?? ""} was restated from ${c.previous.value} ${c.previous.citation} to ${c.current.value} ${c.current.citation}`.replace(/\s+\(/, " ("))].join("\n"));
  const gl = gapLines(gaps);
  if (gl.length) parts.push(["**Gaps:**", ...gl].join("\n"));
  else if (gaps && isError(gaps)) parts.push(`**Gaps:** the IRL coverage could not be computed (${gaps.error}).`);
  else if (gaps?.irlItems === 0) parts.push(`**Gaps:** this deal has no IRL yet${gaps.templatesInDataRoom?.length ? ` — ${gaps.templatesInDataRoom.join(", ")} could be imported as one` : ""}.`);
  const items = unusual.flatMap((r) => (r.timeline.length ? seriesOf(r) : r.findings).filter((f) => /restructur|one-?time|comparab/i.test(`${f.metric} ${f.metricKey}`)));
  if (items.length === 0) {
    for (const r of unusual.filter((x) => x.coverage === "pages")) {
      const hit = bestFactSentence(usablePages(r.pages), r.query, ["restructuring", "one-time"]);
      if (hit) items.push({ pageSentence: `- ${hit.sentence.replace(/[.!]\s*$/, "")} ${hit.page.citation}` } as unknown as KbFinding);
    }
  }
  const fva = scan && !isError(scan) ? scan.forecastVsActual ?? [] : [];
  const unusualLines = [...new Map(items.map((f, i) => [f.id ?? `p${i}`, f])).values()].map((f) =>
    (f as unknown as { pageSentence?: string }).pageSentence ?? `- One-time ${metricName(f)} of ${f.value} in ${f.period ?? "the period"} ${f.source.citation}`,
  );
  for (const x of fva.slice(0, 2)) unusualLines.push(`- ${cap(x.metric)} ${x.period}: forecast ${x.forecast.value} ${x.forecast.citation} vs actual ${x.actual.value} ${x.actual.citation} (forecast vs actual, not a conflict)`);
  if (unusualLines.length) parts.push(["**Unusual items:**", ...unusualLines].join("\n"));
  if (parts.length === 1) return "I didn't find contradictions, open gaps or unusual items in what has been extracted so far. Would you like me to add any specific questions to the Q&A list?";
  parts.push(gl.length ? "Would you like me to add the gaps to the Q&A list?" : "Would you like me to add these to the Q&A list?");
  return parts.join("\n\n");
}

export function writeGaps(done: ToolExchange[]): string {
  const g = outputs<Gaps>(done, "find_gaps")[0];
  if (!g) return "I couldn't compute the IRL coverage just now. Please try again.";
  if (isError(g)) return `I couldn't compute the IRL coverage: ${g.error}. I can still answer questions on specific topics from the documents.`;
  if (g.irlItems === 0 || !g.domains?.length) {
    return `This deal has no Information Request List yet, so there is nothing to measure coverage against.${g.templatesInDataRoom?.length ? ` The data room contains ${g.templatesInDataRoom.join(", ")}; would you like me to import it as the IRL?` : " Upload an IRL template and I can import it."}`;
  }
  const parts = ["Here's the coverage analysis against your IRL:"];
  for (const d of g.domains) {
    const lines = d.items.map((i) => {
      const cite = i.evidence[0]?.citation ? ` ${i.evidence[0].citation}` : "";
      if (i.coverage === "covered") return `- ✅ ${i.item}${cite}`;
      if (i.coverage === "partial") return `- ⚠️ ${i.item} (partial)${cite}`;
      return `- ❌ ${i.item}`;
    });
    parts.push([`**${d.domain} (${d.covered}/${d.total} items covered)**`, ...lines].join("\n"));
  }
  const open = (g.totals?.gap ?? 0) + (g.totals?.partial ?? 0);
  parts.push(open ? "Would you like me to generate Q&A items for the missing information?" : "Every IRL item is covered by at least one document.");
  return parts.join("\n\n");
}
