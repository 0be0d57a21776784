/**
 * Findings as the answer cites them: registered as sources, with their reliability in words
 * (document kind and age, correction, forecast) and the correction that replaced or was replaced.
 */
import { citedLine, type SourceRef, type SourceRegistry } from "../sources";
import { quoteAsData } from "../guardrails/injection";
import { describeKind, formatDate, formatValue } from "./describe";
import type { FindingRow } from "./findings";
import { differs, type Supersession } from "./supersession";
import type { KbFinding, KbSide, KbSource } from "./types";

/** Registers the finding's page (or cell) and excerpt as a source of the answer. */
export function citeFinding(sources: SourceRegistry, r: FindingRow): SourceRef {
  const highlight = citedLine(r.source_excerpt, r.value_text);
  return sources.add({ documentId: r.document_id, document: r.filename, page: r.source_page, cell: r.source_cell, excerpt: r.source_excerpt, documentDate: r.document_date, kind: r.document_kind, highlight });
}

export function kbSource(ref: SourceRef): KbSource {
  return {
    document: ref.document,
    page: ref.page,
    ...(ref.cell ? { cell: ref.cell } : {}),
    excerpt: quoteAsData(ref.excerpt),
    ...(ref.documentDate ? { documentDate: ref.documentDate } : {}),
    ...(ref.kind ? { documentKind: ref.kind } : {}),
    citation: ref.citation,
    url: ref.url,
  };
}

/** The fields of a finding a conflict's side shows. */
export type SideFields = Pick<FindingRow, "id" | "value_num" | "value_text" | "unit" | "currency" | "filename" | "document_kind" | "document_date" | "source_cell" | "source_page">;

export function sideOf(f: SideFields): KbSide {
  return {
    findingId: f.id,
    value: formatValue(f),
    valueNum: f.value_num,
    unit: f.unit,
    currency: f.currency,
    document: f.filename,
    documentKind: describeKind(f.document_kind, f.filename),
    documentDate: formatDate(f.document_date),
    citation: `(source: ${f.filename}, ${f.source_cell ?? `p.${f.source_page}`})`,
  };
}

/** A finding with its source, status and notes; `rows` are the findings answering the question (to find what it corrects). */
export function toKbFinding(r: FindingRow, ctx: { sources: SourceRegistry; sup: Supersession; rows: FindingRow[] }): KbFinding {
  const ref = citeFinding(ctx.sources, r);
  const repl = ctx.sup.replacedBy.get(r.id);
  const corrects = ctx.rows.find((o) => ctx.sup.replacedBy.get(o.id)?.id === r.id && differs(o, r));
  const kb: KbFinding = {
    id: r.id,
    metric: r.metric,
    metricKey: r.metric_key,
    value: formatValue(r),
    asWritten: r.value_text,
    valueNum: r.value_num,
    unit: r.unit,
    currency: r.currency,
    period: r.period,
    isForecast: r.is_forecast,
    domain: r.domain,
    status: r.superseded ? "superseded" : "current",
    source: kbSource(ref),
  };
  const bits: string[] = [];
  bits.push(`from ${describeKind(r.document_kind, r.filename)}${r.document_date ? ` dated ${formatDate(r.document_date)}` : ""}`);
  if (r.is_forecast) bits.push("a forecast, not an actual");
  if (repl && differs(r, repl)) bits.push(`later corrected to ${formatValue(repl)} in ${repl.filename}`);
  else if (r.superseded) bits.push("from a version that a later document replaces");
  if (corrects) bits.push(`corrects ${formatValue(corrects)} stated in ${corrects.filename}`);
  kb.note = bits.join("; ");
  if (repl) {
    const rr = citeFinding(ctx.sources, repl);
    kb.correctedBy = { findingId: repl.id, value: formatValue(repl), document: repl.filename, citation: rr.citation };
  }
  if (corrects) {
    const cr = citeFinding(ctx.sources, corrects);
    kb.corrects = { findingId: corrects.id, value: formatValue(corrects), document: corrects.filename, citation: cr.citation };
  }
  return kb;
}
