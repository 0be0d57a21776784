/**
 * Said when no evidence fits: what was searched, with the closest rows and passages shown as
 * evidence, never as the answer.
 */
import type { Concept } from "../../concepts/catalog";
import type { LineItemRow } from "../../evidence/line-items";
import type { Passage } from "../../evidence/passages";
import type { Reading } from "../../reader/read";
import { periodWord } from "./shared";
import { sameKind } from "./pick-row";

/** A passage shown as the closest evidence: its page and its opening words. */
export const closestPassage = (p: Passage) => `- passage on ${p.citation.replace(/^\(source: |\)$/g, "")}: "${p.text.replace(/\s+/g, " ").slice(0, 160)}…"`;

/** What was searched for a person the documents do not name in that role, with the closest passages. */
export function writePersonNotFound(c: Concept, passages: Passage[], company?: string): string {
  const lines = [`I couldn't find who the ${c.label.toLowerCase()}${company ? ` of ${company}` : ""} is in the documents. I looked in the officer lists, signatures and certifications, and for passages naming the role.`];
  const closest = passages.slice(0, 2).map(closestPassage);
  if (closest.length) lines.push("Closest evidence (not an answer to the question as asked):", ...closest);
  lines.push("Would you like me to add this question to the Q&A list?");
  return lines.join("\n");
}

/** Nothing fits: say what was searched and show the closest evidence, with links, instead of a guess. */
export function writeNotFound(c: Concept, r: Reading, rows: LineItemRow[], passages: Passage[], company?: string, answered: string[] = []): string {
  const when = r.periods.length ? ` for ${r.periods.map(periodWord).join(", ")}` : "";
  const lines = [
    `I couldn't find a stated ${r.scope ? `${r.scope} ` : ""}${c.label.toLowerCase()}${when}${company ? ` for ${company}` : ""} in the documents. I looked for table rows and statement lines named "${r.scope ? `${r.scope} ` : ""}${c.rowWords?.[0] ?? c.terms[0]}" and for passages stating it${r.scope ? "; the company's total is not that figure" : ""}.`,
  ];
  const closest = [
    ...answered,
    // (a row of another kind, money for a count, is no evidence of it)
    ...rows.filter((x) => sameKind(c, x)).slice(0, 3).map((x) => `- row "${x.label}"${x.table?.title ? ` in "${x.table.title}"` : ""} ${x.citation}`),
    ...passages.slice(0, 2).map(closestPassage),
  ];
  if (closest.length) lines.push("Closest evidence (not an answer to the question as asked):", ...closest);
  lines.push("Would you like me to add this question to the Q&A list?");
  return lines.join("\n");
}
