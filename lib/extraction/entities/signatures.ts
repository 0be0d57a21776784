/**
 * Officers who sign an annual report, read from its signature page ("/s/ Name", then the capacity
 * in which each signs): a filing whose Part III refers to the proxy statement names its chief
 * executive, financial and accounting officers only there. Layouts differ by filer:
 * - "/s/ Dana R. Lee   Chairman and Chief Executive Officer (Principal Executive Officer)" on one line;
 * - "/S/ DANA R. LEE" over "Dana R. Lee" over the capacity and the date;
 * - the capacity above the printed name ("Chief Financial Officer" / "(Principal Financial Officer)" / "Dana R. Lee");
 * - "/s/ A /s/ B" in two columns, then "A – Title  B – Title".
 * A signer who signs as a director only is left out: the tool reads officers. The certifications of the
 * principal executive and financial officers filed with the report are read the same way, after it.
 */
import type { ExtractionPage } from "../types";
import { cleanTitle, isOfficerTitle, leadingName } from "./officer-lines";
import { monthWords } from "@/lib/periods/months";

export interface SignedOfficer { name: string; title: string; page: number; start: number; end: number; /** The report's signature page, or an officer's certification filed with it. */ signs: "report" | "certification" }

const SIGNATURES_PAGE = /\bsigned (?:below )?by the following persons\b|\bin the capacities (?:and on the dates? )?indicated\b/i;
/** "I, Dana R. Lee, certify that:" (the certifications of the principal executive and financial officers). */
const CERTIFICATION_PAGE = /\bI,\s+\p{Lu}[^,\n]{2,60},\s+certify\b|\bhereby certif(?:y|ies)\b/u;
const SLASH_S = /\/\s*s\s*\/\s*/gi;
const MONTHS = monthWords({ title: true });
const DATE = new RegExp(String.raw`\b(?:${MONTHS})\s+\d{1,2},\s*\d{4}|\b\d{1,2}/\d{1,2}/\d{2,4}\b`, "g");
/** "(Principal Executive Officer)", "(principal financial and accounting officer)": the capacity's last part. */
const DESIGNATION = /\((?:principal|chief)\b[^)]*\)/i;
const MAX_LINES = 4;

const letters = (s: string) => s.replace(/[^\p{L}]/gu, "").toUpperCase();

/**
 * A name in capitals whose text layer reads a few letters in lower case ("SAFrA A. CATz": glyphs the font maps
 * to the lower-case letter): words starting with a capital, most of each word's letters capitals, two words at
 * least; the name as printed under it is matched by its letters, whatever their case.
 */
function capsMisread(line: string): [string] | null {
  const m = /^(?:\p{Lu}[\p{L}.’'-]*\.?[ \t]?)+/u.exec(line);
  if (!m) return null;
  const words: string[] = [];
  for (const w of m[0].trim().split(/\s+/)) {
    const ls = w.replace(/[^\p{L}]/gu, "");
    const upper = ls.replace(/[^\p{Lu}]/gu, "").length;
    if (!ls || upper < ls.length * 0.6 || (ls.length > 1 && upper < 2)) break;
    words.push(w);
  }
  const lower = words.join("").replace(/[^\p{Ll}]/gu, "").length;
  if (words.length < 2 || !lower || lower > 3) return null;
  return [words.join(" ")];
}

/** The signer's name after "/s/": in capitals ("ALBERT B. LEE", even split "A LBERT") or as printed. */
function signedName(rest: string): { key: string; name?: string; end: number } | null {
  const line = rest.split("\n")[0]!;
  const strict = /^(?:[\p{Lu}][\p{Lu}.’'-]*\.?\s?)+(?=\s|$)/u.exec(line);
  const misread = capsMisread(line);
  // (the strict run stops at a misread word: "WILLIAM" of "WILLIAM COrEY WEST")
  const useMisread = !!misread && (!strict || misread[0].length > strict[0].trim().length);
  const caps = useMisread ? misread : strict;
  if (caps && letters(caps[0]).length >= 5 && (!/\p{Ll}/u.test(caps[0]) || useMisread)) {
    let text = caps[0];
    // "DANA R. LEE Director": stop before a word that starts the capacity in capitals
    const cut = /\s(?:DIRECTOR|CHIEF|PRESIDENT|CHAIRMAN|EXECUTIVE|SENIOR|VICE)\b/.exec(text);
    if (cut) text = text.slice(0, cut.index);
    return { key: letters(text), end: text.trimEnd().length };
  }
  const lead = leadingName(line);
  return lead ? { key: letters(lead.name), name: lead.name, end: lead.end } : null;
}

/** The name as printed in mixed case within `text`, whose letters are `key` (the "/S/ CAPITALS" signer). */
function printedName(text: string, key: string): { name: string; at: number } | null {
  for (const m of text.matchAll(/(?:\p{Lu}\.\s*)?\p{Lu}[\p{Ll}’'-]+(?:[ \t]+(?:\p{Lu}\.|\p{Lu}[\p{L}’'-]*\p{Ll}[\p{L}’'-]*|II|III|IV|Jr\.))+/gu)) {
    const words = m[0].split(/\s+/);
    // the name may be glued to what precedes it ("2018Reed Hastings"): try every tail
    for (let i = 0; i < words.length - 1; i++) {
      const cand = words.slice(i).join(" ");
      if (letters(cand) === key) return { name: cand, at: m.index! + m[0].indexOf(cand) };
    }
  }
  return null;
}

/** The capacity in `window` (the text after the signer's name up to the next signature), without names and dates. */
function capacityOf(window: string, names: string[]): { title: string; used: number } {
  const lines: Array<{ text: string; end: number }> = [];
  let pos = 0;
  for (const raw of window.split("\n")) {
    let t = raw.replace(/(\d)(?=\p{Lu})/gu, "$1 ").replace(DATE, " ");
    for (const n of names) t = t.split(n).join(" ");
    t = t.replace(/\b(?:Date|Signature|Title|Capacity)\b:?/g, " ").replace(/\s+/g, " ").trim();
    pos += raw.length + 1;
    if (t) lines.push({ text: t, end: pos - 1 });
    if (lines.length >= MAX_LINES) break;
  }
  if (!lines.length) return { title: "", used: 0 };
  const joined = lines.map((l) => l.text).join(" ");
  const d = DESIGNATION.exec(joined);
  if (d) {
    let upto = d.index + d[0].length;
    let used = 0;
    for (let acc = 0, k = 0; k < lines.length; k++) {
      acc += lines[k]!.text.length + 1;
      used = lines[k]!.end;
      if (acc >= upto) break;
    }
    upto = Math.min(upto, joined.length);
    return { title: joined.slice(0, upto), used };
  }
  let title = lines[0]!.text;
  let used = lines[0]!.end;
  for (let k = 1; k < lines.length && /(?:\b(?:and|of)|,|&)$/.test(title); k++) {
    title = `${title} ${lines[k]!.text}`;
    used = lines[k]!.end;
  }
  return { title, used };
}

/** "Dana R. Lee – Chief Financial Officer   Alex Morgan – Director": the capacity printed after the name and a dash. */
function dashedCapacity(text: string, name: string): { title: string; at: number; end: number } | null {
  const at = text.indexOf(`${name} `);
  if (at < 0) return null;
  const m = /^\s*[–—-]\s*([^\n]+)(?:\n([^\n]+))?/.exec(text.slice(at + name.length));
  if (!m) return null;
  let title = m[1]!;
  const other = /\s(?:\p{Lu}[\p{L}.’'-]*\s+){1,4}[–—]\s/u.exec(title);
  if (other) title = title.slice(0, other.index);
  else if (m[2] && /(?:\band|,)\s*$/.test(title)) title = `${title} ${m[2].split(/\s(?:\p{Lu}[\p{L}.’'-]*\s+){1,4}[–—]\s/u)[0]}`;
  return { title: title.trim(), at, end: at + name.length + m[0].indexOf(m[1]!) + title.length };
}

/** Officers who sign the report, from its signature pages, with the capacity each signs in. */
export function readSignedOfficers(pages: ExtractionPage[]): SignedOfficer[] {
  const out: SignedOfficer[] = [];
  for (const page of pages) {
    const text = page.text;
    const signs = SIGNATURES_PAGE.test(text) ? "report" : CERTIFICATION_PAGE.test(text) ? "certification" : null;
    if (!signs || !/\/\s*s\s*\//i.test(text)) continue;
    const marks = [...text.matchAll(SLASH_S)];
    const lineOf = (at: number) => text.lastIndexOf("\n", at);
    const signedNames = marks.map((m) => signedName(text.slice(m.index! + m[0].length))?.name).filter((n): n is string => !!n);
    marks.forEach((m, i) => {
      const after = m.index! + m[0].length;
      const signed = signedName(text.slice(after));
      if (!signed) return;
      const nextMark = marks[i + 1]?.index ?? text.length;
      const windowStart = after + signed.end;
      const window = text.slice(windowStart, nextMark);
      const printed = signed.name ? { name: signed.name, at: after } : printedName(window, signed.key);
      if (!printed) return;
      const dashed = dashedCapacity(text, printed.name);
      // signatures printed in two columns ("/s/ A   /s/ B", then both capacities on one line): only "A – Title" reads
      const twoColumns = marks.some((o, j) => j !== i && lineOf(o.index!) === lineOf(m.index!));
      if (!dashed && twoColumns) return;
      const cap = dashed ?? (() => {
        const c = capacityOf(window, [printed.name, printed.name.toUpperCase()]);
        return { title: c.title, at: m.index!, end: windowStart + c.used };
      })();
      const title = cleanTitle(cap.title.replace(/^[–—,:\s-]+/, ""));
      // a capacity that names another signer is read across two signatures
      // one reading per person: the report's signature page before a certification
      const known = out.findIndex((o) => o.name === printed.name);
      // …unless the later reading adds the office's designation the first lacked ("By: /s/ Name" over a title, then the
      // signature table's "Title (Principal Financial Officer)")
      const designates = known >= 0 && signs === "report" && DESIGNATION.test(title) && !DESIGNATION.test(out[known]!.title);
      if (!isOfficerTitle(title) || signedNames.some((n) => n !== printed.name && title.includes(n)) || (known >= 0 && !designates && (out[known]!.signs === "report" || signs === "certification"))) return;
      if (known >= 0) out.splice(known, 1);
      const nameEnd = signed.name ? after + signed.end : windowStart + printed.at + printed.name.length;
      out.push({ name: printed.name, title, page: page.pageNumber, start: Math.min(m.index!, cap.at), end: Math.max(cap.end, nameEnd), signs });
    });
  }
  return out;
}
