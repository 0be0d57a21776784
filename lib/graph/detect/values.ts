/**
 * Pure helpers for comparing findings: canonical periods (so "FY 2023" and "FY2023" meet and
 * "Q2 2024" never meets "Q3 2024"), and value agreement within rounding ("EUR 5.2 million" and
 * 5,190,000 agree; 18.4M and 18.9M do not).
 */

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, januari: 1,
  feb: 2, february: 2, februari: 2,
  mar: 3, march: 3, mars: 3,
  apr: 4, april: 4,
  may: 5, maj: 5,
  jun: 6, june: 6, juni: 6,
  jul: 7, july: 7, juli: 7,
  aug: 8, august: 8, augusti: 8,
  sep: 9, sept: 9, september: 9,
  oct: 10, october: 10, okt: 10, oktober: 10,
  nov: 11, november: 11,
  dec: 12, december: 12,
};
const MONTH_RE = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join("|");

export interface CanonicalPeriod {
  /** Comparable key: FY2023 | Q3 2024 | H1 2024 | 9M 2024 | 2024-09-30 | free text lower-cased. */
  key: string;
  /**
   * True when the key was widened from a month ("September 2024" → month end 2024-09-30):
   * good enough to count agreement, never enough to call a conflict.
   */
  approximate: boolean;
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isoDate(y: number, m: number, d: number): string {
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

function year4(y: string): number {
  const n = Number(y);
  return y.length === 2 ? 2000 + n : n;
}

/** Canonical form of a finding's period text; null when the finding names no period. */
export function canonicalPeriod(period: string | null | undefined): CanonicalPeriod | null {
  if (period == null) return null;
  const raw = period.trim().replace(/\s+/g, " ");
  if (!raw) return null;
  const p = raw.toLowerCase();
  const YEAR = "((?:19|20)\\d\\d)";
  // "FY2024 (ending Jun)" keeps the year-end qualifier: a June year is another period than a December one.
  const ending = p.match(new RegExp(`end(?:ing|ed)?\\s+(?:\\d{1,2}\\s+)?(${MONTH_RE})`));
  const endSuffix = ending ? `-${String(MONTHS[ending[1]]).padStart(2, "0")}` : "";
  let m: RegExpMatchArray | null;
  if ((m = p.match(/^(?:iso\s*)?(\d{4})-(\d{2})-(\d{2})$/))) return { key: isoDate(+m[1], +m[2], +m[3]), approximate: false };
  if ((m = p.match(new RegExp(`^(?:q([1-4])|([1-4])q)[\\s_-]*(?:fy[\\s_-]*)?((?:19|20)?\\d\\d)$`)))) {
    return { key: `Q${m[1] ?? m[2]} ${year4(m[3])}`, approximate: false };
  }
  if ((m = p.match(new RegExp(`^(?:fy[\\s_-]*)?${YEAR}[\\s_-]*q([1-4])$`)))) return { key: `Q${m[2]} ${m[1]}`, approximate: false };
  if ((m = p.match(new RegExp(`^(?:h([12])|([12])h)[\\s_-]*(?:fy[\\s_-]*)?((?:19|20)?\\d\\d)$`)))) {
    return { key: `H${m[1] ?? m[2]} ${year4(m[3])}`, approximate: false };
  }
  if ((m = p.match(new RegExp(`^${YEAR}[\\s_-]*h([12])$`)))) return { key: `H${m[2]} ${m[1]}`, approximate: false };
  if ((m = p.match(new RegExp(`^(?:9m|nine months|9 months|ytd q3)[\\s_-]*${YEAR}$`)))) return { key: `9M ${m[1]}`, approximate: false };
  if ((m = p.match(new RegExp(`^(?:fy|fiscal(?: year)?|financial year|full year|year)?[\\s_-]*((?:19|20)\\d\\d|\\d\\d)(?:\\s*\\(.*\\))?(?:a|f|e)?$`)))) {
    // "FY23" / "FY2023" / "2023" / "fiscal 2023" / "FY2023A"; a bare two digits needs the FY prefix.
    if (m[1].length === 2 && !/^fy/.test(p)) return { key: p, approximate: false };
    return { key: `FY${year4(m[1])}${endSuffix}`, approximate: false };
  }
  // Dates: "30 September 2024", "September 30, 2024", "31 Dec 2023", optionally after "as of"/"at".
  const q = p.replace(/^(?:as (?:of|at)|at|per)\s+/, "");
  if ((m = q.match(new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)?\\s+(${MONTH_RE})\\.?,?\\s+${YEAR}$`)))) {
    return { key: isoDate(+m[3], MONTHS[m[2]], +m[1]), approximate: false };
  }
  if ((m = q.match(new RegExp(`^(${MONTH_RE})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+${YEAR}$`)))) {
    return { key: isoDate(+m[3], MONTHS[m[1]], +m[2]), approximate: false };
  }
  // A month alone ("September 2024", "2024-09"): a point in time at month end, approximately.
  if ((m = q.match(new RegExp(`^(?:end of\\s+)?(${MONTH_RE})\\.?\\s+${YEAR}$`)))) {
    const y = +m[2];
    const mo = MONTHS[m[1]];
    return { key: isoDate(y, mo, lastDayOfMonth(y, mo)), approximate: true };
  }
  if ((m = q.match(/^(\d{4})-(\d{2})$/))) return { key: isoDate(+m[1], +m[2], lastDayOfMonth(+m[1], +m[2])), approximate: true };
  return { key: p, approximate: false };
}

/** Parses a number token as written: "18,400", "5.2", "5,2", "(1,577)", "18 400", "−3.9". */
export function parseNumberToken(token: string): { value: number; decimals: number } | null {
  let t = token.trim().replace(/[\u2212\u2013]/g, "-").replace(/[\u00a0\u202f ]/g, "");
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1);
  }
  if (t.startsWith("-")) {
    negative = !negative;
    t = t.slice(1);
  }
  if (!/^\d[\d.,]*$/.test(t)) return null;
  let decimals = 0;
  const lastDot = t.lastIndexOf(".");
  const lastComma = t.lastIndexOf(",");
  let normal: string;
  if (lastDot >= 0 && lastComma >= 0) {
    // Both present: the later one is the decimal separator ("1,234.5" / "1.234,5").
    const dec = lastDot > lastComma ? "." : ",";
    const thou = dec === "." ? "," : ".";
    normal = t.split(thou).join("").replace(dec, ".");
  } else if (lastComma >= 0) {
    // "18,400" / "1,234,567" thousands; "5,2" / "5,25" decimal comma.
    const groups = t.split(",");
    const thousands = groups.length > 2 || (groups[1]?.length === 3 && groups[0].length <= 3);
    normal = thousands ? groups.join("") : t.replace(",", ".");
  } else if (lastDot >= 0) {
    const groups = t.split(".");
    const thousands = groups.length > 2 && groups.slice(1).every((g) => g.length === 3);
    normal = thousands ? groups.join("") : t;
  } else {
    normal = t;
  }
  if (!/^\d+(\.\d+)?$/.test(normal)) return null;
  const dot = normal.indexOf(".");
  decimals = dot >= 0 ? normal.length - dot - 1 : 0;
  const value = Number(normal) * (negative ? -1 : 1);
  return Number.isFinite(value) ? { value, decimals } : null;
}

/**
 * The rounding step of a figure as written: "EUR 5.2 million" (5,200,000) → 100,000;
 * "18,400" in thousands (18,400,000) → 1,000; "42.0%" → 0.1. 0 when it cannot be told.
 */
export function roundingStep(valueText: string | null | undefined, valueNum: number): number {
  if (!valueText || !Number.isFinite(valueNum) || valueNum === 0) return 0;
  const tokens = valueText.match(/\(?[-\u2212]?\d[\d.,\u00a0\u202f ]*\d\)?|\(?[-\u2212]?\d\)?/g) ?? [];
  let best = 0;
  for (const tok of tokens) {
    const parsed = parseNumberToken(tok.trim());
    if (!parsed || parsed.value === 0) continue;
    const scale = Math.abs(valueNum / parsed.value);
    // The token must be the figure (possibly scaled by thousand/million/billion), not a year or a footnote.
    const log = Math.log10(scale);
    if (Math.abs(log - Math.round(log)) > 1e-6) continue;
    const step = 10 ** -parsed.decimals * scale;
    best = Math.max(best, step);
  }
  return best;
}

export interface ComparableValue {
  valueNum: number;
  valueText?: string | null;
}

/** Default relative tolerance: differences up to 0.5% are rounding. */
export const RELATIVE_TOLERANCE = 0.005;

/**
 * Two figures agree when they differ by no more than 0.5% of the larger, or by no more than half
 * the rounding step of the less precise one (EUR 5.2 million covers 5.15–5.25 million).
 */
export function valuesAgree(a: ComparableValue, b: ComparableValue, relTol = RELATIVE_TOLERANCE): boolean {
  const diff = Math.abs(a.valueNum - b.valueNum);
  if (diff === 0) return true;
  const larger = Math.max(Math.abs(a.valueNum), Math.abs(b.valueNum));
  if (diff <= relTol * larger + 1e-9) return true;
  const step = Math.max(roundingStep(a.valueText, a.valueNum), roundingStep(b.valueText, b.valueNum));
  return diff <= step / 2 + step * 1e-9;
}

/** Units/currencies must match when both are known (EUR vs SEK, percent vs currency are not comparable). */
export function comparableUnits(
  a: { unit?: string | null; currency?: string | null },
  b: { unit?: string | null; currency?: string | null },
): boolean {
  const norm = (s?: string | null) => (s ? s.trim().toLowerCase() : "");
  if (norm(a.unit) && norm(b.unit) && norm(a.unit) !== norm(b.unit)) return false;
  if (norm(a.currency) && norm(b.currency) && norm(a.currency) !== norm(b.currency)) return false;
  return true;
}

/** "EUR 5.2 million" → "EUR 5.2 million"; a number without text → grouped digits. */
export function displayValue(f: { valueText?: string | null; valueNum?: number | null }): string {
  if (f.valueText) return f.valueText;
  return f.valueNum == null ? "?" : f.valueNum.toLocaleString("en-US");
}
