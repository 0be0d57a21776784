/**
 * Officer lists read line by line, where the page text holds no cell gaps to split a table by:
 * - "Dana R. Lee 58 President and Chief Executive Officer since May 2019. Mr. Lee …" (name, age, title
 *   as the first sentence of a biography, wrapped over lines);
 * - "Dana R. Lee" alone on a line, then "58 President and Chief Executive Officer since …";
 * - "Dana R. Lee Senior Vice President and Chief Financial Officer" as a short heading line over a
 *   biography paragraph (the age, if any, printed at its end).
 * And the person's name at the start of a line as officer lists and signature blocks print it.
 */
import { looksLikePersonName } from "./names";
import { monthWords } from "@/lib/periods/months";
import { firstSentenceEnd } from "../sentences";

/** Words a title starts with: a person's name stops before them ("Dana R. Lee Senior Vice President"). */
export const TITLE_START = /^(?:Chief|President|Senior|Executive|Exec\.|Vice|Chair(?:man|woman|person)?|General|Corporate|Group|Director|Treasurer|Controller|Secretary|Principal|Managing|Global|Interim|Acting|Retired|Former|Head|Founder|Co-Founder|Deputy|Assistant|Lead|Officer|Partner|Member|Attorney|Age|Since|By|Title|Signature|Date|Name)$/;
const NAME_PART = /^(?:\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}?[\p{Ll}'’]+)*|\p{Lu}[\p{Ll}]*['’]\p{Lu}[\p{Ll}]+|\p{Lu}\.|Mc\p{Lu}[\p{Ll}]+|Mac\p{Lu}[\p{Ll}]+)$/u;
const SUFFIX = /^(?:Jr\.?|Sr\.?|II|III|IV)$/;
const TITLE_WORD = /\b(?:Chief|President|Officer|Chair(?:man|woman|person)?|Vice|Counsel|Secretary|Treasurer|Controller|CEO|CFO|COO|CTO|Head|Executive|General Manager|Partner)\b/;
const MONTHS = monthWords({ title: true });
/** "since January 2020", "from May 2010 to …", "effective March 1, 2021": dates in a title, not part of it. */
const DATED = new RegExp(String.raw`\s*,?\s+(?:since|from|effective|until|through)\s+(?:(?:${MONTHS})\s+)?(?:\d{1,2},\s*)?(?:19|20)\d\d(?:\s+(?:to|until|through)\s+(?:(?:${MONTHS})\s+)?(?:19|20)\d\d)?`, "g");

export interface LeadingName { name: string; end: number }

/** The person's name a line starts with (2–5 name words, a "Jr." after a comma), stopping before a title word or an age. */
export function leadingName(line: string): LeadingName | null {
  const words = [...line.matchAll(/\S+/g)];
  const parts: string[] = [];
  let end = 0;
  for (const w of words) {
    const t = w[0];
    if (TITLE_START.test(t.replace(/[,:]$/, "")) || parts.length >= 5) break;
    const bare = t.replace(/,$/, "");
    if (parts.length >= 2 && SUFFIX.test(bare)) { parts.push(bare); end = w.index! + t.length; break; }
    if (!NAME_PART.test(bare)) break;
    parts.push(bare);
    end = w.index! + bare.length;
    // "Bayne, Jr.": a comma may only lead to a suffix
    if (t.endsWith(",")) {
      const next = words[words.indexOf(w) + 1]?.[0]?.replace(/,$/, "");
      if (!next || !SUFFIX.test(next)) break;
    }
  }
  const core = parts.filter((p) => !SUFFIX.test(p));
  if (core.length < 2 || !looksLikePersonName(core.join(" "))) return null;
  return { name: parts.join(" ").replace(/ (Jr\.?|Sr\.?|II|III|IV)$/, ", $1"), end };
}

/** A printed title as an officer's role: its first sentence, without dates, trimmed. */
export function cleanTitle(raw: string): string {
  let t = raw.replace(/\s+/g, " ").trim();
  const stop = firstSentenceEnd(t);
  if (stop >= 0) t = t.slice(0, stop);
  // a biography run on after the title ("… Officer Mr. Lee joined …"), a column of years with the company ("… Officer 17")
  t = t.replace(/\s+(?:Mr|Ms|Mrs|Dr)\.\s.*$/, "").replace(DATED, "").replace(/\s+\d{1,2}$/, "");
  t = t.replace(/\s+(?:since|from)\s*$/i, "").replace(/[,;:\s—–-]+$/, "").trim();
  if (t.length > 140) {
    const cut = t.slice(0, 140);
    t = cut.slice(0, Math.max(cut.lastIndexOf(","), cut.lastIndexOf(" and "))).trim() || cut;
  }
  return t;
}

export function isOfficerTitle(title: string): boolean {
  return TITLE_WORD.test(title) && /^\p{Lu}/u.test(title) && !/^(?:Mr|Ms|Mrs|Dr)\.?\s/.test(title);
}

export interface LineOfficer { name: string; title: string; age?: number; start: number; end: number }

interface Line { text: string; start: number }

function linesOf(text: string, from: number, to: number): Line[] {
  const out: Line[] = [];
  let pos = from;
  for (const l of text.slice(from, to).split("\n")) {
    out.push({ text: l, start: pos });
    pos += l.length + 1;
  }
  return out;
}

/** The title with its wrapped lines, up to the end of its first sentence (at most three more lines). */
function titleFrom(lines: Line[], i: number, head: string): { title: string; end: number } {
  let raw = head;
  let end = lines[i]!.start + lines[i]!.text.length;
  for (let k = i + 1; k <= i + 3 && k < lines.length && firstSentenceEnd(raw) < 0; k++) {
    const next = lines[k]!.text.trim();
    if (!next || leadingName(next)) break;
    raw = `${raw} ${next}`;
    end = lines[k]!.start + lines[k]!.text.length;
  }
  return { title: cleanTitle(raw), end };
}

/** Officers printed one per line (with or without their age) in text[from, to). */
export function officersInLines(text: string, from: number, to: number): LineOfficer[] {
  const lines = linesOf(text, from, to);
  const out: LineOfficer[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.text.replace(/\|/g, " ");
    const lead = leadingName(line.trimStart());
    if (!lead) continue;
    const indent = line.length - line.trimStart().length;
    const rest = line.slice(indent + lead.end).trim();
    const start = lines[i]!.start + indent;
    let age: number | undefined;
    let got: { title: string; end: number } | undefined;
    const aged = /^(?<age>[2-9]\d)(?:\s+(?<title>\S.*))?$/.exec(rest);
    if (aged) {
      age = Number(aged.groups!.age);
      got = aged.groups!.title ? titleFrom(lines, i, aged.groups!.title) : undefined;
    } else if (!rest) {
      // the name alone; the age and title on the next line
      const next = lines[i + 1]?.text.trim() ?? "";
      const m = /^(?<age>[2-9]\d)\s+(?<title>\S.*)$/.exec(next);
      if (m) { age = Number(m.groups!.age); got = titleFrom(lines, i + 1, m.groups!.title!); }
    } else if (rest.length <= 150 && !/\d/.test(rest) && !/\.\s*$/.test(rest) && !/\b(?:is|was|has|had|served|joined|serves)\b/.test(rest)) {
      // a heading line over a biography: the rest of the line is the title, and the next line when it goes on ("… Officer —" / "Airline and International")
      const next = lines[i + 1]?.text.trim() ?? "";
      // (a title never ends on "and" or a dash, so the next line is its end even when it reads like a name: "Freight Division")
      const goesOn = /(?:\b(?:and|of)|[,&—–-])$/.test(rest) && next.length > 0 && next.length <= 80 && !/\d/.test(next);
      got = { title: cleanTitle(goesOn ? `${rest} ${next}` : rest), end: lines[goesOn ? i + 1 : i]!.start + lines[goesOn ? i + 1 : i]!.text.length };
    }
    if (!got || !isOfficerTitle(got.title) || out.some((o) => o.name === lead.name)) continue;
    out.push({ name: lead.name, title: got.title, ...(age ? { age } : {}), start, end: got.end });
  }
  return out;
}
