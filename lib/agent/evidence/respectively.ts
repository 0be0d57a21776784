/**
 * A sentence stating a figure for several years at once pairs them in order: "The turnover rates
 * for 2021 and 2020 were 5.8% and 4.7%, respectively", "sales were $1.2 billion, $1.1 billion and
 * $0.9 billion in 2019, 2018 and 2017, respectively". The value a year is given, read the one way
 * both the chat's writer and Agent Mode's gate read it, so neither takes another year's figure.
 */

import { monthWords } from "@/lib/periods";
import { isYearWord } from "@/lib/periods/years";

/** A date's day ("December 31,"): no figure. */
const DAY = new RegExp(String.raw`\b${monthWords({ abbreviated: true })}\.?\s+\d{1,2}\b,?`, "gi");

/** Figures a sentence states (amounts, percentages, plain numbers), years left out, in order. */
const FIGURE = /(?:[$€£]\s?)?(?<![\p{L}\d.,])\d(?:[\d,]*\d)?(?:\.\d+)?(?![\p{L}\d])\s*(?:billion|million|thousand|bn|mn|%|percent(?:age points?)?)?/giu;
const YEAR = /(?<![\d.,$])(?:19|20)\d\d(?![\d%]|\s*(?:%|percent|billion|million))/g;

export interface PairedFigure {
  /** The figure as the sentence prints it ("5.8%", "$1.2 billion"). */
  figure: string;
  year: number;
}

/** The figures of a "…, respectively" sentence each with its year, in the sentence's order; empty unless the years and figures pair one to one. */
export function respectiveFigures(sentence: string): PairedFigure[] {
  const at = sentence.search(/\brespectively\b/i);
  if (at < 0) return [];
  // (a date's day blanked out, the positions kept)
  const head = sentence.slice(0, at).replace(DAY, (m: string) => m.replace(/\d/g, " "));
  const years = [...head.matchAll(YEAR)].map((m) => ({ year: Number(m[0]), at: m.index! }));
  const figures = [...head.matchAll(FIGURE)].map((m) => ({ figure: m[0].trim(), at: m.index! })).filter((f) => !years.some((y) => y.at === f.at) && !isYearWord(f.figure));
  if (years.length < 2 || figures.length !== years.length || new Set(years.map((y) => y.year)).size !== years.length) return [];
  return figures.map((f, i) => ({ figure: f.figure, year: years[i]!.year }));
}

/** The figure a "…, respectively" sentence gives for `year`, or null when it pairs none with it (or is no such sentence). */
export function respectiveFigure(sentence: string, year: number): string | null {
  return respectiveFigures(sentence).find((p) => p.year === year)?.figure ?? null;
}
