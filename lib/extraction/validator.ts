/**
 * Validator, the second of the extraction steps (extract, validate, decide): checks a staged
 * candidate and answers valid, refine (with a concrete request for the extractor), reject,
 * duplicate or hold. It never edits the candidate, so what is promoted is what the extractor read.
 * Hold: the evidence reads as an instruction to an AI (the chat's detector, lib/guardrails); such
 * text is never promoted, whatever its confidence, and its review card says why.
 *
 * Confidence caps by evidence type (documented policy):
 *   formal    (statement table row, sheet cell, formal header/signature line)  ≤ 1.00
 *   prose     (a sentence stating the fact)                                   ≤ 0.90
 *   inference (read between the lines)                                        ≤ 0.60
 */
import { instructionPhrase } from "@/lib/guardrails/injection";
import { cleanExcerpt, EXCERPT_MAX, EXCERPT_MIN, verifyExcerpt } from "./citation";
import { excerptSupportsEntity, isMinistryName, isPlaceholder, looksLikePersonName } from "./entities/names";
import type { Candidate, EntityPayload, EvidenceType, ExtractionPage, FindingPayload, TimelineEventPayload } from "./types";

export const CONFIDENCE_CAP: Record<EvidenceType, number> = { formal: 1.0, prose: 0.9, inference: 0.6 };
export const MAX_REFINEMENT_ROUNDS = 5;

export type ValidationOutcome =
  | { decision: "valid"; reason: string; missingFields: string[] }
  | { decision: "refine"; reason: string; request: string; missingFields: string[] }
  | { decision: "reject"; reason: string; missingFields: string[] }
  /** The evidence reads as an instruction to an AI: kept out of the knowledge base, shown in review with the reason. */
  | { decision: "hold"; reason: string; missingFields: string[] }
  | { decision: "duplicate"; reason: string; duplicateOf: string; missingFields: string[] };

/** The text the excerpt must contain so that it supports the candidate. */
export function anchorOf(c: Candidate): string {
  if (c.candidateType === "finding") {
    const p = c.payload as FindingPayload;
    return p.valueText.replace(/^[$€]\s*/, "").replace(/\s*(million|billion|thousand)$/i, "").replace(/^(EUR|USD|SEK)\s*/, "");
  }
  if (c.candidateType === "entity") return (c.payload as EntityPayload).name.split(/\s+/).slice(-1)[0]!;
  const t = c.payload as TimelineEventPayload;
  return t.eventDate.slice(0, 4);
}

export function missingFieldsOf(c: Candidate): string[] {
  const miss: string[] = [];
  if (c.candidateType === "finding") {
    const p = c.payload as FindingPayload;
    if (!p.metric) miss.push("metric");
    if (!p.metricKey) miss.push("metricKey");
    if (!p.valueText) miss.push("valueText");
    if (p.valueNum === null && p.unit !== "other") miss.push("valueNum");
    if (!p.period) miss.push("period");
    if (p.unit === "currency" && !p.currency) miss.push("currency");
  } else if (c.candidateType === "timeline_event") {
    const p = c.payload as TimelineEventPayload;
    if (!p.eventType) miss.push("eventType");
    if (!p.eventDate || !/^\d{4}-\d{2}-\d{2}$/.test(p.eventDate) || Number.isNaN(Date.parse(p.eventDate))) miss.push("eventDate");
    if (!p.datePrecision) miss.push("datePrecision");
    if (!p.description) miss.push("description");
  } else {
    const p = c.payload as EntityPayload;
    if (!p.name) miss.push("name");
    if (!p.entityType) miss.push("entityType");
    if (p.entityType === "person" && !p.role) miss.push("role");
  }
  return miss;
}

/** Characters either side of an excerpt read with it when looking for instructions (within its paragraph). */
export const INSTRUCTION_CONTEXT_CHARS = 300;

/** The excerpt's paragraph on the page (a blank line ends a paragraph), at most INSTRUCTION_CONTEXT_CHARS either side. */
function paragraphAround(text: string, start: number, end: number): string {
  const from = Math.max(0, start - INSTRUCTION_CONTEXT_CHARS);
  const to = Math.min(text.length, end + INSTRUCTION_CONTEXT_CHARS);
  const before = text.slice(from, start);
  const after = text.slice(end, to);
  const breaks = [...before.matchAll(/\n[ \t]*\n/g)];
  const head = breaks.length ? before.slice(breaks[breaks.length - 1]!.index) : before;
  const tailEnd = after.search(/\n[ \t]*\n/);
  return `${head}${text.slice(start, end)}${tailEnd >= 0 ? after.slice(0, tailEnd) : after}`;
}

/** Why a candidate is held: its evidence (or the paragraph around it) reads as an instruction to an AI. */
export function heldReason(phrase: string): string {
  return `Held: the source text reads as an instruction to an AI assistant ("${phrase.slice(0, 80)}"), not as a statement of fact. Document text is data, so it cannot become knowledge; reject it, or edit it to cite a passage that states the fact.`;
}

/** The instruction-like phrase in the candidate's excerpt or its paragraph on the page, or null. */
export function instructionInEvidence(c: Candidate, page: ExtractionPage | undefined, at?: { start?: number; end?: number }): string | null {
  const own = instructionPhrase(cleanExcerpt(c.evidence.text));
  if (own || !page || at?.start === undefined || at.end === undefined || c.evidence.cell) return own;
  return instructionPhrase(paragraphAround(page.text, at.start, at.end));
}

function digitsOf(s: string) {
  return s.replace(/[^\d]/g, "");
}

/** Pure checks against the page; duplicates are checked separately (lib/extraction/process.ts, against the document's other staged candidates). */
export function validateCandidate(c: Candidate, page: ExtractionPage | undefined): ValidationOutcome {
  const missingFields = missingFieldsOf(c);
  const anchor = anchorOf(c);
  const ask = (what: string) => `${what}; choose an excerpt of ${EXCERPT_MIN}–${EXCERPT_MAX} characters from page ${c.evidence.page} containing '${anchor}'`;
  if (!c.evidence || !c.evidence.text?.trim() || !(c.evidence.page >= 1)) {
    return { decision: "refine", reason: "No evidence text provided", request: ask("no evidence text"), missingFields };
  }
  // entity sanity: placeholders and ministries are never people
  if (c.candidateType === "entity") {
    const p = c.payload as EntityPayload;
    if (isPlaceholder(p.name)) return { decision: "reject", reason: `Rejected placeholder: ${p.name.toLowerCase()}`, missingFields };
    if (p.entityType === "person" && isMinistryName(p.name)) return { decision: "reject", reason: "Rejected ministry name as person", missingFields };
    if (p.entityType === "person" && !looksLikePersonName(p.name)) return { decision: "reject", reason: `"${p.name}" is not a person's name`, missingFields };
  }
  const v = verifyExcerpt(page, c.evidence.text, c.evidence.cell);
  if (!v.ok) return { decision: "refine", reason: `Citation check failed: ${v.reason}`, request: ask(v.reason ?? "excerpt not verified"), missingFields };
  const phrase = instructionInEvidence(c, page, v);
  if (phrase) return { decision: "hold", reason: heldReason(phrase), missingFields };
  const len = cleanExcerpt(c.evidence.text).length;
  if (len < EXCERPT_MIN || len > EXCERPT_MAX) {
    return { decision: "refine", reason: `Excerpt is ${len} characters (must be ${EXCERPT_MIN}–${EXCERPT_MAX})`, request: ask(`excerpt is ${len} characters`), missingFields };
  }
  // the excerpt must carry the fact it cites
  if (c.candidateType === "finding") {
    const d = digitsOf(anchor);
    if (d && !digitsOf(c.evidence.text).includes(d)) {
      return { decision: "refine", reason: `Excerpt does not contain the value '${anchor}'`, request: ask(`excerpt does not contain the value '${anchor}'`), missingFields };
    }
  } else if (c.candidateType === "entity") {
    const last = anchor;
    // people: exact; ministries/organisations may be written in lower case mid-sentence ("chefen för justitiedepartementet");
    // a company's stated headcount may be in its own voice ("we had approximately 12,400 employees")
    if (!excerptSupportsEntity(c.payload as EntityPayload, cleanExcerpt(c.evidence.text))) {
      return { decision: "refine", reason: `Excerpt does not name '${last}'`, request: ask(`excerpt does not name '${last}'`), missingFields };
    }
  }
  const cap = CONFIDENCE_CAP[c.evidenceType];
  if (c.confidenceScore > cap + 1e-9) {
    return {
      decision: "refine",
      reason: `Confidence ${c.confidenceScore} too high for ${c.evidenceType} evidence (max ${cap})`,
      request: `confidence ${c.confidenceScore} is too high for ${c.evidenceType} evidence (max ${cap}): lower it or cite a formal source`,
      missingFields,
    };
  }
  return { decision: "valid", reason: "Evidence verified on the page and supports the confidence level", missingFields };
}

