/**
 * Findings retrieval for a question: keyword matches on metric / metric_key (and words) fused
 * with vector matches (match_findings), passages that read like instructions dropped, then ranked
 * internally by similarity × recency × confidence. Recency is measured against the newest related
 * document (the same company's, or the same report's versions: related-documents.ts), so one
 * company's filing never makes another's look old. The ranking never leaves the agent's code.
 */
import type { Queryable } from "@/lib/db";
import type { EmbeddingSpace } from "@/lib/models/embeddings";
import { samePeriod } from "@/lib/periods";
import { tokenize } from "@/lib/search/tokenize";
import type { SourceRegistry } from "../sources";
import { GENERIC_WORDS } from "../concepts/generic-words";
import { tokens } from "../concepts/match";
import { looksLikeInstructions } from "../guardrails/injection";
import { monthsBetween } from "./describe";
import { embedMissingFindings, keywordFindings, vectorFindings, type FindingFilters, type FindingRow } from "./findings";
import { newestRelatedDates } from "./related-documents";
import { metricByKey } from "./metrics";

export interface Scored {
  row: FindingRow;
  similarity: number;
  keyword: boolean;
  score: number;
}

export interface Retrieved {
  /** Best first. */
  scored: Scored[];
  /** Every finding retrieved (before the metric-less cut), and their ids. */
  retrieved: FindingRow[];
  retrievedIds: Set<string>;
}

/** Internal ranking only: similarity × recency × confidence; `newestDate` is that of the newest document related to the finding's. */
function score(s: { row: FindingRow; similarity: number; keyword: boolean }, newestDate: string | undefined, wantedPeriod?: string): number {
  const sim = Math.max(s.similarity, s.keyword ? 0.85 : 0) + (wantedPeriod && samePeriod(s.row.period, wantedPeriod) ? 0.3 : 0);
  const age = newestDate && s.row.document_date ? Math.max(0, monthsBetween(s.row.document_date, newestDate)) : 0;
  const recency = 1 / (1 + age / 12);
  const superseded = s.row.superseded ? 0.3 : 1;
  return sim * recency * Math.max(0.05, s.row.confidence) * superseded;
}

/** A finding is relevant to a metric-less question only if its metric words occur in it. */
function overlapsQuery(row: FindingRow, query: string): boolean {
  const q = new Set(tokenize(query));
  return tokenize(`${row.metric} ${row.metric_key.replace(/_/g, " ")}`).some((t) => q.has(t));
}

const PART_SCOPES = new Set(["segment", "geography", "programme"]);

/** The question names the part a finding covers (every word of its name, by stems), or the finding covers the company as a whole. */
export function namesPart(question: string, row: FindingRow): boolean {
  if (!row.scope || !PART_SCOPES.has(row.scope)) return true;
  const asked = new Set(tokens(question).map((t) => t.stem));
  const words = tokens(row.scope_name ?? "").filter((t) => t.word.length > 2 && !GENERIC_WORDS.has(t.word) && t.word !== "segment");
  return words.length > 0 && words.every((t) => asked.has(t.stem));
}

export async function retrieveFindings(
  deps: { db: Queryable; dealId: string; sources: SourceRegistry; space: EmbeddingSpace },
  o: { query: string; keys: string[]; words: string[]; metricsAsked: boolean; filters: FindingFilters; wanted?: string; notes: string[] },
): Promise<Retrieved> {
  const { db, dealId, sources, space } = deps;
  const { query, keys, words, filters } = o;
  const pool = new Map<string, { row: FindingRow; similarity: number; keyword: boolean }>();
  if (keys.length || words.length) {
    for (const row of await keywordFindings(db, dealId, { keys, words, ...filters })) pool.set(row.id, { row, similarity: 0, keyword: true });
  }
  try {
    await embedMissingFindings(db, dealId, space);
    for (const { row, similarity } of await vectorFindings(db, dealId, space, query, { k: 40, ...filters })) {
      const prior = pool.get(row.id);
      if (prior) prior.similarity = similarity;
      else if (keys.includes(row.metric_key) || (!o.metricsAsked && overlapsQuery(row, query))) pool.set(row.id, { row, similarity, keyword: false });
    }
  } catch {
    // Vector half unavailable (e.g. remote embedder down): keyword matches still answer.
  }

  // A part's figure (a segment's, a region's) answers only a question that names the part: never the company's total.
  for (const [id, p] of pool) if (!namesPart(query, p.row)) pool.delete(id);
  // A finding found by a word of the asked metric ("cash") but keyed as another metric (operating cash flow) is that other metric.
  if (keys.length) for (const [id, p] of pool) if (!keys.includes(p.row.metric_key) && metricByKey(p.row.metric_key)) pool.delete(id);

  // Drop passages that read like instructions to an AI (prompt injection): data, not evidence.
  for (const [id, p] of pool) {
    if (looksLikeInstructions(p.row.source_excerpt)) {
      pool.delete(id);
      sources.markUntrusted(p.row.source_excerpt);
      o.notes.push(`A passage in ${p.row.filename} reads like instructions to an AI; it was treated as document text and not used as evidence.`);
    }
  }

  const newest = newestRelatedDates([...pool.values()].map((p) => p.row));
  let scored: Scored[] = [...pool.values()].map((p) => ({ ...p, score: score(p, newest.get(p.row.document_id), o.wanted) }));
  scored.sort((a, b) => b.score - a.score || a.row.id.localeCompare(b.row.id));
  if (!o.metricsAsked && scored.length) {
    // No metric named: keep only findings close to the best (vector noise otherwise).
    const best = scored[0]!.score;
    scored = scored.filter((s) => s.score >= best * 0.6 && s.similarity >= 0.2);
  }
  return { scored, retrieved: [...pool.values()].map((p) => p.row), retrievedIds: new Set(pool.keys()) };
}
