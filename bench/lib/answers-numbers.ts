/**
 * Figures in free text, for scoring answers against gold figures: "$1,577 million",
 * "USD 1.58 billion", "(14.76)%", "$1.8bn", "0.66", "65.4 percent". Hand-rolled because
 * the scorer needs each figure's written precision (decimals) and its unit word, which
 * number-parsing libraries drop; the grammar is small.
 */

export interface Figure {
  /** Absolute value as written, before any unit word ("1.58" in "USD 1.58 billion"). */
  value: number;
  /** Digits after the decimal point as written ("1577.00" → 2). */
  decimals: number;
  /** The unit word's multiplier (1e3, 1e6, 1e9), or null when none is written. */
  scale: number | null;
  percent: boolean;
  currency: boolean;
  /** Written with thousands separators ("1,577"). */
  grouped: boolean;
  /** A bare 4-digit integer from 1900 to 2100 ("2018"): a year, not a figure. */
  yearLike: boolean;
  raw: string;
  index: number;
}

const CURRENCY = String.raw`(?:US\$|\$|€|£|USD|EUR|SEK|GBP)`;
const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+`;
// Unit words; the one-letter forms ("$1.8b", "$5m") only count after a currency sign.
const UNIT = String.raw`%|per\s?cent|percent|thousands?|millions?|billions?|trillions?|mn|bn|m|b|k`;
const FIGURE = new RegExp(String.raw`(?<neg>[-−–])?(?<open>\()?(?:(?<cur>${CURRENCY})\s?)?(?<num>${NUMBER})\)?(?:\s?(?<unit>${UNIT}))?(?![A-Za-z0-9])`, "gi");

const SCALES: Record<string, number> = { thousand: 1e3, k: 1e3, million: 1e6, mn: 1e6, m: 1e6, billion: 1e9, bn: 1e9, b: 1e9, trillion: 1e12 };

/** Text without what is not a stated figure: citations, filenames, page refs, fiscal labels. */
export function stripNonFigures(text: string): string {
  return text
    .replace(/\(source:[^)]*\)/gi, " ")
    .replace(/\S+\.(?:pdf|xlsx?|docx?|csv|txt)\b/gi, " ")
    .replace(/\bp(?:p|age)?\.?\s?\d+(?:[-–]\d+)?\b/gi, " ")
    .replace(/\b(?:FY|CY|Q[1-4]|H[12]|9M)\s?'?\d{2,4}\b/gi, " ")
    .replace(/\b\d{1,2}-[KQ]\b/gi, " ");
}

/** Every figure in `text`, in order. */
export function figuresIn(text: string): Figure[] {
  const clean = stripNonFigures(text);
  const out: Figure[] = [];
  for (const m of clean.matchAll(FIGURE)) {
    const g = m.groups!;
    const before = clean[m.index! - 1] ?? " ";
    // Glued to a word ("X2", "COVID-19") or the tail of another number: not a figure.
    if (/[A-Za-z\d.,]/.test(before)) continue;
    let unit: string | undefined = g.unit?.toLowerCase().replace(/\s/g, "").replace(/(?<=[a-z]{4})s$/, "");
    if (unit && /^[mbk]$/.test(unit) && !g.cur) unit = undefined;
    const num = g.num!;
    const percent = unit === "%" || unit === "percent";
    const scale = unit && !percent ? SCALES[unit] ?? null : null;
    const value = Number(num.replace(/,/g, ""));
    if (!Number.isFinite(value)) continue;
    const decimals = num.includes(".") ? num.length - num.indexOf(".") - 1 : 0;
    const grouped = num.includes(",");
    const yearLike = !g.cur && !unit && !grouped && decimals === 0 && /^\d{4}$/.test(num) && value >= 1900 && value <= 2100;
    out.push({ value, decimals, scale, percent, currency: Boolean(g.cur), grouped, yearLike, raw: m[0].trim(), index: m.index! });
  }
  return out;
}

/** "in USD millions", "(in millions)", "Answer in USD billions" → the multiplier the question asks for. */
export function scaleAskedIn(question: string): number | null {
  const m = /\bin\s+(?:units\s+of\s+)?(?:US\s?\$|USD|\$|EUR|SEK|GBP)?\s?(thousands|millions|billions)\b/i.exec(question);
  if (!m) return null;
  return { thousands: 1e3, millions: 1e6, billions: 1e9 }[m[1]!.toLowerCase() as "thousands" | "millions" | "billions"];
}

/** Half a unit of the gold's last written decimal place, or 1% of it, whichever is larger. */
export function toleranceOf(gold: Figure): number {
  return Math.max(0.5 * 10 ** -gold.decimals, 0.01 * gold.value);
}

/**
 * Whether `candidate` states the gold figure. Compared at the gold's scale: its own unit
 * word, else the scale the question asked for (`askedScale`). A candidate without a unit
 * word is read at the gold's scale (tables "in millions"), or as a full amount. Signs are
 * ignored ("decreased by 0.9%" states -0.9%); percentages only match percentages.
 */
export function matchesFigure(gold: Figure, candidate: Figure, askedScale: number | null = null): boolean {
  if (gold.percent !== candidate.percent) return false;
  if (candidate.yearLike && !gold.yearLike) return false;
  const goldUnit = gold.scale ?? askedScale;
  const readings: number[] = [];
  if (candidate.scale !== null && goldUnit !== null) readings.push((candidate.value * candidate.scale) / goldUnit);
  else readings.push(candidate.value);
  if (candidate.scale === null && goldUnit !== null) readings.push(candidate.value / goldUnit);
  const tol = toleranceOf(gold);
  return readings.some((v) => Math.abs(v - gold.value) <= tol + 1e-9 * Math.max(1, gold.value));
}
