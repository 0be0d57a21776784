/**
 * The chat's starter questions, drawn from the deal's own documents, so that a data room is not
 * offered another deal's question (a fixed list once showed every room "What's the Q3 revenue?"). Pure: the chat pages pass what they know of
 * the documents; no company, figure or phrasing of any corpus is written here.
 */
export interface StarterDoc {
  filename: string;
  status?: string;
  kind?: string | null;
  fiscalYear?: number | null;
  fiscalPeriod?: string | null;
}

const QUARTER = /^Q[1-4]$/;

/** Up to four questions about what the data room holds (its latest period, a recent document, risks, gaps). */
export function starterQuestions(docs: StarterDoc[]): string[] {
  const ready = docs.filter((d) => !d.status || d.status === "indexed");
  if (ready.length === 0) return [];
  const out: string[] = [];
  const dated = ready.filter((d) => d.fiscalYear).sort((a, b) => b.fiscalYear! - a.fiscalYear! || (b.fiscalPeriod ?? "").localeCompare(a.fiscalPeriod ?? ""));
  const latest = dated[0];
  if (latest) {
    const period = latest.fiscalPeriod && QUARTER.test(latest.fiscalPeriod) ? `${latest.fiscalPeriod} ${latest.fiscalYear}` : `FY${latest.fiscalYear}`;
    out.push(`What was revenue in ${period}?`);
    const years = [...new Set(dated.map((d) => d.fiscalYear!))];
    if (years.length >= 2) out.push(`How did revenue change from FY${years[1]} to FY${years[0]}?`);
  }
  const named = latest ?? ready[0]!;
  out.push(`Summarise ${named.filename}${named.kind ? ` (${named.kind})` : ""}`);
  out.push(ready.length > 1 ? "Which risks do these documents mention?" : "Which risks does it mention?");
  out.push("What's missing for the IRL?");
  return out.slice(0, 4);
}
