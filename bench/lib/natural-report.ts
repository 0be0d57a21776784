/**
 * Tallies and the table of the natural check set in bench/answers.ts: correct / wrong / refused
 * by item type, with `now`, `unanswerable` and `follow_up` shown apart, "refused although
 * answerable" as its own figure and the cited gold page. Prints ids, types and verdicts only:
 * never a question, a gold or an answer (the set is a check set).
 */
import { NATURAL_TYPES, type NaturalItem } from "./natural-questions";
import type { NaturalVerdict } from "./natural-scoring";
import { quantile, type Setting } from "./answers-report";

export interface NaturalOutcome {
  item: NaturalItem;
  setting: Setting;
  verdict: NaturalVerdict;
  why: string;
  /** A cited source is on a listed gold page. */
  citedGold: boolean;
  citesOtherCompany: boolean;
  ms: number;
  error?: string;
}

const APART = new Set(["now", "unanswerable", "follow_up"]);

export function naturalTally(os: NaturalOutcome[]) {
  const answerable = os.filter((o) => o.item.type !== "unanswerable");
  const withPages = os.filter((o) => o.verdict !== "refused" && o.item.type !== "unanswerable" && Object.keys(o.item.pages).length > 0);
  const n = os.length;
  const count = (v: NaturalVerdict) => os.filter((o) => o.verdict === v).length;
  const refusedAnswerable = answerable.filter((o) => o.verdict === "refused").length;
  return {
    n, correct: count("correct"), wrong: count("wrong"), refused: count("refused"),
    correctRate: n ? Number((count("correct") / n).toFixed(3)) : null,
    wrongRate: n ? Number((count("wrong") / n).toFixed(3)) : null,
    answerable: answerable.length, refusedAnswerable,
    refusedAnswerableRate: answerable.length ? Number((refusedAnswerable / answerable.length).toFixed(3)) : null,
    answeredWithPages: withPages.length, citedGold: withPages.filter((o) => o.citedGold).length,
    citesOtherCompany: os.filter((o) => o.citesOtherCompany).length,
  };
}

export function naturalSummary(os: NaturalOutcome[]) {
  const byType = Object.fromEntries(NATURAL_TYPES.filter((t) => os.some((o) => o.item.type === t)).map((t) => [t, naturalTally(os.filter((o) => o.item.type === t))]));
  const ms = os.map((o) => o.ms);
  return { ...naturalTally(os), byType, latencyMs: { p50: Math.round(quantile(ms, 0.5)), p95: Math.round(quantile(ms, 0.95)) }, errors: os.filter((o) => o.error).length, heldOut: true };
}

const pct = (a: number, n: number) => (n ? `${a} (${Math.round((100 * a) / n)}%)` : "-");

export function printNatural(title: string, os: NaturalOutcome[], log: (s: string) => void = console.log): void {
  const oneDeal = os.some((o) => o.setting === "one-deal");
  const row = (label: string, xs: NaturalOutcome[]) => {
    const t = naturalTally(xs);
    log([label.padEnd(22), String(t.n).padStart(3), pct(t.correct, t.n).padStart(9), pct(t.wrong, t.n).padStart(9), pct(t.refused, t.n).padStart(9), `${t.citedGold}/${t.answeredWithPages}`.padStart(7), oneDeal ? String(t.citesOtherCompany).padStart(5) : ""].join(" "));
  };
  log(`\n${title}`);
  log(`${"".padEnd(22)}   n   correct     wrong   refused   cited${oneDeal ? " other" : ""}`);
  for (const t of NATURAL_TYPES.filter((x) => !APART.has(x))) if (os.some((o) => o.item.type === t)) row(`  ${t}`, os.filter((o) => o.item.type === t));
  row(" single-turn answerable", os.filter((o) => !APART.has(o.item.type)));
  log(" apart");
  for (const t of ["now", "unanswerable", "follow_up"]) if (os.some((o) => o.item.type === t)) row(`  ${t}`, os.filter((o) => o.item.type === t));
  row("all", os);
  const t = naturalTally(os);
  log(`refused although answerable: ${pct(t.refusedAnswerable, t.answerable)} of the ${t.answerable} answerable items`);
  log(`cited = answers citing a listed gold page / answered items with pages; follow_up counts its last turn; unanswerable is correct when refused${oneDeal ? "; other = answers citing another company's document" : ""}`);
  const ms = os.map((o) => o.ms);
  log(`latency per item (all turns): p50 ${quantile(ms, 0.5).toFixed(0)} ms, p95 ${quantile(ms, 0.95).toFixed(0)} ms`);
}

/** Verbose line: id, type and verdict only (no question, gold or answer text). */
export function naturalLine(o: NaturalOutcome): string {
  return `- ${o.item.id} [${o.item.type}] ${o.verdict.toUpperCase()}${o.citedGold ? " cited-gold" : ""}${o.citesOtherCompany ? " OTHER-COMPANY" : ""} ${o.ms.toFixed(0)} ms (${o.why})${o.error ? " CRASH" : ""}`;
}
