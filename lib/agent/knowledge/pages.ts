/**
 * Pages as evidence when no finding covers the question: page search (lib/search), sharpened to
 * the page's sentences or table lines that best match, verbatim and cited; passages that read like
 * instructions are flagged, never followed. A narrative question (who, which, why, yes/no …) gets
 * the page's sentences that answer its type (lib/answers/narrative), best first, and its pages
 * ordered by how well they answer it.
 */
import { sectionTitle } from "@/lib/answers/narrative/sections";
import { answersByPage, readQuestion, withoutOwners, type ReadQuestion, type ScoredUnit } from "@/lib/answers/narrative/select";
import { listDocumentCitationMeta } from "@/lib/db/queries/documents";
import { splitSentences } from "@/lib/extraction/sentences";
import { samePeriod, type Period } from "@/lib/periods";
import { searchPages } from "@/lib/search/search";
import type { PageHit } from "@/lib/search/types";
import { tokenize } from "@/lib/search/tokenize";
import { looksLikeInstructions, quoteAsData } from "../guardrails/injection";
import type { MetricSpec } from "./metrics";
import { periodWords, type DocumentPeriod } from "./asked-period";
import type { KbDeps, KbPage } from "./types";

/**
 * The pages for a question no finding covers: the metric and period in words, routed to the
 * documents of that period first, then to the documents in scope.
 */
export async function pagesForQuestion(deps: KbDeps, o: { query: string; question?: string; period?: Period; documentNamed: boolean; docPeriods: DocumentPeriod[]; metrics: MetricSpec[]; documentIds?: string[] }): Promise<NarrativeKbPage[]> {
  const { query, period, documentIds } = o;
  // sentences are read against the question as the analyst asked it (its form: who, whether, how many)
  const asked = o.question ?? query;
  const pageQuery = period && !o.documentNamed ? `${query} ${periodWords(period.label)}` : query;
  const periodDocs = period ? o.docPeriods.filter((d) => samePeriod(d.period, period.label)).map((d) => d.id) : [];
  const boost = new Set(o.metrics.flatMap((m) => tokenize(m.words.join(" "))));
  const k = narrativeQuestion(asked, boost) ? NARRATIVE_PAGES : 5;
  let pages: NarrativeKbPage[] = [];
  // the search gets the period in words; the sentences are read against the question as asked
  if (periodDocs.length && !documentIds) pages = await pageFallback(deps, pageQuery, periodDocs, k, boost, asked);
  if (pages.length === 0) pages = await pageFallback(deps, pageQuery, documentIds, k, boost, asked);
  return pages;
}

/** Narrative questions read more pages: the answering sentence is rarely on the top keyword page. */
const NARRATIVE_PAGES = 8;
const FIGURE_KINDS = new Set(["amount", "description"]);

/**
 * A page as query_knowledge_base returns it for a narrative question: whether its excerpt is the
 * page's answering sentences (else it is the best-matching text, context only), and its section.
 * (Candidates for KbPage in types.ts.)
 */
export type NarrativeKbPage = KbPage & { answers?: boolean; section?: string };

/** A question answered by sentences rather than a figure: no metric named, or a who/why/yes-no/list form. */
export function narrativeQuestion(query: string, metricWords: Set<string>): ReadQuestion | undefined {
  const q = readQuestion(query);
  return metricWords.size === 0 || !FIGURE_KINDS.has(q.type.kind) ? q : undefined;
}

/** A page's answering units as its excerpt: best first, joined by " … ", within `maxChars`. */
export function narrativeExcerpt(units: ScoredUnit[], maxChars = 900): string | undefined {
  if (!units.length) return undefined;
  const kept: string[] = [];
  let length = 0;
  for (const u of units) {
    // the items of a list are kept whole after the sentence that introduces it ("the following factors:")
    if (kept.length && !u.listItem && length + u.unit.text.length > maxChars) break;
    kept.push(u.unit.text);
    length += u.unit.text.length + 3;
  }
  return kept.join(" … ");
}

/** Up to two best-matching sentences or lines of a page (verbatim, whitespace collapsed). */
export function sentenceExcerpt(text: string, terms: Set<string>, maxChars = 420, boost: Set<string> = new Set()): string | undefined {
  // Blank lines and bullets end a unit; single line breaks are PDF wrapping inside a sentence,
  // except in tables and sheets (lines full of numbers), which stay one line per row.
  const blocks = text.split(/\n\s*\n|\s*•\s*/).flatMap((b) => {
    const lines = b.split("\n");
    const numeric = lines.filter((l) => (l.match(/\d[\d,.]*/g) ?? []).length >= 3 || /\|/.test(l)).length;
    return numeric > lines.length / 2 ? lines : [lines.join(" ")];
  });
  const units = blocks
    .flatMap((b) => splitSentences(b))
    .map((u) => u.replace(/\s+/g, " ").trim())
    .filter((u) => u.length >= 15);
  const scored = units.map((u, i) => {
    const toks = new Set(tokenize(u));
    let hits = 0;
    for (const t of terms) if (toks.has(t)) hits++;
    const numbers = (u.match(/\d[\d,.]*/g) ?? []).length;
    const tableLike = numbers > 6 || (u.match(/\|/g) ?? []).length > 2;
    const boosted = [...boost].some((b) => toks.has(b));
    return { u, i, score: hits * 2 + (boosted ? 5 : 0) + (numbers > 0 ? 0.5 : 0) - (tableLike ? 1.5 : 0) - (u.length > 300 ? 1 : 0) };
  });
  const top = scored.filter((x) => x.score > 1).sort((a, b) => b.score - a.score || a.i - b.i).slice(0, 2).sort((a, b) => a.i - b.i);
  if (!top.length) return undefined;
  let out = top.map((x) => x.u).join(" … ");
  if (out.length > maxChars) out = `${out.slice(0, maxChars - 2).replace(/\s+\S*$/, "")} …`;
  return out;
}

/** The page's section (Business, Risk Factors …) when search reports one. */
function sectionOf(h: PageHit): string | null {
  const s = (h as PageHit & { section?: unknown }).section;
  return typeof s === "string" && s ? s : null;
}

/** Pages added from the section that answers such questions ("legal proceedings", "executive officers"). */
const SECTION_PAGES = 3;

/** The question searched again with its section's title: the answering section is often not the top keyword hit. */
async function sectionHits(deps: KbDeps, query: string, question: string, documentIds: string[] | undefined, have: PageHit[]): Promise<PageHit[]> {
  const title = sectionTitle(question);
  if (!title) return [];
  const seen = new Set(have.map((h) => `${h.documentId}:${h.page}`));
  const more = await searchPages({ db: deps.db, dealId: deps.dealId, query: `${query} ${title}`, k: SECTION_PAGES + 2, documentIds, space: deps.space });
  return more.filter((h) => !seen.has(`${h.documentId}:${h.page}`)).slice(0, SECTION_PAGES);
}

/** Page search (lib/search) as evidence when no finding covers the question. */
export async function pageFallback(deps: KbDeps, query: string, documentIds?: string[], k = 5, boost: Set<string> = new Set(), question = query): Promise<NarrativeKbPage[]> {
  const narrative = narrativeQuestion(question, boost);
  const hits = await searchPages({ db: deps.db, dealId: deps.dealId, query, k, documentIds, space: deps.space });
  if (narrative) hits.push(...(await sectionHits(deps, query, question, documentIds, hits)));
  if (hits.length === 0) return [];
  // Sharper excerpts: the page's sentences / lines that best match the question, verbatim.
  const texts = await deps.db.query<{ document_id: string; page_number: number; text: string }>(
    `select document_id, page_number, text from document_pages where deal_id = $1 and (document_id, page_number) in (select * from unnest($2::uuid[], $3::int[]))`,
    [deps.dealId, hits.map((h) => h.documentId), hits.map((h) => h.page)],
  );
  const pageText = new Map(texts.rows.map((r) => [`${r.document_id}:${r.page_number}`, r.text]));
  const meta = new Map((await listDocumentCitationMeta({ db: deps.db, dealId: deps.dealId, documentIds: [...new Set(hits.map((h) => h.documentId))] })).map((r) => [r.id, r]));
  // the company that wrote the pages, by name or ticker, is their owner, not what the question asks about ("acme backlog")
  const asked = narrative && withoutOwners(narrative, [...meta.values()].flatMap((m) => [m.company, m.ticker]));
  const qTerms = new Set(tokenize(query));
  // narrative: each page's answering sentences, with term weights from all the pages read
  const told = asked ? answersByPage(asked, hits.map((h) => ({ document: h.document, page: h.page, citation: "", text: pageText.get(`${h.documentId}:${h.page}`) ?? "", section: sectionOf(h) })), 3) : [];
  const answers = new Map<PageHit, ScoredUnit[]>();
  hits.forEach((h, i) => {
    const t = pageText.get(`${h.documentId}:${h.page}`);
    if (!t) return;
    const units = told[i] ?? [];
    if (units.length) answers.set(h, units);
    h.excerpt = narrativeExcerpt(units) ?? sentenceExcerpt(t, qTerms, 420, boost) ?? h.excerpt;
  });
  // pages whose sentences answer the question first (search order among equals)
  const order = new Map(hits.map((h, i) => [h, i]));
  const best = (h: PageHit) => answers.get(h)?.[0]?.score ?? -1e9;
  if (narrative) hits.sort((a, b) => best(b) - best(a) || order.get(a)! - order.get(b)!);
  return hits.map((h) => {
    const m = meta.get(h.documentId);
    const full = pageText.get(`${h.documentId}:${h.page}`) ?? h.excerpt;
    const suspicious = looksLikeInstructions(h.excerpt) || looksLikeInstructions(full);
    if (suspicious) {
      deps.sources.markUntrusted(h.excerpt);
      for (const s of full.split(/(?<=[.!?])\s+/)) if (looksLikeInstructions(s)) deps.sources.markUntrusted(s);
    }
    const ref = deps.sources.add({ documentId: h.documentId, document: h.document, page: h.page, excerpt: h.excerpt, documentDate: m?.document_date ?? null, kind: m?.kind ?? null });
    return {
      document: h.document,
      page: h.page,
      excerpt: quoteAsData(h.excerpt),
      ...(m?.document_date ? { documentDate: m.document_date } : {}),
      ...(m?.kind ? { documentKind: m.kind } : {}),
      citation: ref.citation,
      url: ref.url,
      ...(suspicious ? { containsInstructions: true } : {}),
      ...(narrative ? { answers: answers.has(h) } : {}),
      ...(narrative && (sectionOf(h) ?? answers.get(h)?.[0]?.section) ? { section: (sectionOf(h) ?? answers.get(h)?.[0]?.section)! } : {}),
    };
  });
}
