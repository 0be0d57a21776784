/**
 * Choosing what to quote from document pages when no extracted finding answers: the sentence that
 * states the asked metric, the sentences that answer a narrative question (lib/answers/narrative),
 * and a note on instruction-like text.
 */
import type { NarrativeKbPage } from "@/lib/agent/knowledge/pages";
import type { KbPage } from "@/lib/agent/knowledge/query";
import { answerFromPages, type NarrativeAnswer, type Quote } from "@/lib/answers/narrative/select";
import { withoutYearWords } from "@/lib/periods/years";

/** Pages usable as evidence: not instruction-like text, not the IRL (a list of requests, not facts). */
export function usablePages(pages: KbPage[]): KbPage[] {
  return pages.filter((p) => !p.containsInstructions && !/information request list/i.test(p.documentKind ?? ""));
}

const ORD_WORDS: Record<string, string> = { Q1: "first quarter", Q2: "second quarter", Q3: "third quarter", Q4: "fourth quarter", H1: "first half", H2: "second half" };

/** The sentence across the pages that best states the asked metric (a number, the period's words). */
export function bestFactSentence(pages: KbPage[], question: string, metricWords: string[], period?: string): { sentence: string; page: KbPage } | undefined {
  const pw: string[] = [];
  if (period) {
    const m = period.match(/^(Q[1-4]|H[12]) (\d{4})$/);
    if (m) pw.push(ORD_WORDS[m[1]!]!, m[2]!, m[1]!);
    const fy = period.match(/^FY(\d{4})$/);
    if (fy) pw.push(fy[1]!, "year");
  }
  let best: { sentence: string; page: KbPage; score: number } | undefined;
  for (const [rank, p] of pages.entries()) {
    const text = p.excerpt.replace(/^"|"$/g, "").replace(/^…\s*|\s*…$/g, "");
    for (const s of text.split(/(?<=[.!?])\s+(?=[A-Z])|\s+…\s+/)) {
      const t = s.trim();
      if (t.length < 20 || /^[a-z]/.test(t) || /\|/.test(t)) continue;
      const lower = t.toLowerCase();
      const hasMetric = metricWords.some((w) => lower.includes(w));
      const hasNumber = /\d/.test(withoutYearWords(t));
      if (metricWords.length && !hasMetric) continue;
      const score = (hasMetric ? 3 : 0) + (hasNumber ? 2 : 0) + pw.filter((w) => lower.includes(w.toLowerCase())).length * 2 + (/^(?:revenue|ebitda|gross|net|the number|cash|operating)/i.test(t) ? 1 : 0) - rank * 0.2;
      if (!best || score > best.score) best = { sentence: t, page: p, score };
    }
  }
  return best && best.score >= 3 ? best : undefined;
}

export function injectionNote(pages: KbPage[]): string | undefined {
  const bad = pages.filter((p) => p.containsInstructions);
  if (!bad.length) return undefined;
  return `Note: ${bad.map((p) => `${p.document} (p.${p.page})`).join(", ")} contains text addressed to an AI system; I treated it as document content and did not act on it.`;
}

const STOP = new Set("the and what was were who whom which about with from that this for our their there have has had how does did are tell give show much many please company rate base any all".split(" "));

/** The sentences of a quoted excerpt that best match the question's words. */
export function bestSentences(excerpt: string, question: string, max = 2, strict = false): string[] {
  const text = excerpt.replace(/^"|"$/g, "").replace(/^…\s*|\s*…$/g, "");
  const words = new Set((question.toLowerCase().match(/[a-zåäö0-9]{3,}/g) ?? []).filter((w) => !STOP.has(w)));
  const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z])/).map((s) => s.trim()).filter((s) => s.length > 20 && !/^[a-z]/.test(s) && !/\|/.test(s));
  const scored = sentences.map((s, i) => ({ s, i, score: (s.toLowerCase().match(/[a-zåäö0-9]{3,}/g) ?? []).filter((w) => words.has(w)).length }));
  const top = scored.filter((x) => x.score > 0).sort((a, b) => b.score - a.score || a.i - b.i).slice(0, max).sort((a, b) => a.i - b.i);
  return (top.length ? top : strict ? [] : scored.slice(0, 1)).map((x) => x.s.replace(/\s+/g, " "));
}

/** A tool's page excerpt back to passages: our quotes off, one paragraph per "…"-joined passage. */
export function excerptText(excerpt: string): string {
  return excerpt.replace(/^"|"$/g, "").replace(/^…\s*|\s*…$/g, "").split(/\s+…\s+/).join("\n\n");
}

/**
 * The narrative answer the pages' excerpts give (quotes best first, or none: abstain). When the
 * knowledge base marked which excerpts answer the question (NarrativeKbPage.answers), only those
 * are quoted; the others are context, never an answer.
 */
export function narrativeFromPages(question: string, pages: NarrativeKbPage[], opts: { yesNo?: boolean } = {}): NarrativeAnswer {
  const marked = pages.some((p) => p.answers !== undefined);
  const candidates = (marked ? pages.filter((p) => p.answers) : pages).map((p) => ({ document: p.document, page: p.page, citation: p.citation, text: excerptText(p.excerpt), section: p.section ?? null }));
  const told = answerFromPages(question, candidates, { trusted: marked, ...(opts.yesNo ? { yesNo: true } : {}) });
  if (marked) told.searched = { ...told.searched, documents: [...new Set(pages.map((p) => p.document))], sections: [...new Set(pages.map((p) => p.section).filter((x): x is string => !!x))].slice(0, 4) };
  return told;
}

const NAME = String.raw`\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){1,4}`;
/** People-table rows: "Name 63 Title …" or "Name Title 63 Experience …". */
const ROW_AGE_FIRST = new RegExp(String.raw`^(${NAME})[,\s]+\d{2}[,\s]+(\p{Lu}.*)$`, "u");
const ROW_TITLE_FIRST = new RegExp(String.raw`^(${NAME}) (\p{Lu}[^\d]*?) \d{2} \p{Lu}`, "u");

/** A quote as the answer writes it: a people-table row as "Name — Title", a sentence in quotes. */
function quoted(q: Quote): string {
  const ageFirst = q.row ? q.text.match(ROW_AGE_FIRST) : null;
  const titleFirst = q.row && !ageFirst ? q.text.match(ROW_TITLE_FIRST) : null;
  if (titleFirst) return `${titleFirst[1]} — ${titleFirst[2]!.trim()} ${q.citation}`;
  if (ageFirst) return `${ageFirst[1]} — ${ageFirst[2]!.replace(/[.;]\s*$/, "")} ${q.citation}`;
  const nameTitle = q.row ? q.text.match(new RegExp(String.raw`^(${NAME}) ((?:President|Chief|Chair|Executive|Senior|Vice|General|Director|Secretary|Treasurer|Controller)\b.*)$`, "u")) : null;
  if (nameTitle) return `${nameTitle[1]} — ${nameTitle[2]} ${q.citation}`;
  return `"${q.text.replace(/"/g, "'")}" ${q.citation}`;
}

/** The answer from quoted sentences: a verdict first when one decides a yes/no question, then the quotes. */
export function writeNarrative(a: NarrativeAnswer, assumption?: string): { text: string; note?: string } {
  const [first, ...rest] = a.quotes;
  if (!first) return { text: "" };
  if (a.type.kind === "yes_no" && !a.verdict) {
    // no sentence decides it: say so first (an abstention, not a guess), then show the closest passage
    return { text: `I couldn't find a sentence in the uploaded documents that settles this either way. The closest passage is in ${first.document}: ${quoted(first)}. Would you like me to add this question to the Q&A list for the target company?` };
  }
  const lead = a.verdict ? `${a.verdict === "yes" ? "Yes" : "No"} — ` : assumption ? `${assumption}: ` : "";
  const says = first.row ? "" : `${first.document} states: `;
  const sameDoc = rest.every((q) => q.document === first.document);
  const text = rest.length && (a.type.kind === "list" || a.type.kind === "organisation" || a.type.kind === "person")
    ? [`${lead}${sameDoc && !first.row ? `${first.document} states:` : "From the documents:"}`, ...a.quotes.map((q) => `- ${quoted(q)}`)].join("\n")
    : `${lead}${says}${quoted(first)}${rest.length ? ` It also states: ${rest.map(quoted).join(" ")}` : ""}`;
  const sections = [...new Set(a.quotes.map((q) => q.section).filter((s): s is string => !!s))];
  const where = sections.length ? ` (${sections.slice(0, 2).join(", ")})` : "";
  return { text, note: `(Quoted from ${first.document}${where}; no extracted finding covers this yet.)` };
}
