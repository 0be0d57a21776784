/** Reading sources: document versions, figures in snippets, and search queries made from the request. */
import { versionInfo } from "@/lib/ingest/metadata";
import { stripInstructions } from "@/lib/search/query-understanding";
import { contentWords, words } from "@/lib/agent/mode/text";

export function searchQuery(topic: string): string {
  return topic.replace(/\s+/g, " ").trim().slice(0, 200);
}

/** Words about the process, not the subject: never worth searching for. */
const PROCESS_WORDS = new Set(
  words("use using newest latest most recent dated document documents source sources open opened quote quoted exact exactly figure figures number search searches separate separately cite citation citations say state insufficient documentation least produce give provide answer question find tell show please verbatim one two three then also from data room använd senaste nyaste daterade dokument dokumentet källa källor öppna citera exakt siffra sök sökning sökningar ange otillräcklig dokumentation minst svara"),
);

export function questionQuery(question: string): string {
  const stripped = stripInstructions(question).replace(/["“”'‘’]/g, " ");
  const kept = (stripped.match(/[\p{L}\p{N}&]+/gu) ?? []).filter((w) => !PROCESS_WORDS.has(words(w)[0] ?? "") && contentWords(w).length > 0);
  const q = kept.length >= 1 ? kept.join(" ") : stripped;
  return q.replace(/\s+/g, " ").trim().slice(0, 200);
}

/**
 * The family of versions a document belongs to ("Report.pdf", "Report_CORRECTED.pdf"): the version
 * group ingest stored on the document (search_docs and open_citation carry it), else the group
 * ingest would give its filename.
 */
export function familyOf(doc: { document: string; versionGroup?: string | null }): string {
  return doc.versionGroup ?? versionInfo(doc.document).group;
}

/** Sort key of a version: date first, then the version ingest ranks from the filename (corrected/final > v3 > v2 > the original). */
export const versionKey = (doc: string, date: string | null) => `${date ?? ""}|${String(versionInfo(doc).rank).padStart(3, "0")}`;

/** A number that is not just a year: "GBP 7.3 million" or "12,300" is a figure, "August 2031." is not. */
export function hasFigure(s: string): boolean {
  return /(?<![\d.,])(?!(?:19|20)\d\d(?!\d|[.,]\d))\d[\d,.]*/.test(s);
}

export function isProseWithFigure(s: string): boolean {
  return /\d/.test(s) && (s.match(/\p{L}{3,}/gu) ?? []).length >= 5 && /\b(?:was|were|is|are|amounted|increased|decreased|grew|rose|fell|uppgick|var|ökade|minskade)\b/i.test(s);
}
