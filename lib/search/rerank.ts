import type { RankedPage } from "./fusion";
import { languageEvidence, type Language } from "./language";
import { proximityScore, queryPairs, type TermPair } from "./proximity";
import { MAX_TERMS, type QueryTerm, type UnderstoodQuery } from "./query-understanding";
import type { CandidatePage } from "./retrievers";
import { sectionMatch, type SectionIntent } from "./section-intent";
import { conceptRowScore, rowLabelScore } from "./table-rows";
import { tokenize } from "./tokenize";

/**
 * The query side of stemming across languages, and the re-ranking of the fused head of
 * results by evidence BM25 and vectors do not see: the question's adjacent terms standing
 * together on a page, and the page lying in a report section the question points to.
 */

/**
 * Which stemmers a question's words go through. A question with clear English and no Swedish
 * evidence is English only (its Swedish stems would only add noise); otherwise both, since
 * a short Swedish question ("utredare?") cannot be told apart reliably.
 */
export function queryLanguages(text: string): Language[] {
  const e = languageEvidence(text);
  if (e.sv === 0 && e.en >= 2) return ["en"];
  if (e.en === 0 && e.sv >= 2) return ["sv"];
  return ["en", "sv"];
}

/** The question's terms plus its typed words' stems in the other language (same weight). */
export function withOtherLanguageStems(q: UnderstoodQuery, languages: Language[]): QueryTerm[] {
  const terms = [...q.terms];
  const have = new Set(terms.map((t) => t.term));
  for (const lang of languages) {
    for (const t of tokenize(q.rankingText, lang)) {
      if (have.has(t) || terms.length >= MAX_TERMS + 16) continue;
      have.add(t);
      terms.push({ term: t, weight: 1 });
    }
  }
  return terms;
}

/** The question's adjacent term pairs, stemmed as pages of each language are. */
export function pairsByLanguage(q: UnderstoodQuery): Map<Language, TermPair[]> {
  const weight = new Map(q.terms.map((t) => [t.term, t.weight]));
  const out = new Map<Language, TermPair[]>();
  for (const lang of ["en", "sv"] as const) {
    const tokens = tokenize(q.rankingText, lang).filter((t) => !/^\d+$/.test(t)); // years are not phrase words
    out.set(lang, queryPairs(tokens, (t) => weight.get(t) ?? 1));
  }
  return out;
}

/**
 * Re-ranks the fused head by evidence BM25 and vectors do not see: the question's adjacent
 * terms standing together on the page (a phrase, or close), and the page lying in a report
 * section the question points to (Legal Proceedings for litigation, Risk Factors for risks …).
 */
export function rerank(
  head: RankedPage[],
  pages: Map<string, CandidatePage>,
  evidence: { pairs: Map<Language, TermPair[]>; intent: SectionIntent; terms?: QueryTerm[]; wordings?: string[][] },
  knobs: { phraseBoost: number; sectionBoost: number; rowLabelBoost?: number; conceptRowBoost?: number },
): RankedPage[] {
  return head
    .map((p) => {
      const page = pages.get(p.key);
      if (!page) return p;
      const language = page.language ?? "en";
      const phrase = proximityScore(evidence.pairs.get(language) ?? [], tokenize(page.text, language));
      const section = sectionMatch(evidence.intent, page.sections);
      // a row of figures labelled with what the question asks (the table that answers it)
      const row = knobs.rowLabelBoost && evidence.terms ? rowLabelScore(page.text, evidence.terms, language) : 0;
      // a row labelled with the asked concept in the filing's own words (the caller's vocabulary names it)
      const concept = knobs.conceptRowBoost && evidence.wordings?.length ? conceptRowScore(page.text, language, evidence.wordings) : 0;
      return { ...p, score: p.score * (1 + knobs.phraseBoost * phrase) * (1 + knobs.sectionBoost * section) * (1 + (knobs.rowLabelBoost ?? 0) * row) * (1 + (knobs.conceptRowBoost ?? 0) * concept) };
    })
    .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
}
