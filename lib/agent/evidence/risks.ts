/**
 * get_risk_factors: the risks a filing lists in its Risk Factors section, as the filing words and
 * orders them (each heading with its category, page and the start of its explanation), from the
 * newest annual report unless a document or year is named. A topic ("supply chain", "china")
 * keeps the risks whose heading or explanation names it, most named first; a topic no risk names
 * comes back as such, with every heading, so the caller can say so rather than guess.
 */
import type { Queryable } from "@/lib/db";
import { listSectionPages } from "@/lib/db/queries/pages";
import { riskHeadings, type RiskHeading } from "@/lib/extraction/risk-headings";
import { spellOut } from "../concepts/abbreviations";
import { GENERIC_WORDS } from "../concepts/generic-words";
import { tokens } from "../concepts/match";
import { recencyOf } from "./passages";
import { documentPeriod, isScopeError, resolveScope, type ScopeDocument, type EvidenceDeps } from "./scope";
import { isFullYear } from "./periods";

export interface RiskFactorsInput {
  company?: string;
  document?: string;
  /** A fiscal year ("2021", "FY2021"): that year's filing. */
  period?: string;
  topic?: string;
  limit?: number;
}

export interface RiskFactor {
  heading: string;
  category?: string;
  page: number;
  citation: string;
  /** The start of the filing's explanation of the risk. */
  explanation: string;
  /** Topic words the heading or its explanation names (with a topic only). */
  matched?: string[];
}

export interface RiskFactorsOutput {
  company?: string;
  document?: string;
  period?: string;
  /** How many risks the filing lists. */
  total: number;
  categories: string[];
  risks: RiskFactor[];
  /** With a topic: the words of it that were looked for, and whether any risk names them. */
  topic?: string;
  topicFound?: boolean;
  notes: string[];
  error?: string;
}

type Deps = EvidenceDeps;

/** Words of a topic that say nothing about which risk: "risk", "main", "flag". */
const NOT_TOPIC = new Set(["risk", "risks", "factor", "factors", "main", "key", "top", "biggest", "major", "principal", "flag", "flagged", "call", "called", "related", "relating", "around", "regarding", "summarise", "summarize", "summary", "list", "any"]);
const DEFAULT_LIMIT = 8;


/** Filings to read, best first: the year or document asked, else annual reports newest first, then the rest. */
function candidates(docs: ScopeDocument[], period?: string): ScopeDocument[] {
  const year = period?.match(/(?:19|20)\d\d/)?.[0];
  const pool = year ? docs.filter((d) => String(d.fiscalYear) === year) : docs;
  const annual = (d: ScopeDocument) => (isFullYear(d) ? 1 : 0);
  return [...pool].sort((a, b) => annual(b) - annual(a) || recencyOf(b) - recencyOf(a));
}

async function headingsOf(db: Queryable, doc: ScopeDocument): Promise<RiskHeading[]> {
  const pages = await listSectionPages({ db, documentId: doc.id, section: "risk_factors" });
  return riskHeadings(pages.map((p) => ({ page: p.page_number, text: p.text })));
}

/** The topic's words as stems, without the words every risk question uses. */
function topicStems(topic: string | undefined): Array<{ word: string; stem: string }> {
  if (!topic) return [];
  return tokens(spellOut(topic)).filter((t) => t.word.length > 1 && !GENERIC_WORDS.has(t.word) && !NOT_TOPIC.has(t.word)).map((t) => ({ word: t.word, stem: t.stem }));
}

/** Whether a text's stems hold the word: the same stem, or one starting the other ("cyber", "cybersecurity"). */
function names(stems: Set<string>, stem: string): boolean {
  if (stems.has(stem)) return true;
  if (stem.length < 5) return false;
  for (const s of stems) if (s.length >= 5 && (s.startsWith(stem) || stem.startsWith(s))) return true;
  return false;
}

/** Risks that name the topic, most named first (a word in the heading counts twice); the filing's order breaks ties. */
function byTopic(hs: RiskHeading[], words: Array<{ word: string; stem: string }>): Array<{ h: RiskHeading; matched: string[] }> {
  const scored = hs.map((h, i) => {
    const head = new Set(tokens(h.heading).map((t) => t.stem));
    const body = new Set(tokens(h.body).map((t) => t.stem));
    const matched = words.filter((w) => names(head, w.stem) || names(body, w.stem)).map((w) => w.word);
    const score = words.reduce((s, w) => s + (names(head, w.stem) ? 2 : names(body, w.stem) ? 1 : 0), 0);
    return { h, i, matched, score };
  });
  return scored.filter((x) => x.score > 0).sort((a, b) => b.score - a.score || a.i - b.i);
}

export async function runRiskFactors(deps: Deps, input: RiskFactorsInput): Promise<RiskFactorsOutput> {
  const scope = await resolveScope(deps.db, deps.dealId, { company: input.company, document: input.document });
  if (isScopeError(scope)) return { total: 0, categories: [], risks: [], notes: [`The deal holds: ${scope.companies.join("; ")}.`], error: scope.error };
  const company = scope.company ? { company: scope.company } : {};
  const read: string[] = [];
  for (const doc of candidates(scope.documents, input.period)) {
    const hs = await headingsOf(deps.db, doc);
    read.push(doc.filename);
    if (hs.length >= 3 || (hs.length && input.document)) return answer(deps, doc, hs, input, company);
  }
  const where = read.length ? read.join(", ") : "no filing";
  return { ...company, total: 0, categories: [], risks: [], notes: [`No Risk Factors section with listed risks was found in ${where}; search_documents with section "risk factors" reads its passages.`] };
}

function answer(deps: Deps, doc: ScopeDocument, hs: RiskHeading[], input: RiskFactorsInput, company: { company?: string }): RiskFactorsOutput {
  const limit = Math.min(Math.max(input.limit ?? DEFAULT_LIMIT, 1), 40);
  const words = topicStems(input.topic);
  const notes: string[] = [`${doc.filename} lists ${hs.length} risks in its Risk Factors section, in the filing's own order (a filing does not rank its risks).`];
  let chosen: Array<{ h: RiskHeading; matched?: string[] }> = hs.map((h) => ({ h }));
  let topicFound = false;
  if (words.length) {
    const hits = byTopic(hs, words);
    topicFound = hits.length > 0;
    if (hits.length) chosen = hits;
    else notes.push(`No risk heading or explanation names "${words.map((w) => w.word).join(" ")}"; every heading follows.`);
  }
  const risks = chosen.slice(0, limit).map(({ h, matched }) => {
    deps.sources.add({ documentId: doc.id, document: doc.filename, page: h.page, excerpt: h.heading });
    return { heading: h.heading, ...(h.category ? { category: h.category } : {}), page: h.page, citation: `(source: ${doc.filename}, p.${h.page})`, explanation: h.body.slice(0, 300), ...(matched?.length ? { matched } : {}) };
  });
  const categories = [...new Set(hs.map((h) => h.category).filter((c): c is string => !!c))];
  const period = documentPeriod(doc);
  const topic = words.length ? { topic: words.map((w) => w.word).join(" "), topicFound } : {};
  return { ...company, document: doc.filename, ...(period ? { period } : {}), total: hs.length, categories, risks, ...topic, notes };
}
