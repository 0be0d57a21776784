/**
 * Abbreviations a filing defines for its own parts and figures: "Network and Edge (NEX)", "Boeing
 * Global Services (BGS)". The words before "(NEX)" that the abbreviation stands for are the run of
 * capitalised words (joined by "and", "of", "&", commas) ending right before it, opened by a word
 * with the abbreviation's first letter (or the company's initial it adds), less the company's name. Read from the deal's pages when a tool
 * meets a word its labels do not hold, so the deal's own vocabulary answers what initials cannot.
 */
import type { Queryable } from "@/lib/db";
import { findPagesDefining } from "@/lib/db/queries/pages";

/**
 * Where a text defines the abbreviation, as filings print it: "Network and Edge (NEX)", "(“FFO”)",
 * "Funds from Operations, or FFO,". The source of a pattern the database runs too (POSIX: `\\M` ends a word).
 */
export function definitionMarkSource(term: string, wordEnd = "\\b"): string {
  return String.raw`\(["“]?${term}["”]?\)|,\s+or\s+${term}${wordEnd}`;
}
const definitionMark = (term: string) => new RegExp(definitionMarkSource(term));

/** Words joining a name's words, which its initials skip ("Data Center and AI" → DCAI). */
export const JOINING = new Set(["and", "of", "the", "for", "&"]);
/** Small words a defined name may hold between its capitalised words ("Funds from Operations", "Revenue per Available Room"). */
const INNER = new Set([...JOINING, "from", "to", "in", "on", "per", "at"]);

/**
 * Each run of a text's words (up to seven) with its initials, joining words skipped and an
 * initialism inside the run kept whole ("Data Center and AI" → dcai, "Amazon Web Services" → aws).
 */
export function initialisms(text: string): Array<{ key: string; phrase: string }> {
  const printed = text.match(/[\p{L}\p{N}&]+/gu) ?? [];
  const words = printed.map((w) => w.toLowerCase());
  const letters = printed.map((w) => (/^\p{Lu}{2,4}$/u.test(w) ? w.toLowerCase() : w[0]!.toLowerCase()));
  const out: Array<{ key: string; phrase: string }> = [];
  for (let i = 0; i < words.length; i++) {
    if (JOINING.has(words[i]!)) continue;
    for (let j = i + 1; j < Math.min(words.length, i + 7); j++) {
      if (JOINING.has(words[j]!)) continue;
      const run = words.slice(i, j + 1);
      out.push({ key: letters.slice(i, j + 1).filter((_, k) => !JOINING.has(run[k]!)).join(""), phrase: run.join(" ") });
    }
  }
  return out;
}

/** The words `term` stands for in `text` ("Network and Edge" for NEX), undefined when no definition is printed. */
export function definitionIn(text: string, term: string, company?: string): string | undefined {
  const at = text.search(definitionMark(term));
  if (at < 0) return undefined;
  const before = text.slice(Math.max(0, at - 120), at).replace(/\s+/g, " ").trim().split(" ");
  const run: string[] = [];
  for (let i = before.length - 1; i >= 0 && run.length < 7; i--) {
    const w = before[i]!.replace(/[,;:]$/, "");
    if (/^\p{Lu}/u.test(w) || (INNER.has(w.toLowerCase()) && run.length)) run.unshift(w);
    else break;
  }
  while (run.length && INNER.has(run[0]!.toLowerCase())) run.shift();
  // opened by the abbreviation's first letter, or by the company's initial it leaves out ("Global Services (BGS)" at Boeing);
  // the company's own name before a part is the company's
  const own = new Set((company ?? "").toLowerCase().replace(/^\s*the\s+/, "").split(/[^\p{L}]+/u).filter((w) => w.length > 2));
  const initial = [...own][0]?.[0];
  const opened = run.findIndex((w) => w[0]!.toLowerCase() === term[0]!.toLowerCase());
  const start = opened >= 0 ? opened : initial === term[0]!.toLowerCase() ? 0 : -1;
  if (start < 0) return undefined;
  const words = run.slice(start);
  while (words.length > 1 && own.has(words[0]!.toLowerCase())) words.shift();
  return words.length >= 2 ? words.join(" ") : undefined;
}

/** The definition of an abbreviation the deal's documents print, lower case; undefined when none does. */
export async function definedTerm(db: Queryable, dealId: string, documentIds: string[], term: string, company?: string): Promise<string | undefined> {
  if (!/^[A-Z][A-Z0-9&]{1,5}$/.test(term) || !documentIds.length) return undefined;
  for (const p of await findPagesDefining({ db, dealId, documentIds, pattern: definitionMarkSource(term, "\\M") })) {
    const found = definitionIn(p.text, term, company);
    if (found) return found.toLowerCase();
  }
  return undefined;
}
