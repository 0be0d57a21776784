/**
 * Month names as documents write them (English and Swedish, full and abbreviated) and the date
 * arithmetic every period reader needs: month ends, ISO dates, two-digit years.
 */

const MONTH_NUMBERS: Record<string, number> = {
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

export const MONTH_NAMES_EN = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** Regex source (no group) matching any month name above, longest first so "september" beats "sep". */
export const MONTH = `(?:${Object.keys(MONTH_NUMBERS).sort((a, b) => b.length - a.length).join("|")})`;

/** "September", "sept.", "okt", "Maj" → 9, 9, 10, 5; 0 when the word is no month. */
export function monthNumber(word: string): number {
  const k = word.trim().toLowerCase().replace(/\.$/, "");
  if (MONTH_NUMBERS[k]) return MONTH_NUMBERS[k];
  // "Febr", "Septem": an English month by its first three letters
  return k.length >= 3 ? MONTH_NAMES_EN.findIndex((m) => m.startsWith(k.slice(0, 3))) + 1 : 0;
}

/** 9 → "September". */
export function monthName(month: number): string {
  const name = MONTH_NAMES_EN[month - 1] ?? "";
  return name ? `${name[0]!.toUpperCase()}${name.slice(1)}` : "";
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
