/**
 * Delimited text: guessing a CSV-like sample's delimiter, and whether a text file is clearly a table.
 * Kept hand-written: csv-parse (which reads the records, parsers/csv.ts) takes the delimiter as
 * given and has no detection; this is a quote-aware count over a 64 KiB head, ~40 lines.
 */

export type Delimiter = "," | ";" | "\t" | "|";

const DELIMITERS: Delimiter[] = [",", ";", "\t", "|"];

/** Counts delimiters per record (quote-aware) for the first `maxRecords` non-empty records. */
function delimiterCounts(sample: string, delim: string, maxRecords: number, dropLast: boolean): number[] {
  const counts: number[] = [];
  let inQuotes = false;
  let count = 0;
  let nonEmpty = false;
  for (let i = 0; i < sample.length && counts.length < maxRecords; i++) {
    const c = sample[i];
    if (c === '"') {
      inQuotes = !inQuotes;
      nonEmpty = true;
    } else if (inQuotes) continue;
    else if (c === delim) {
      count++;
      nonEmpty = true;
    } else if (c === "\n" || c === "\r") {
      if (nonEmpty) counts.push(count);
      count = 0;
      nonEmpty = false;
    } else if (c !== " ") nonEmpty = true;
  }
  if (nonEmpty && !dropLast && counts.length < maxRecords) counts.push(count);
  return counts;
}

export interface DelimiterGuess {
  delimiter: Delimiter;
  /** Records sampled. */
  records: number;
  /** Delimiters per record in the most common case. */
  perRecord: number;
  /** Share of sampled records with exactly `perRecord` delimiters. */
  consistency: number;
}

/**
 * Guesses the delimiter of a CSV-like sample. `truncated`: the sample is only the
 * head of the file, so its last record may be partial. An Excel `sep=;` first
 * line wins outright.
 */
export function detectDelimiter(sample: string, truncated = false): DelimiterGuess | null {
  const sep = /^sep=(.)\r?\n/.exec(sample);
  if (sep && (DELIMITERS as string[]).includes(sep[1]!)) {
    return { delimiter: sep[1] as Delimiter, records: 1, perRecord: 1, consistency: 1 };
  }
  let best: DelimiterGuess | null = null;
  for (const d of DELIMITERS) {
    const counts = delimiterCounts(sample, d, 50, truncated);
    if (counts.length === 0) continue;
    const freq = new Map<number, number>();
    for (const c of counts) if (c > 0) freq.set(c, (freq.get(c) ?? 0) + 1);
    let perRecord = 0;
    let hits = 0;
    for (const [c, f] of freq) if (f > hits || (f === hits && c > perRecord)) [perRecord, hits] = [c, f];
    if (perRecord === 0) continue;
    const guess: DelimiterGuess = { delimiter: d, records: counts.length, perRecord, consistency: hits / counts.length };
    const score = guess.consistency * 10 + Math.min(perRecord, 10) / 10;
    const bestScore = best ? best.consistency * 10 + Math.min(best.perRecord, 10) / 10 : -1;
    if (score > bestScore) best = guess;
  }
  return best;
}

const TEXT_EXTENSIONS = new Set(["txt", "text", "md", "markdown", "mdown", "mkd", "log"]);

/** "Clearly delimited": the same non-zero delimiter count on every sampled record. */
export function clearlyDelimited(sample: string, truncated: boolean, ext: string): boolean {
  const g = detectDelimiter(sample, truncated);
  if (!g || g.delimiter === "|") return false; // pipes are Markdown tables, not CSV
  if (/^sep=.\r?\n/.test(sample)) return true;
  if (g.consistency < 1) return false;
  if (ext === "md" || ext === "markdown" || ext === "mdown" || ext === "mkd") return false;
  if (TEXT_EXTENSIONS.has(ext)) return g.records >= 5 && (g.delimiter === "\t" || g.perRecord >= 2);
  return g.records >= 3;
}
