/**
 * A scale stated once for a whole notes section: "Notes to the Consolidated Financial Statements …
 * (Dollars in millions, except otherwise stated)" atop the notes' first page holds for every table
 * of the notes that states no scale of its own, until the notes end (Item 9, the auditor's report,
 * the signatures). Read page by page by the findings extractor, through the one scale reader.
 */
import { readCurrency, readScale, type StatedScale } from "@/lib/statements/scale";

export interface NotesScale {
  scale: StatedScale;
  currency?: string;
}

const NOTES_TITLE = /\bnotes to (?:the )?(?:condensed )?(?:consolidated )?financial statements\b/i;
/** The scale is the section's, stated for every table that does not say otherwise. */
const SECTION_WIDE = /\b(?:except|unless)\s+(?:as\s+)?otherwise\s+(?:stated|noted|indicated|specified)\b/i;
/** A scale caption printed as a line of its own ("(Dollars in millions, except per share data)"). */
const CAPTION_LINE = /^\s*\((?:(?:u\.\s?s\.\s)?dollars|amounts|\$)?\s*in\s+(?:thousands|millions|billions)\b[^()\n]*\)\s*$/im;
/** The first note's heading ("Note 1 – Summary of Significant Accounting Policies", "1. Basis of Presentation"). */
const FIRST_NOTE = /^\s*note\s+1\b(?!\d)|^\s*1\.\s+(?:summary|basis|organi[sz]ation|nature|description|significant|background)\b/im;
const NOTES_END = /^\s*item\s+9a?\b|report of independent registered public accounting firm|^\s*signatures?\s*$/im;

/** The first lines of a page, where a running title and the notes' own heading print. */
function head(text: string): string {
  return text.split("\n").filter((l) => l.trim()).slice(0, 8).join("\n");
}

/** The notes' scale in force on this page, given the one in force before it. */
export function notesScaleAt(text: string, before?: NotesScale): NotesScale | undefined {
  const top = head(text);
  if (NOTES_END.test(top)) return undefined;
  // "(Dollars in millions, except per share data)" on a line of its own under the notes' title, where the first note
  // begins: the section's scale too (no table stands between it and the title to own it)
  const opening = CAPTION_LINE.test(top) && FIRST_NOTE.test(text.split("\n").filter((l) => l.trim()).slice(0, 12).join("\n"));
  const scale = NOTES_TITLE.test(top) && (SECTION_WIDE.test(top) || opening) ? readScale(top) : undefined;
  if (scale) return { scale, currency: readCurrency(top) ?? (/\bdollars\b|\$/i.test(top) ? "USD" : undefined) };
  return before;
}
