/**
 * "Revenues for 2015, 2016 and 2017 … Which segment brings in the most revenue?": a ranking the
 * request asks without a period is ranked for the latest period the request's other items ask, as
 * the analyst means it (the parts' table has a column per year; an undated ranking has none to
 * read). Its question and label say the period, so the plan shows what is ranked.
 */
import { sortLabels } from "@/lib/metrics/periods";
import type { RequestItem } from "@/lib/agent/reader/items";

export function dateRankings(items: RequestItem[]): RequestItem[] {
  const asked = sortLabels(items.flatMap((i) => i.periods).filter((p) => /^FY\d{4}$/.test(p)));
  const latest = asked.at(-1);
  if (!latest) return items;
  return items.map((i) => {
    if (i.kind !== "ranking" || i.periods.length) return i;
    const question = (q: string) => `${q.trim().replace(/[?.\s]+$/, "")} in ${latest}?`;
    return { ...i, periods: [latest], label: `${i.label}, ${latest}`, questions: i.questions.map(question), ...(i.retry ? { retry: question(i.retry) } : {}) };
  });
}
