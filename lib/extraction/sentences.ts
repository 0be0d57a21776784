/**
 * Sentences, English and Swedish, for every reader of prose: the narrative segmenter, the entity
 * and timeline rules, Agent Mode's evidence. One abbreviation list for the whole product (legal
 * forms, titles, initials, months, Swedish "bl.a", "Kungl.", "s." …); a list's bullets start a
 * sentence too ("… certification. • In December 2022, the CPUC approved …").
 */
import { monthWords } from "@/lib/periods/months";

/** Month abbreviations ("Sept."): "May." ends a sentence. */
const MONTHS = monthWords({ abbreviated: true, full: false, title: true });
/**
 * Abbreviations a full stop does not end a sentence after: "Inc.", "Fig. 3", "pp. 12"; Swedish
 * too: "Kungl. Maj:t" (the King in Council), "nr. 5", "s. 12", "p. 3" (not a possessive's "s":
 * "… the company's."), "fr.o.m. 1 januari", "t.o.m. 30 juni", "ca. 5", "bet. 2029/30:FiU1".
 */
const ABBREVIATIONS = new RegExp(String.raw`(?:\b(?:Inc|Co|Corp|Ltd|Nos?|Mr|Mrs|Ms|Dr|Jr|Sr|St|vs|approx|${MONTHS}|U\.S|e\.g|i\.e|etc|Fig|fig|pp|Vol|Ref|t\.ex|bl\.a|s\.k|m\.m|dvs|resp|jfr|kap|prop|dir|Dir|Kungl|nr|fr\.o\.m|t\.o\.m|ca|bet|enl|avsn)|(?<!['’])\b[sp]|\b\p{Lu})\.$`, "u");

/** Whether a text ends with an abbreviation's full stop ("Inc.", "t.ex.", "R."), which ends no sentence. */
export function endsWithAbbreviation(text: string): boolean {
  // the last characters suffice: every abbreviation is shorter, and a long text is not scanned whole
  return ABBREVIATIONS.test(text.slice(-16));
}

/** Splits a paragraph at sentence ends, not at abbreviations ("Inc.", "U.S.", "t.ex.") or initials. */
export function splitSentences(paragraph: string): string[] {
  const out: string[] = [];
  let start = 0;
  const re = /[.!?]["”’)]?\s+(?=["“(]?[\p{Lu}\d])/gu;
  for (let m = re.exec(paragraph); m; m = re.exec(paragraph)) {
    const end = m.index + m[0].trimEnd().length;
    const head = paragraph.slice(start, end);
    if (endsWithAbbreviation(head.replace(/["”’)]+$/, ""))) continue;
    out.push(head.trim());
    start = m.index + m[0].length;
  }
  const rest = paragraph.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/** The first full stop of a text that ends a sentence (before a capital or the text's end, after no abbreviation), or -1. */
export function firstSentenceEnd(text: string): number {
  for (const m of text.matchAll(/\.(?=\s+\p{Lu}|\s*$)/gu)) if (!endsWithAbbreviation(text.slice(0, m.index + 1))) return m.index;
  return -1;
}

/** Sentences of a text whose whitespace is already collapsed (canonical). */
export function sentencePieces(text: string): string[] {
  return text.split(/\s(?=[•●▪◦]\s)/u).flatMap((item) => splitSentences(item));
}

/** The sentences of a text whose whitespace is already collapsed (canonical), with their offsets in it. */
export function sentencesWithOffsets(text: string): Array<{ text: string; start: number }> {
  const out: Array<{ text: string; start: number }> = [];
  let cursor = 0;
  for (const piece of sentencePieces(text)) {
    const at = text.indexOf(piece, cursor);
    if (at < 0) continue;
    out.push({ text: piece, start: at });
    cursor = at + piece.length;
  }
  return out;
}
