/**
 * What the answer writers of this folder share: how a period, a company and a scale are said, a
 * label's plain words, a passage's place in time, and the years and percentages a question asks.
 *
 * Each writer here answers from one typed evidence tool's result. It returns null when the evidence
 * does not fit what was asked (the caller, evidence-path.ts, then searches further, abstains or hands
 * over); an answer states its figure with the citation the tool gave, and says which period it took
 * and how the figure was computed.
 */
import { numbersInProse } from "@/lib/metrics/printed-number";
import { partInitials } from "../../concepts/part-names";
import { PLAIN_LABEL_STEMS } from "../../concepts/generic-words";
import { tokens } from "../../concepts/match";
import { recencyOf, type Passage } from "../../evidence/passages";
import { joinInitials } from "../../reader/read";

export const periodWord = (p: string) => p.replace(/^FY/, "fiscal ");
export const whose = (company?: string) => (company ? `${company}: ` : "");

/** The fiscal years among the periods ("FY2022"; not a quarter, a half or "latest"). */
export const fiscalYears = (periods: readonly string[]): string[] => periods.filter((p) => /^FY\d{4}$/.test(p));

export const SCALE_WORD: Record<number, string> = { 1e3: "thousand", 1e6: "million", 1e9: "billion" };

/** A text's stems without the words every label may carry ("total", "of", "segment"). */
export const plainStems = (t: string) => tokens(t.replace(/\((?:see )?notes? [\d, and]+\)|\(\d\)/gi, " ")).map((w) => w.stem).filter((w) => !PLAIN_LABEL_STEMS.has(w));

/** A passage's document in time, as search orders documents (recencyOf); its period reads "FY2022" or "Q3 2024". */
export function passageRecency(p: Passage): number {
  const m = /^(?:FY(\d{4})|(\S+) (\d{4}))$/.exec(p.period ?? "");
  return m ? recencyOf({ fiscalYear: Number(m[1] ?? m[3]), fiscalPeriod: m[2] ?? "FY" }) : 0;
}

/** "U.S." and "United States" read as "US", the way the question reader reads the analyst's "U.S.". */
export function initialsAsWords(text: string): string {
  // (one list of places and their initials: concepts/part-names)
  return partInitials(joinInitials(text));
}

/** A percentage stated with its figure ("11.2%", "4 percent", "80 percentage points"). */
export const PERCENT_VALUE = /\d\s*(?:%|percent\b|percentage points?\b)/i;

/** The four-digit years the periods asked name ("FY2019", "Q2 2023"). */
export const yearsAsked = (periods: readonly string[]) => periods.flatMap((p) => /(\d{4})/.exec(p)?.[1] ?? []);

/** A count's change between two year ends, as the count answers write it: "Change: **+2,267** (+14.4%) from fiscal 2016 to fiscal 2017." */
export function countChangeLine(from: number, to: number, fromYear: number | string, toYear: number | string): string {
  const d = to - from;
  const sign = d >= 0 ? "+" : "−";
  return `Change: **${sign}${Math.abs(d).toLocaleString("en-US")}** (${sign}${Math.abs((d / from) * 100).toFixed(1)}%) from fiscal ${fromYear} to fiscal ${toYear}.`;
}

/** The first figure a count's text gives ("approximately 17,973 (as of December 1, 2017)" → 17973), read by the one number parser; years are the caller's to take out. */
export const firstCount = (text: string): number | undefined => numbersInProse(text, { keepYears: true })[0]?.value ?? undefined;
