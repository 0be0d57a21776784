/**
 * Scores one Agent Mode answer item by item, in code: each gold item is looked for on the lines
 * of the answer that name it (its terms; for a period, the lines that also name the year when any
 * do). Verdicts:
 * - correct: the gold figure (within tolerance), both sides and the change of a comparison, the
 *   fact's name, a risk cited from the Risk Factors pages, or, for an item the data room does not
 *   cover, a disclosure that it is not there;
 * - wrong: a line about the item states another figure (or names another segment, or cites risks
 *   from other pages), or an item the room does not cover is answered with a figure;
 * - disclosed: an item the room covers is said to be missing ("Insufficient documentation", "not
 *   found");
 * - missed: nothing about the item, or an incomplete comparison.
 * A heuristic on free text, the same for Agent Mode and for the plain chat it is printed beside.
 */
import { figuresIn, type Figure } from "./answers-numbers";
import type { GoldItem } from "./agent-mode-requests";

export type Verdict = "correct" | "wrong" | "disclosed" | "missed";

export interface Cited {
  n: number;
  page: number;
}

export interface ItemScore {
  item: GoldItem;
  verdict: Verdict;
  why: string;
}

const DISCLOSED = /insufficient documentation|not (?:found|in the data ?room|disclosed|stated|available|reported|given|covered)|no (?:figure|value|passage|statement|mention|document)s?\b|does not (?:state|disclose|report|give|mention|cover)|could not (?:find|establish|answer)|couldn['’]t find|none of the (?:documents|filings)|isn['’]t in the/i;

const UNIT_SCALE: Record<string, number> = { "USD millions": 1e6, "USD thousands": 1e3, "USD billions": 1e9, count: 1, "%": 1 };

/** Lines of the answer, with citation markers kept apart from the figures. */
export function answerLines(answer: string): string[] {
  return answer.split(/\n+/).map((l) => l.trim()).filter(Boolean);
}

const yearOf = (period: string | null | undefined) => /(\d{4})/.exec(period ?? "")?.[1];

function linesFor(lines: string[], item: GoldItem): string[] {
  const named = lines.filter((l) => item.terms.some((t) => l.toLowerCase().includes(t.toLowerCase())));
  const years = [yearOf(item.asks.period), yearOf(item.asks.versus)].filter(Boolean) as string[];
  if (!years.length || item.kind === "narrative" || item.kind === "fact") return named;
  const dated = named.filter((l) => years.some((y) => l.includes(y) || l.includes(`FY${y.slice(2)}`) || l.includes(`fiscal ${y}`)));
  return dated.length ? dated : named;
}

function figures(line: string): Figure[] {
  return figuresIn(line.replace(/\[\d+\]/g, " ")).filter((f) => !f.yearLike);
}

/** The figure in absolute units (dollars, a count, percent points). */
function absolute(f: Figure, unit: string): number | null {
  if (unit === "%") return f.percent ? f.value : null;
  if (f.percent) return null;
  if (f.scale) return f.value * f.scale;
  // a bare number is read in the gold's unit ("34,229" in a table of millions) or as written
  return f.value * (UNIT_SCALE[unit] ?? 1);
}

function near(a: number, b: number, tol: { rel?: number; abs?: number }, written?: Figure): boolean {
  const d = Math.abs(Math.abs(a) - Math.abs(b));
  if (tol.abs !== undefined) return d <= tol.abs + 1e-9 || (!!written && written.decimals === 0 && d <= 0.5 + 1e-9);
  const rel = tol.rel ?? 0.005;
  // "$5.5 billion": a figure written with fewer digits is right when it rounds the gold
  const rounding = written && written.scale ? 0.5 * 10 ** -written.decimals * written.scale : 0;
  return d <= Math.max(rel * Math.abs(b), rounding);
}

function stated(lines: string[], gold: number, unit: string, tol: GoldItem["tolerance"]): boolean {
  const scale = unit === "%" ? 1 : UNIT_SCALE[unit] ?? 1;
  const target = gold * scale;
  return lines.some((l) => figures(l).some((f) => {
    const v = absolute(f, unit);
    if (v !== null && near(v, target, tol, f)) return true;
    // a bare figure written in another unit than the gold's ("$34.2 billion" parsed above; "92,000 people" as a count)
    return !f.scale && !f.percent && unit !== "%" && near(f.value, target, tol);
  }));
}

/** A line that says the run did not answer the item claims nothing about it (its reason may quote the figure it refused). */
const NOT_ANSWERED = /not answered in this run/i;

const anyFigure = (lines: string[], unit: string) => lines.some((l) => !NOT_ANSWERED.test(l) && figures(l).some((f) => absolute(f, unit) !== null));

function scoreFigure(lines: string[], item: GoldItem): ItemScore {
  const g = item.gold!;
  const unit = g.unit ?? "USD millions";
  const golds = [g.value!, ...(g.accept ?? [])];
  // a line saying the run did not answer the item may quote the figure it refused: that states nothing
  const claims = lines.filter((l) => !NOT_ANSWERED.test(l));
  if (golds.some((v) => stated(claims, v, unit, item.tolerance))) return { item, verdict: "correct", why: "figure stated" };
  if (lines.some((l) => DISCLOSED.test(l))) return { item, verdict: "disclosed", why: "said missing" };
  if (anyFigure(lines, unit)) return { item, verdict: "wrong", why: `other figure: ${lines.find((l) => anyFigure([l], unit))!.slice(0, 140)}` };
  return { item, verdict: "missed", why: lines.length ? "named, no figure" : "not mentioned" };
}

function scoreComparison(lines: string[], item: GoldItem): ItemScore {
  const g = item.gold!;
  const unit = g.unit ?? "USD millions";
  const pct = unit === "%";
  const claims = lines.filter((l) => !NOT_ANSWERED.test(l));
  const a = stated(claims, g.value!, unit, item.tolerance);
  const b = stated(claims, g.base!, unit, item.tolerance);
  const change = stated(claims, g.change!, unit, pct ? { abs: 0.15 } : item.tolerance) || (pct
    ? lines.some((l) => /\b(?:bps?|basis points?)\b/i.test(l) && figures(l).some((f) => near(f.value / 100, g.change!, { abs: 0.15 })))
      || lines.some((l) => /\b(?:pp|ppts?|points?|percentage points?)\b/i.test(l) && figures(l).some((f) => near(f.value, g.change!, { abs: 0.15 }, f)))
    : g.changePct !== undefined && lines.some((l) => figures(l).some((f) => f.percent && near(f.value, g.changePct!, { abs: 0.15 }, f))));
  if (a && b && change) return { item, verdict: "correct", why: "both sides and the change" };
  if (a || b) return { item, verdict: "missed", why: `incomplete: ${a ? "" : "no current "}${b ? "" : "no prior "}${change ? "" : "no change"}`.trim() };
  if (lines.some((l) => DISCLOSED.test(l))) return { item, verdict: "disclosed", why: "said missing" };
  if (anyFigure(lines, unit)) return { item, verdict: "wrong", why: `other figures: ${lines.find((l) => anyFigure([l], unit))!.slice(0, 140)}` };
  return { item, verdict: "missed", why: lines.length ? "named, no figure" : "not mentioned" };
}

/** A line without its bold label: Agent Mode's label echoes the request ("Which brings in more revenue (electric or gas)"), which names no answer. */
const withoutLabel = (l: string) => l.replace(/^[-•*]?\s*\*\*[^*]+\*\*\s*:?/, "");

function scoreFact(lines: string[], item: GoldItem): ItemScore {
  const g = item.gold!;
  const names = [g.name!, ...(g.alts ?? [])].map((n) => n.toLowerCase());
  if (lines.some((l) => !NOT_ANSWERED.test(l) && names.some((n) => withoutLabel(l).toLowerCase().includes(n)))) return { item, verdict: "correct", why: "named" };
  if (lines.some((l) => DISCLOSED.test(l))) return { item, verdict: "disclosed", why: "said missing" };
  const claims = lines.filter((l) => /largest|biggest|most|highest|top/i.test(l) && !DISCLOSED.test(l) && !NOT_ANSWERED.test(l));
  if (claims.length) return { item, verdict: "wrong", why: `named another: ${claims[0]!.slice(0, 140)}` };
  return { item, verdict: "missed", why: lines.length ? "named, no answer" : "not mentioned" };
}

/** Pages a line cites: its [n] markers resolved through the run's citations, or "p.N" written out. */
function pagesCited(line: string, cited: Cited[]): number[] {
  const byN = new Map(cited.map((c) => [c.n, c.page]));
  const marks = [...line.matchAll(/\[(\d+)\]/g)].map((m) => byN.get(Number(m[1]))).filter((p): p is number => p !== undefined);
  const written = [...line.matchAll(/\bp(?:age)?\.?\s?(\d+)\b/gi)].map((m) => Number(m[1]));
  return [...marks, ...written];
}

function scoreNarrative(all: string[], item: GoldItem, cited: Cited[]): ItemScore {
  const range = new Set(item.gold!.pages ?? []);
  const section = item.gold!.section ?? "Risk Factors";
  const risks = /^risk factors$/i.test(section);
  // the item's lines (risk lines for risks, else lines naming the item's terms) and the few lines under a heading that names it
  const names = (l: string) => (risks ? /risk/i.test(l) : item.terms.some((t) => l.toLowerCase().includes(t.toLowerCase())));
  const block: string[] = [];
  all.forEach((l, i) => {
    if (!names(l)) return;
    block.push(l);
    if (l.length < 80) block.push(...all.slice(i + 1, i + 5));
  });
  const pages = block.flatMap((l) => pagesCited(l, cited));
  if (pages.some((p) => range.has(p))) return { item, verdict: "correct", why: `cites ${section} p.${pages.filter((p) => range.has(p)).join(",")}` };
  if (block.some((l) => DISCLOSED.test(l))) return { item, verdict: "disclosed", why: "said missing" };
  if (pages.length) return { item, verdict: "wrong", why: `cites p.${[...new Set(pages)].join(",")} outside ${section}` };
  return { item, verdict: "missed", why: block.length ? `no ${risks ? "risk" : "passage"} cited` : "not mentioned" };
}

function scoreAbsent(lines: string[], item: GoldItem): ItemScore {
  if (lines.some((l) => DISCLOSED.test(l))) return { item, verdict: "correct", why: "disclosed as not in the data room" };
  if (lines.some((l) => figures(l).length > 0)) return { item, verdict: "wrong", why: `answered: ${lines.find((l) => figures(l).length)!.slice(0, 140)}` };
  return { item, verdict: "missed", why: lines.length ? "named, not disclosed" : "not mentioned" };
}

export function scoreItem(answer: string, item: GoldItem, cited: Cited[] = []): ItemScore {
  const all = answerLines(answer);
  const lines = linesFor(all, item);
  switch (item.kind) {
    case "figure":
    case "margin":
      return scoreFigure(lines, item);
    case "comparison":
      return scoreComparison(lines, item);
    case "fact":
      return scoreFact(lines, item);
    case "narrative":
      return scoreNarrative(all, item, cited);
    case "not-in-data-room":
      return scoreAbsent(lines, item);
  }
}

/** An item the room covers that the answer did not get right (what a validated badge must never hide). */
export const failsAvailable = (s: ItemScore) => s.verdict === "wrong" || (s.item.kind !== "not-in-data-room" && s.verdict !== "correct");
