/**
 * Month names as documents write them (English and Swedish, full and abbreviated) and the date
 * arithmetic every period reader needs: month ends, ISO dates, two-digit years.
 */

export const MONTH_NAMES_EN = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
export const MONTH_NAMES_SV = ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"];

/** The abbreviations: each English month's first three letters ("jan", "sep"), and "sept", "okt". */
const STEMS = MONTH_NAMES_EN.map((m) => m.slice(0, 3));
const MONTH_NUMBERS = new Map<string, number>([
  ...[MONTH_NAMES_EN, MONTH_NAMES_SV, STEMS].flatMap((names) => names.map((m, i) => [m, i + 1] as const)),
  ["sept", 9],
  ["okt", 10],
]);

const title = (w: string) => `${w[0]!.toUpperCase()}${w.slice(1)}`;

/**
 * Regex source (no capture group) for month words, longest first so "september" beats "sep":
 * English full names by default; `abbreviated` adds "jan" … "dec", "sept" (and Swedish "okt");
 * `swedish` adds the Swedish names; `full: false` leaves the full names out (and "may", which is
 * one); `stems` gives only the three-letter stems, for a prefix match ("sep\w*"); `title` writes
 * them "January", for case-sensitive patterns.
 */
export function monthWords(o: { abbreviated?: boolean; swedish?: boolean; stems?: boolean; title?: boolean; full?: boolean } = {}): string {
  const names = o.full === false ? [] : [...MONTH_NAMES_EN, ...(o.swedish ? MONTH_NAMES_SV : [])];
  const abbreviations = [...STEMS, "sept", ...(o.swedish ? ["okt"] : [])].filter((w) => o.full !== false || !MONTH_NAMES_EN.includes(w));
  const words = o.stems ? STEMS : [...names, ...(o.abbreviated ? abbreviations : [])];
  const unique = [...new Set(words)].sort((a, b) => b.length - a.length);
  return `(?:${(o.title ? unique.map(title) : unique).join("|")})`;
}

/** Regex source (no group) matching any month name above, English and Swedish, full and abbreviated. */
export const MONTH = monthWords({ abbreviated: true, swedish: true });

/** "September", "sept.", "okt", "Maj" → 9, 9, 10, 5; 0 when the word is no month. */
export function monthNumber(word: string): number {
  const k = word.trim().toLowerCase().replace(/\.$/, "");
  const exact = MONTH_NUMBERS.get(k);
  if (exact) return exact;
  // "Febr", "Septem": an English month by its first three letters
  return k.length >= 3 ? MONTH_NAMES_EN.findIndex((m) => m.startsWith(k.slice(0, 3))) + 1 : 0;
}

/** 9 → "September". */
export function monthName(month: number): string {
  const name = MONTH_NAMES_EN[month - 1];
  return name ? title(name) : "";
}

export function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The ISO date of a month's last day: (2024, 2) → "2024-02-29". */
export function monthEnd(year: number, month: number): string {
  return isoDate(year, month, lastDayOfMonth(year, month));
}

/** "23" → 2023; four digits stay as written. */
export function year4(y: string): number {
  return y.length === 2 ? 2000 + Number(y) : Number(y);
}

/**
 * The month a period ending on this date belongs to: 52/53-week fiscal years and their quarters end
 * on a weekday up to a week after a month's end ("February 2, 2019" closes the January year,
 * "January 3, 2021" closes calendar 2020). One rule for cover pages and statement columns.
 */
export function effectiveMonth(year: number, month: number, day: number): { year: number; month: number } {
  if (day > 7) return { year, month };
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}
