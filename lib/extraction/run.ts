/**
 * Task entry points (called by lib/pipeline's worker) and a direct runner for tests and the
 * bench: load the document (deal-scoped) → extract → stage → validate (+refine) → decide.
 */
import type { Db, Queryable } from "@/lib/db";
import { MandaError } from "@/lib/errors";
import { getChatModelInfo } from "@/lib/models/chat";
import type { TaskContext, TaskOutput } from "@/lib/pipeline/types";
import { entitiesRulesExtractor } from "./entities";
import { findingsRulesExtractor } from "./findings";
import { createModelExtractor } from "./llm";
import { emptySummary, processCandidates, type ProcessSummary } from "./process";
import { contextOf, embedFindings, loadDocument, loadSharedDocument, type LoadedDocument } from "./store";
import { timelineRulesExtractor } from "./timeline";
import type { CandidateType, Extractor } from "./types";

export type ExtractionKind = "findings" | "timeline" | "entities";
const TYPE_OF: Record<ExtractionKind, CandidateType> = { findings: "finding", timeline: "timeline_event", entities: "entity" };
const RULES: Record<ExtractionKind, Extractor> = { findings: findingsRulesExtractor, timeline: timelineRulesExtractor, entities: entitiesRulesExtractor };
const AGENT: Record<ExtractionKind, string> = { findings: "Findings Extractor", timeline: "Timeline Agent", entities: "Metadata Agent" };

/** The configured model's extractor, or the rules offline. Never a silent fallback. */
export function extractorFor(kind: ExtractionKind, mode: "auto" | "rules" = "auto"): Extractor {
  if (mode === "rules") return RULES[kind];
  // The offline local chat model is for conversation, not extraction: offline, the rules run (and output_data says so).
  const info = getChatModelInfo();
  if (info.provider === "local") return RULES[kind];
  return createModelExtractor(TYPE_OF[kind], { id: `${info.provider}:${info.modelId}`, model: info.model });
}

export interface ExtractionRunResult {
  output: TaskOutput;
  summary: ProcessSummary;
}

/** `doc`: the document already loaded by the caller (its pages then keep what was read from them once, see entities/page-layout). */
export async function runExtraction(db: Queryable, a: { dealId: string; documentId: string; kind: ExtractionKind; taskId?: string | null; processId?: string | null; mode?: "auto" | "rules"; signal?: AbortSignal; doc?: LoadedDocument }): Promise<ExtractionRunResult> {
  const started = new Date();
  const doc = a.doc ?? (await loadDocument(db, a.dealId, a.documentId));
  const extractor = extractorFor(a.kind, a.mode);
  const skipped: TaskOutput["skipped"] = [];
  const uncertainties: string[] = [];
  let summary = emptySummary();
  let model = extractor.name.endsWith("-model") ? "model" : "rules";
  let usage: TaskOutput["usage"];
  let embedded = 0;
  if (doc.status !== "indexed") {
    skipped.push({ what: doc.filename, why: `document status is ${doc.status}, not indexed` });
  } else if (!doc.pages.some((p) => p.text.trim())) {
    skipped.push({ what: doc.filename, why: "document has no text" });
  } else {
    const ctx = contextOf(doc);
    const extracted = await extractor.extract(ctx);
    if (a.signal?.aborted) throw new MandaError("unavailable:aborted", "Extraction aborted.");
    model = extracted.model ?? model;
    usage = extracted.usage;
    skipped.push(...extracted.skipped);
    uncertainties.push(...extracted.uncertainties);
    summary = await processCandidates(db, { dealId: a.dealId, documentId: a.documentId, taskId: a.taskId, processId: a.processId, extractor, ctx, candidates: extracted.candidates });
    if (a.kind === "findings" && summary.promoted > 0) embedded = await embedFindings(db, { dealId: a.dealId, documentId: a.documentId });
  }
  const completed = new Date();
  const { promotedIds, ...counts } = summary;
  return {
    summary,
    output: {
      agent: AGENT[a.kind],
      version: extractor.version,
      model,
      timings: { startedAt: started.toISOString(), completedAt: completed.toISOString(), durationMs: completed.getTime() - started.getTime() },
      usage,
      skipped,
      uncertainties,
      summary: { document: doc.filename, pages: doc.pages.length, ...counts, promoted_ids: promotedIds.slice(0, 200), embedded, extractor: extractor.name, ran: model === "rules" ? "rules" : `model ${model}` },
    },
  };
}

function fromTask(kind: ExtractionKind) {
  return async (ctx: TaskContext): Promise<TaskOutput> => {
    const t = ctx.task;
    if (!t.document_id) throw new MandaError("bad_request:task", `${t.task_type} task ${t.id} has no document_id`);
    const mode = t.input?.mode === "rules" ? "rules" : "auto";
    const doc = await loadSharedDocument(ctx.db, t.deal_id, t.document_id);
    return (await runExtraction(ctx.db, { dealId: t.deal_id, documentId: t.document_id, kind, taskId: t.id, processId: t.process_id, mode, signal: ctx.signal, doc })).output;
  };
}

export const runFindingsExtraction = fromTask("findings");
export const runTimelineExtraction = fromTask("timeline");
export const runEntityExtraction = fromTask("entities");

/**
 * All three extractions for one document, without the queue (tests, bench, CLI). The document is loaded once, so
 * the timeline and entity rules share each page's layout reading (extraction changes no page or document field).
 */
export async function runAllExtractions(db: Db | Queryable, a: { dealId: string; documentId: string; mode?: "auto" | "rules" }): Promise<Record<ExtractionKind, ExtractionRunResult>> {
  const doc = await loadDocument(db, a.dealId, a.documentId);
  const findings = await runExtraction(db, { ...a, doc, kind: "findings" });
  const timeline = await runExtraction(db, { ...a, doc, kind: "timeline" });
  const entities = await runExtraction(db, { ...a, doc, kind: "entities" });
  return { findings, timeline, entities };
}
