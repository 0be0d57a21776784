/**
 * Shared shapes of the extraction pipeline: extractors produce candidates,
 * the validator checks them (and may send them back for refinement), the decision maker
 * promotes them or queues them for human review. Every candidate carries its evidence.
 */
import type { TextSpan } from "@/lib/ingest/types";

export type CandidateType = "finding" | "timeline_event" | "entity";

/** formal: a statement table, a cell, a definition; prose: a sentence stating it; inference: read between lines. */
export type EvidenceType = "formal" | "prose" | "inference";

export interface Evidence {
  /** Exact excerpt, 50–200 characters, found verbatim on that page (whitespace/hyphenation tolerant). */
  text: string;
  page: number; // 1-based
  cell?: string; // "Sheet!B15" for spreadsheets
}

export type Domain = "financial" | "legal" | "operational" | "commercial" | "people" | "technology" | "other";

export interface FindingPayload {
  metric: string; // as written in the document
  metricKey: string; // normalised, e.g. revenue, ebitda, net_income, operating_cash_flow, capital_expenditure
  valueText: string; // as written ("(1,577)", "EUR 4.2 million")
  valueNum: number | null; // normalised to units: 4.2 million → 4200000; (1,577) in millions → -1577000000
  unit: "currency" | "percent" | "count" | "ratio" | "other";
  currency?: string; // ISO code: USD, EUR, SEK
  period?: string; // FY2023 | Q3 2024 | H1 2024
  periodEnd?: string; // ISO date of the period end when known (fiscal years not ending in December)
  /** Span of the period: year | quarter | ytd (six or nine months to a date) | instant (a balance at a date). */
  periodType?: "year" | "quarter" | "ytd" | "instant";
  /** Length of the period in months (12, 3, 6, 9; 0 for an instant). */
  periodMonths?: number;
  /** What part of the company the figure covers (findings/scope.ts); a part is never the company's metric. */
  scope?: "consolidated" | "segment" | "geography" | "programme" | "per_share" | "non_operating";
  /** The part as printed ("Americas"), for a segment, geography or programme. */
  scopeName?: string;
  isForecast: boolean;
  dateReferenced?: string; // ISO date
  domain: Domain;
}

export type DatePrecision = "day" | "month" | "year";

export interface TimelineEventPayload {
  eventType: string; // directive_issued | committee_formed | report_handed_over | published | signed | appointed | closing | fiscal_year_end | decision | other
  eventDate: string; // ISO date; for month/year precision the first day of the month/year
  datePrecision: DatePrecision;
  description: string;
  actors: string[];
}

export type EntityType = "person" | "organisation" | "committee" | "ministry";

export interface EntityPayload {
  entityType: EntityType;
  name: string;
  role?: string; // särskild utredare, sekreterare, sakkunnig, expert, ordförande, CEO …
}

export type CandidatePayload = FindingPayload | TimelineEventPayload | EntityPayload;

export interface Candidate<P extends CandidatePayload = CandidatePayload> {
  candidateType: CandidateType;
  /** Stable identity within the document, so re-runs update instead of duplicating. */
  candidateKey: string;
  payload: P;
  confidenceScore: number; // 0..1, internal only
  confidenceReason: string;
  evidence: Evidence;
  evidenceType: EvidenceType;
}

/**
 * An extractor: reads a document's pages (from the database, deal-scoped) and proposes
 * candidates. `refine` is called by the validator with a concrete request when a candidate
 * fails a check (at most 5 rounds); it returns an improved candidate or null to give up.
 */
export interface Extractor {
  name: string;
  version: string;
  candidateType: CandidateType;
  extract(ctx: ExtractionContext): Promise<ExtractorOutput>;
  refine?(ctx: ExtractionContext, candidate: Candidate, request: string): Promise<Candidate | null>;
}

export interface ExtractionPage {
  pageNumber: number;
  text: string;
  label?: string | null;
  cells?: { ref: string; value: string; num?: number; start: number }[] | null;
  /** PDF text runs (x, y of each run of the page text), for reading table columns by position. */
  spans?: TextSpan[] | null;
}

export interface ExtractionContext {
  dealId: string;
  documentId: string;
  filename: string;
  documentKind?: string | null;
  fiscalYear?: number | null;
  fiscalPeriod?: string | null;
  /** The month the document's fiscal year ends in, when the document says (1–12). */
  fiscalYearEndMonth?: number | null;
  pages: () => AsyncIterable<ExtractionPage>;
  getPage: (pageNumber: number) => Promise<ExtractionPage | undefined>;
}

export interface ExtractorOutput {
  candidates: Candidate[];
  /** What was skipped and why, for the task's audit trail. */
  skipped: { what: string; why: string }[];
  uncertainties: string[];
  model?: string; // "rules" offline, or the model id
  usage?: { inputTokens: number; outputTokens: number };
}
