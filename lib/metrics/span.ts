/**
 * What a question computes over time: the aggregate (one value, each year, an N-year average,
 * growth, CAGR, a change) and the periods it covers.
 */
import { periodMentions, periodRange, shiftYears, sortLabels, yearsBetween } from "./periods";
import type { Aggregate, AnswerFormat, MetricFormula } from "./types";

const COUNT_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

export function aggregateOf(ask: string, metric: MetricFormula, format: AnswerFormat, periodCount: number): Aggregate {
  if (/\bcagr\b|\bcompound(?:ed)? annual growth\b/.test(ask)) return "cagr";
  if (/\b(?:average|mean)\b(?! (?:total |shareholders'? |stockholders'? )?(?:assets|equity|inventor|receivable|payable|balance))/.test(ask) && (periodCount > 1 || /\b(?:\d+|two|three|four|five) years?\b/.test(ask))) return "average";
  const changeWord = /\b(?:change[sd]?|difference|increase[sd]?|decrease[sd]?|delta|move(?:ment|d)?)\b/.test(ask);
  const growthWord = /\b(?:growth|grow|grew|(?:year over year|yoy|annual|percent(?:age)?|%) (?:change|increase|decrease|growth))\b/.test(ask);
  if (growthWord || (changeWord && format.percent && metric.unit !== "percent")) return "growth";
  if (changeWord && periodCount >= 1) return "change";
  if (periodCount >= 2 && /\b(?:trend|trends|over time|each year|every year|by year|per year|year by year|history|historical(?:ly)?|evolution|evolve[sd]?)\b/.test(ask)) return "series";
  return "value";
}

/** "3 year average", "last three years", "five-year CAGR": the number of years; 0 when none is said. */
export function yearCount(ask: string): number {
  const n = ask.match(/\b(\d+|two|three|four|five|six|seven|eight|nine|ten) (?:fiscal )?years?\b/);
  return n ? (COUNT_WORDS[n[1]!] ?? Number(n[1])) : 0;
}

/** The periods a request covers, chronological. */
export function periodsOf(ask: string, aggregate: Aggregate, definitionText: string | undefined, needsTwo: boolean): string[] {
  let mentions = periodMentions(ask);
  if (!mentions.length && definitionText) mentions = periodMentions(definitionText).slice(-1);
  const range = periodRange(ask, mentions);
  const labels = sortLabels(mentions.map((m) => m.label));
  if (aggregate === "average" || aggregate === "series") {
    if (range) return yearsBetween(range[0], range[1]);
    const count = yearCount(ask);
    const last = labels[labels.length - 1];
    if (last && count > 1) return yearsBetween(shiftYears(last, -(count - 1)), last);
    return labels;
  }
  if (aggregate === "cagr") {
    // an N-year CAGR runs over N years of growth: from N years before the last year; only the ends are read
    const count = yearCount(ask);
    const last = labels[labels.length - 1];
    if (!range && last && count > 0) return [shiftYears(last, -count), last];
    return labels.length > 2 ? [labels[0]!, last!] : labels;
  }
  if ((aggregate === "growth" || aggregate === "change" || needsTwo) && labels.length === 1) return [shiftYears(labels[0]!, -1), labels[0]!];
  if (labels.length > 2 && !needsTwo) return labels.slice(-2);
  return labels;
}

/** A stability test runs over the years named (a range is every year in it), else over the years the filings hold. */
export function stablePeriods(ask: string): string[] {
  const mentions = periodMentions(ask);
  const range = periodRange(ask, mentions);
  return range ? yearsBetween(range[0], range[1]) : sortLabels(mentions.map((m) => m.label));
}
