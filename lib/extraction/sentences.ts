/**
 * Sentences for the entity and timeline rules, split by the narrative reader's `splitSentences`
 * (one abbreviation list for the whole product: legal forms, titles, initials, months, Swedish
 * "bl.a", "Kungl.", "s." …); a list's bullets start a sentence too ("… certification. • In
 * December 2022, the CPUC approved …").
 */
import { splitSentences } from "@/lib/answers/narrative/segment";

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
