/**
 * Findings extractor (rules, offline): statement tables, spreadsheet cells and prose. Each
 * candidate is citation-first: its excerpt is picked from the page around the fact and verified.
 */
import { pickExcerpt, locateExcerpt } from "../citation";
import type { Candidate, ExtractionContext, ExtractionPage, Extractor, ExtractorOutput, FindingPayload } from "../types";
import { extractProseFindings } from "./prose";
import { extractSheetFindings } from "./sheets";
import { extractMatrixFindings } from "./matrix";
import { extractDateRowFindings } from "./date-rows";
import { extractPartFindings, type ScaleCarry } from "./parts";
import { notesScaleAt } from "./notes-scale";
import { fiscalYearEndOf, statementCandidates, statementPages } from "./statements";
import { extractTableFindings, statementKindOf } from "./tables";
import { readStatements } from "@/lib/statements";

export const FINDINGS_EXTRACTOR_VERSION = "2.4.9";

function isForecastDoc(ctx: ExtractionContext): boolean {
  return /forecast|budget|plan\b|prognos/i.test(`${ctx.filename} ${ctx.documentKind ?? ""}`);
}

export async function extractFindingsFromPages(pages: ExtractionPage[], ctx: Pick<ExtractionContext, "filename" | "fiscalYear" | "fiscalPeriod" | "documentKind" | "fiscalYearEndMonth">): Promise<ExtractorOutput> {
  // Complete statements first: their pages are read whole, line by line, period by period
  const statements = readStatements({ pages: pages.filter((p) => !p.cells?.length).map((p) => ({ page: p.pageNumber, text: p.text, spans: p.spans })), fiscalYearEndMonth: ctx.fiscalYearEndMonth ?? undefined });
  const onStatements = statementPages(statements);
  const candidates: Candidate[] = [...statementCandidates(statements, pages)];
  const skipped: ExtractorOutput["skipped"] = [];
  const uncertainties: string[] = [];
  // each text page's statement title, read once (the table and part readers both ask)
  const kindOf = new Map(pages.filter((p) => !p.cells?.length).map((p) => [p, statementKindOf(p.text)] as const));
  const hasStatements = [...kindOf.values()].some((k) => k !== null);
  const forecastDoc = isForecastDoc(ctx as ExtractionContext);
  let emptyPages = 0;
  // a part table's scale, still open at the foot of a page, for the table it goes on with on the next page
  const carry: ScaleCarry = {};
  const fiscalYearEndMonth = ctx.fiscalYearEndMonth ?? fiscalYearEndOf(statements);
  for (const page of pages) {
    if (!page.text.trim()) { emptyPages++; continue; }
    if (!page.cells?.length) carry.notes = notesScaleAt(page.text, carry.notes);
    if (page.cells?.length) {
      candidates.push(...extractSheetFindings(page, { forecastDoc, filename: ctx.filename }));
      continue;
    }
    if (onStatements.has(page.pageNumber)) continue;
    const statementKind = kindOf.get(page) ?? null;
    const table = extractTableFindings(page, { fiscalYear: ctx.fiscalYear, fiscalPeriod: ctx.fiscalPeriod, fiscalYearEndMonth, filename: ctx.filename, hasStatements, forecastDoc, statementKind });
    const tableKeys = new Set(table.map((c) => c.candidateKey));
    candidates.push(...table);
    // segment, geographic, quarterly and operating-statistics rows: findings of a part, kept apart from the company's totals
    // (a page titled as a primary statement the statement reader could not read whole holds statement lines, not parts)
    if (!forecastDoc && statementKind === null) candidates.push(...extractPartFindings(page, { fiscalYear: ctx.fiscalYear, fiscalPeriod: ctx.fiscalPeriod, fiscalYearEndMonth, carry }), ...extractMatrixFindings(page), ...extractDateRowFindings(page, { fiscalYearEndMonth }));
    for (const c of extractProseFindings(page, { fiscalYear: ctx.fiscalYear, fiscalPeriod: ctx.fiscalPeriod })) {
      if (tableKeys.has(c.candidateKey)) continue; // the table row on the same page is the stronger evidence
      if (forecastDoc) (c.payload as FindingPayload).isForecast = true;
      candidates.push(c);
    }
  }
  if (emptyPages) skipped.push({ what: `${emptyPages} empty page(s)`, why: "no text on the page (scan without OCR, or an absent page)" });
  if (!candidates.length) uncertainties.push("no financial or operational figures with a period were found");
  return { candidates, skipped, uncertainties, model: "rules" };
}

async function collect(ctx: ExtractionContext): Promise<ExtractionPage[]> {
  const pages: ExtractionPage[] = [];
  for await (const p of ctx.pages()) pages.push(p);
  return pages;
}

/**
 * Refinement: the validator names what is wrong ("excerpt not found on page 12; choose an
 * excerpt from that page containing '1,577'"). The rules re-pick the excerpt from the page
 * around the value; anything else cannot be fixed by rules (null → human review).
 */
export async function refineWithPage(ctx: ExtractionContext, candidate: Candidate, request: string): Promise<Candidate | null> {
  const page = await ctx.getPage(candidate.evidence.page);
  if (!page) return null;
  if (!/excerpt/i.test(request)) return null;
  const needle = /containing '([^']+)'/.exec(request)?.[1];
  if (!needle) return null;
  let idx = page.text.indexOf(needle);
  if (idx < 0) idx = page.text.replace(/\s+/g, " ").indexOf(needle) >= 0 ? page.text.indexOf(needle.split(" ")[0]!) : -1;
  if (idx < 0) return null;
  const ex = pickExcerpt(page.text, idx, idx + needle.length, candidate.evidenceType === "formal" ? "line" : "sentence");
  if (!ex || ex === candidate.evidence.text || !locateExcerpt(page, ex)) return null;
  return { ...candidate, evidence: { ...candidate.evidence, text: ex } };
}

export const findingsRulesExtractor: Extractor = {
  name: "findings",
  version: FINDINGS_EXTRACTOR_VERSION,
  candidateType: "finding",
  async extract(ctx) {
    return extractFindingsFromPages(await collect(ctx), ctx);
  },
  refine: refineWithPage,
};
