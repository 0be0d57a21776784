/**
 * search_documents and open_page: document text as evidence. A search returns passages big enough
 * to answer from: the paragraph or table block around the best-matching excerpt of each page (a
 * table block keeps the header line that names its columns), with document, page, character range
 * and report section. open_page returns a whole page.
 */
import { getPageText } from "@/lib/db/queries/pages";
import { sectionsOfStoredPages } from "@/lib/search/page-sections";
import { searchPages } from "@/lib/search/search";
import { termChunkCounts } from "@/lib/db/queries/search";
import { detectLanguage } from "@/lib/search/language";
import { tokenize, type Language } from "@/lib/search/tokenize";
import { GENERIC_WORDS } from "../concepts/generic-words";
import { findConcepts, tokens } from "../concepts/match";
import { locateExcerpt } from "@/lib/extraction/citation";
import { sentencePieces } from "@/lib/extraction/sentences";
import { looksLikeInstructions } from "../guardrails/injection";
import type { SourceRegistry } from "../sources";
import { documentPeriod, isScopeError, resolveScope, type ScopeDocument, type EvidenceDeps } from "./scope";
import { yearWordsIn } from "@/lib/periods/years";

export interface Passage {
  document: string;
  /** The document's own fiscal period ("FY2022", "Q3 2024"), when known: which filing is newest. */
  period?: string;
  page: number;
  section?: string;
  /** Character range of `text` in the page text. */
  charStart: number;
  charEnd: number;
  text: string;
  citation: string;
  /** Words of the query this passage does not contain: a passage missing the words that matter does not answer. */
  missing?: string[];
}

export interface SearchDocumentsInput {
  query: string;
  company?: string;
  document?: string;
  section?: string;
  period?: string;
  k?: number;
  /** "Now" questions: the newest documents' passages first (by their fiscal period), then the rest. */
  newest?: boolean;
}

/** How many of the deal's chunks use each word of the query: a passage without the rare ones seldom answers. */
export interface Rarity {
  chunks: number;
  words: Array<{ word: string; chunks: number }>;
}

export interface SearchDocumentsOutput {
  company?: string;
  passages: Passage[];
  rarity?: Rarity;
  notes: string[];
  error?: string;
}

type Deps = EvidenceDeps;

const MAX_PASSAGE = 1400;
const MIN_PASSAGE = 400;
const COLUMN_HEADER = /\b(?:years? ended|months ended|quarter|fiscal|as of|december|june|september|march)\b/i;

/** Lines of `text` with their offsets. */
function lines(text: string): Array<{ start: number; end: number; text: string }> {
  const out: Array<{ start: number; end: number; text: string }> = [];
  let start = 0;
  for (const l of text.split("\n")) {
    out.push({ start, end: start + l.length, text: l });
    start += l.length + 1;
  }
  return out;
}

const isTableLine = (l: string) => (l.match(/\d[\d,.]*\d|\d/g) ?? []).length >= 2;
/** A table's row, not a sentence with figures in it: short, ending in no sentence mark. */
const isTableRow = (l: string) => l.trim().length < 160 && !/[.;:]$/.test(l.trim()) && (isTableLine(l) || /\d/.test(l));

/**
 * The block around offset `at`: the run of lines between blank lines (or up to MAX_PASSAGE
 * characters centred on it). A table block keeps the nearest header line above it that names
 * columns (two or more years, or "Years ended …").
 */
export function blockAround(text: string, at: number): { start: number; end: number; header?: { start: number; end: number } } {
  const ls = lines(text);
  let i = Math.max(0, ls.findIndex((l) => l.end >= at));
  let from = i;
  let to = i;
  const size = () => ls[to]!.end - ls[from]!.start;
  while (from > 0 && ls[from - 1]!.text.trim() && size() < MAX_PASSAGE / 2) from--;
  while (to < ls.length - 1 && ls[to + 1]!.text.trim() && size() < MAX_PASSAGE) to++;
  // a heading or a lone line is no passage: go on into the next block
  while (to < ls.length - 1 && size() < MIN_PASSAGE) to++;
  // a table whose rows the text layer spaces with blank lines, or a lead-in ("… as follows:") and what it
  // opens: the block goes on to the rows and items after it
  for (;;) {
    const next = ls.findIndex((l, k) => k > to && !!l.text.trim());
    const last = ls[to]!.text.trim();
    if (next < 0 || ls[next]!.end - ls[from]!.start > MAX_PASSAGE) break;
    if (!((isTableRow(last) && isTableRow(ls[next]!.text)) || /:$/.test(last))) break;
    to = next;
    while (to < ls.length - 1 && ls[to + 1]!.text.trim() && size() < MAX_PASSAGE) to++;
  }
  const block = { start: ls[from]!.start, end: ls[to]!.end };
  if (!ls.slice(from, to + 1).some((l) => isTableLine(l.text))) return block;
  const hasHeader = ls.slice(from, to + 1).some((l) => yearWordsIn(l.text).length >= 2 || COLUMN_HEADER.test(l.text));
  if (hasHeader) return block;
  for (i = from - 1; i >= Math.max(0, from - 40); i--) {
    const t = ls[i]!.text;
    if (yearWordsIn(t).length >= 2 || (COLUMN_HEADER.test(t) && t.length < 160)) return { ...block, header: { start: ls[i]!.start, end: ls[i]!.end } };
  }
  return block;
}

/**
 * Where an excerpt sits in the page text, whatever whitespace either has (the search's excerpt
 * collapses the page's line breaks): its first words, found by the citation checker's locator.
 */
export function locate(text: string, excerpt: string): number {
  const words = excerpt.replace(/[…]+/g, " ").trim().split(/\s+/).filter(Boolean).slice(0, 8);
  for (let n = words.length; n >= 3; n--) {
    const at = locateExcerpt(text, words.slice(0, n).join(" "));
    if (at) return at.start;
  }
  return 0;
}

/** Where an excerpt ends in the page text: its last words, found as `locate` finds its first; -1 when not found. */
function locateEnd(text: string, excerpt: string): number {
  const words = excerpt.replace(/[…]+/g, " ").trim().split(/\s+/).filter(Boolean).slice(-8);
  for (let n = words.length; n >= 3; n--) {
    const at = locateExcerpt(text, words.slice(-n).join(" "));
    if (at) return at.end;
  }
  return -1;
}

/**
 * The passage holding the search's excerpt: the block around its start, reaching on to the block
 * its end falls in ("… as of June 30. | Business Outlook … guidance … Revenue $2.46 - $2.52"), or the
 * block around its end alone when both together are too long to read as one passage.
 */
export function passageOf(text: string, excerpt: string): { start: number; end: number; text: string } {
  const at = locate(text, excerpt);
  const end = locateEnd(text, excerpt);
  const first = blockAround(text, at);
  const last = end > first.end ? blockAround(text, end - 1) : first;
  const b = last === first ? first : last.end - first.start <= 2 * MAX_PASSAGE ? { ...first, end: last.end } : last;
  const body = text.slice(b.start, b.end);
  const head = b.header ? `${text.slice(b.header.start, b.header.end).trim()}\n…\n` : "";
  return { start: b.start, end: b.end, text: `${head}${body}`.trim() };
}

/**
 * Document text that reads like instructions to an AI ("Ignore all previous instructions …") is
 * data, never evidence: each such sentence is marked untrusted (its numbers never count for an
 * answer) and withheld from what the model reads.
 */
export function withoutInstructions(text: string, sources: SourceRegistry): string {
  if (!looksLikeInstructions(text)) return text;
  let out = text;
  for (const sentence of sentencePieces(text.replace(/\s+/g, " "))) {
    if (!looksLikeInstructions(sentence)) continue;
    sources.markUntrusted(sentence);
    const at = locateExcerpt(out, sentence);
    if (at) out = `${out.slice(0, at.start)}[text that reads like instructions to an AI, withheld]${out.slice(at.end)}`;
  }
  return out;
}

const PART_ORDER: Record<string, number> = { Q1: 1, Q2: 2, H1: 2, Q3: 3, "9M": 3, Q4: 4, H2: 4, FY: 5 };

/** A document's place in time: its fiscal year, then its part of the year (the year's report after its quarters). */
export function recencyOf(d: Pick<ScopeDocument, "fiscalYear" | "fiscalPeriod"> | undefined): number {
  if (!d?.fiscalYear) return 0;
  return d.fiscalYear * 10 + (PART_ORDER[d.fiscalPeriod ?? "FY"] ?? 0);
}

/**
 * Hits of the newest documents first, each document's hits in their rank order. Documents of one
 * fiscal year whose period is unknown (two earnings releases of 2023) are ordered by their date.
 */
export function newestFirst<T extends { documentId: string }>(hits: T[], docs: ScopeDocument[]): T[] {
  const rec = new Map(docs.map((d) => [d.id, recencyOf(d)]));
  const day = new Map(docs.map((d) => [d.id, d.date ? Date.parse(d.date) || 0 : 0]));
  const newer = (a: string, b: string) => (rec.get(b) ?? 0) - (rec.get(a) ?? 0) || (day.get(b) ?? 0) - (day.get(a) ?? 0);
  return hits.map((h, i) => ({ h, i })).sort((a, b) => newer(a.h.documentId, b.h.documentId) || a.i - b.i).map((x) => x.h);
}

const sectionKey = (s: string) => s.trim().toLowerCase().replace(/&/g, "and").replace(/[^a-z]+/g, "_").replace(/^_|_$/g, "");

export async function runSearchDocuments(deps: Deps, input: SearchDocumentsInput): Promise<SearchDocumentsOutput> {
  const scope = await resolveScope(deps.db, deps.dealId, { company: input.company, document: input.document });
  if (isScopeError(scope)) return { passages: [], notes: [`The deal holds: ${scope.companies.join("; ")}.`], error: scope.error };
  const k = Math.min(Math.max(input.k ?? 8, 1), 12);
  const query = [input.query, input.period, input.section].filter(Boolean).join(" ");
  // the catalog's wordings of what the query asks ("debt maturing within one year" for "debt due next year") find the table that states it
  const concepts = findConcepts(input.query).flatMap((h) => [...(h.concept.rowWords ?? []), ...h.concept.terms]);
  const found = await searchPages({ db: deps.db, space: deps.space, dealId: deps.dealId, query, k: input.section || input.newest ? 30 : k, documentIds: scope.documents.map((d) => d.id), ...(concepts.length ? { concepts } : {}) });
  const hits = input.newest ? newestFirst(found, scope.documents) : found;
  const sections = await sectionsOfStoredPages(deps.db, hits.map((h) => ({ documentId: h.documentId, page: h.page })));
  const notes: string[] = [];
  let chosen = hits;
  if (input.section) {
    const want = sectionKey(input.section);
    const inSection = hits.filter((h) => sections.get(`${h.documentId}:${h.page}`)?.sections.some((s) => s === want || s.includes(want) || want.includes(s)));
    if (inSection.length) chosen = inSection;
    else notes.push(`No page of the section "${input.section}" matched; passages from other sections follow.`);
  }
  const passages: Passage[] = [];
  const asked = tokens(input.query).filter((t) => !GENERIC_WORDS.has(t.word) && t.word.length > 1);
  for (const h of chosen.slice(0, k)) {
    const text = (await getPageText({ db: deps.db, documentId: h.documentId, page: h.page })) ?? h.excerpt;
    const p = passageOf(withoutInstructions(text, deps.sources), h.excerpt);
    const section = sections.get(`${h.documentId}:${h.page}`)?.section ?? undefined;
    deps.sources.add({ documentId: h.documentId, document: h.document, page: h.page, excerpt: h.excerpt });
    const have = new Set(tokens(p.text).map((t) => t.stem));
    const missing = asked.filter((t) => !have.has(t.stem)).map((t) => t.word);
    const doc = scope.documents.find((d) => d.id === h.documentId);
    const period = documentPeriod(doc);
    passages.push({ document: h.document, ...(period ? { period } : {}), page: h.page, ...(section ? { section } : {}), charStart: p.start, charEnd: p.end, text: p.text, citation: `(source: ${h.document}, p.${h.page})`, ...(missing.length ? { missing } : {}) });
  }
  if (!passages.length) notes.push(`Nothing in ${scope.company ?? "the deal"}'s documents matched "${input.query}".`);
  const rarity = await rarityOf(deps, asked.map((t) => t.word), detectLanguage(input.query));
  return { ...(scope.company ? { company: scope.company } : {}), passages, ...(rarity ? { rarity } : {}), notes };
}

/** Each query word's count of the deal's chunks holding it (by its index term), rarest first. */
async function rarityOf(deps: Deps, words: string[], language: Language): Promise<Rarity | undefined> {
  const termOf = new Map(words.map((w) => [w, tokenize(w, language)[0]]).filter((e): e is [string, string] => !!e[1]));
  if (!termOf.size) return undefined;
  const { chunks, df } = await termChunkCounts({ db: deps.db, dealId: deps.dealId, terms: [...new Set(termOf.values())] });
  const counted = [...termOf].map(([word, term]) => ({ word, chunks: df.get(term) ?? 0 }));
  return { chunks, words: counted.sort((a, b) => a.chunks - b.chunks) };
}

export interface OpenPageOutput {
  document: string;
  page: number;
  section?: string;
  text: string;
  truncated?: boolean;
  citation: string;
  error?: string;
}

const MAX_PAGE = 12_000;

export async function runOpenPage(deps: Deps, input: { document: string; page: number }): Promise<OpenPageOutput> {
  const scope = await resolveScope(deps.db, deps.dealId, { document: input.document });
  const doc: ScopeDocument | undefined = isScopeError(scope) ? undefined : scope.documents[0];
  if (!doc) return { document: input.document, page: input.page, text: "", citation: "", error: `No document named "${input.document}" in this deal.` };
  const text = await getPageText({ db: deps.db, documentId: doc.id, page: input.page });
  if (text === null) return { document: doc.filename, page: input.page, text: "", citation: "", error: `${doc.filename} has no page ${input.page}.` };
  const section = (await sectionsOfStoredPages(deps.db, [{ documentId: doc.id, page: input.page }])).get(`${doc.id}:${input.page}`)?.section ?? undefined;
  const clean = withoutInstructions(text, deps.sources);
  deps.sources.add({ documentId: doc.id, document: doc.filename, page: input.page, excerpt: text.trim().split("\n")[0]!.slice(0, 200) });
  return {
    document: doc.filename,
    page: input.page,
    ...(section ? { section } : {}),
    text: clean.slice(0, MAX_PAGE),
    ...(clean.length > MAX_PAGE ? { truncated: true } : {}),
    citation: `(source: ${doc.filename}, p.${input.page})`,
  };
}
