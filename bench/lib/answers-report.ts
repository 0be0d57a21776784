/**
 * Tallies and tables of bench/answers.ts: correct / wrong / abstained / cited-gold-page by
 * setting × question set × question type (and by scoring kind), Manda beside the baseline,
 * latency p50/p95, the regression floor.
 */
import type { GoldKind, Verdict } from "./answers-scoring";
import type { BenchQuestion } from "./answers-questions";

export type Setting = "per-company" | "one-deal";

export interface Judged {
  verdict: Verdict;
  /** Cites a gold evidence page of the gold document. */
  citedGold: boolean;
  /** Cites a document of another company than the question's. */
  citesOtherCompany: boolean;
  ms: number;
  text: string;
  why: string;
}

export interface Outcome {
  q: BenchQuestion;
  setting: Setting;
  /** Scoring kind for the report: number, yes-no, date, abstain, narrative (figures or terms), narrative (term overlap). */
  kind: string;
  manda: Judged;
  baseline: Judged;
  error?: string;
}

export interface Tally {
  n: number;
  correct: number;
  wrong: number;
  abstained: number;
  /** Answered (not abstained) questions that have gold evidence pages. */
  answeredWithEvidence: number;
  citedGold: number;
  citesOtherCompany: number;
}

export function kindLabel(kind: GoldKind, goldFigures: number): string {
  if (kind !== "narrative") return kind;
  return goldFigures > 0 ? "narrative (figures or terms)" : "narrative (term overlap)";
}

export function tally(judged: Array<{ j: Judged; q: BenchQuestion }>): Tally {
  const t: Tally = { n: 0, correct: 0, wrong: 0, abstained: 0, answeredWithEvidence: 0, citedGold: 0, citesOtherCompany: 0 };
  for (const { j, q } of judged) {
    t.n++;
    t[j.verdict]++;
    if (j.verdict !== "abstained" && q.evidencePages.length > 0) {
      t.answeredWithEvidence++;
      if (j.citedGold) t.citedGold++;
    }
    if (j.citesOtherCompany) t.citesOtherCompany++;
  }
  return t;
}

export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
}

const pct = (a: number, n: number) => (n ? `${a} (${Math.round((100 * a) / n)}%)` : "-");

function row(label: string, m: Tally, b: Tally, otherCompany: boolean): string {
  const cells = [
    label.padEnd(30), String(m.n).padStart(3), pct(m.correct, m.n).padStart(9), pct(m.wrong, m.n).padStart(9), pct(m.abstained, m.n).padStart(9),
    `${m.citedGold}/${m.answeredWithEvidence}`.padStart(7),
    otherCompany ? String(m.citesOtherCompany).padStart(5) : "".padStart(5),
    " |", pct(b.correct, b.n).padStart(9), pct(b.wrong, b.n).padStart(9), pct(b.abstained, b.n).padStart(9), `${b.citedGold}/${b.answeredWithEvidence}`.padStart(7),
  ];
  return cells.join(" ");
}

/** The table of one setting × set: rows by question type, then by scoring kind, then all. */
export function printTable(title: string, outcomes: Outcome[], log: (s: string) => void = console.log): void {
  const otherCompany = outcomes.some((o) => o.setting === "one-deal");
  log(`\n${title}`);
  log(`${"".padEnd(30)}   n   correct     wrong abstained   cited ${otherCompany ? "other" : "     "}  | baseline: correct   wrong abstained   cited`);
  const by = (key: (o: Outcome) => string) => {
    const groups = new Map<string, Outcome[]>();
    for (const o of outcomes) groups.set(key(o), [...(groups.get(key(o)) ?? []), o]);
    for (const [k, os] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
      log(row(`  ${k}`, tally(os.map((o) => ({ j: o.manda, q: o.q }))), tally(os.map((o) => ({ j: o.baseline, q: o.q }))), otherCompany));
    }
  };
  log(" by question type");
  by((o) => o.q.type);
  log(" by scoring kind");
  by((o) => o.kind);
  log(row("all", tally(outcomes.map((o) => ({ j: o.manda, q: o.q }))), tally(outcomes.map((o) => ({ j: o.baseline, q: o.q }))), otherCompany));
  const ms = outcomes.map((o) => o.manda.ms);
  const bms = outcomes.map((o) => o.baseline.ms);
  log(`latency per question: manda p50 ${quantile(ms, 0.5).toFixed(0)} ms, p95 ${quantile(ms, 0.95).toFixed(0)} ms; baseline p50 ${quantile(bms, 0.5).toFixed(0)} ms, p95 ${quantile(bms, 0.95).toFixed(0)} ms`);
  log(`cited = answers citing a gold evidence page / answered questions with gold evidence${otherCompany ? "; other = answers citing another company's document" : ""}`);
}

export function verboseLine(o: Outcome): string {
  const one = (s: string) => s.replace(/\s+/g, " ").trim().slice(0, 200);
  return [
    `- ${o.q.id} [${o.q.type}; ${o.kind}] ${o.manda.verdict.toUpperCase()}${o.manda.citedGold ? " cited-gold" : ""}${o.manda.citesOtherCompany ? " OTHER-COMPANY" : ""} ${o.manda.ms.toFixed(0)} ms (${o.manda.why})`,
    `    Q: ${one(o.q.question)}`,
    `    gold: ${one(o.q.gold)}`,
    `    manda: ${one(o.manda.text)}${o.error ? `\n    ERROR: ${o.error}` : ""}`,
    `    baseline ${o.baseline.verdict}: ${one(o.baseline.text)}`,
  ].join("\n");
}

export function summaryOf(outcomes: Outcome[]) {
  const t = tally(outcomes.map((o) => ({ j: o.manda, q: o.q })));
  const b = tally(outcomes.map((o) => ({ j: o.baseline, q: o.q })));
  const byType: Record<string, Tally> = {};
  for (const type of new Set(outcomes.map((o) => o.q.type))) byType[type] = tally(outcomes.filter((o) => o.q.type === type).map((o) => ({ j: o.manda, q: o.q })));
  const byKind: Record<string, Tally> = {};
  for (const kind of new Set(outcomes.map((o) => o.kind))) byKind[kind] = tally(outcomes.filter((o) => o.kind === kind).map((o) => ({ j: o.manda, q: o.q })));
  const ms = outcomes.map((o) => o.manda.ms);
  return {
    ...t,
    correctRate: t.n ? Number((t.correct / t.n).toFixed(3)) : null,
    wrongRate: t.n ? Number((t.wrong / t.n).toFixed(3)) : null,
    citedGoldRate: t.answeredWithEvidence ? Number((t.citedGold / t.answeredWithEvidence).toFixed(3)) : null,
    latencyMs: { p50: Math.round(quantile(ms, 0.5)), p95: Math.round(quantile(ms, 0.95)) },
    errors: outcomes.filter((o) => o.error).length,
    byType,
    byKind,
    baseline: b,
  };
}
