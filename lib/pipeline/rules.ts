/**
 * Which specialist tasks a document needs (the orchestrator's delegation rules).
 *
 * - findings_extraction: every indexed document with text. Findings cover every domain
 *   (financial, legal, operational …), so inquiries and contracts get them as well as reports.
 * - timeline_extraction: every indexed document except spreadsheets (xlsx, csv): a sheet holds
 *   figures, not dated statements; its periods are captured on the findings.
 * - entity_extraction: every indexed document except spreadsheets, but cap tables keep it
 *   (shareholders are people and organisations).
 * - relation_detection: once per deal, after extraction, over every document whose extraction
 *   completed; it runs again whenever that set changes (a later document, a re-extraction).
 *
 * The idempotency key is `${taskType}:${documentId}:${sha256 prefix}:v${handler version}`: the same
 * bytes with the same extractor are never queued twice; new bytes (a new document — versions of
 * a file are separate documents) or a bumped handler version queue new work.
 */
import { createHash } from "node:crypto";
import type { TaskType } from "./types";

/** Bump a version to re-run that extractor over every document on the next pipeline run. */
export const HANDLER_VERSIONS: Record<string, string> = {
  findings_extraction: "1",
  timeline_extraction: "1",
  entity_extraction: "1",
  relation_detection: "1",
};

export const DOCUMENT_TASK_TYPES: readonly TaskType[] = ["findings_extraction", "timeline_extraction", "entity_extraction"];

export interface PlannableDocument {
  id: string;
  sha256: string;
  format: string | null;
  kind: string | null;
  page_count: number | null;
}

export interface DocumentPlan {
  tasks: TaskType[];
  skipped: { taskType: TaskType; why: string }[];
}

export function planDocumentTasks(doc: PlannableDocument): DocumentPlan {
  if (!doc.page_count) {
    return { tasks: [], skipped: DOCUMENT_TASK_TYPES.map((taskType) => ({ taskType, why: "the document has no pages of text" })) };
  }
  const sheet = doc.format === "xlsx" || doc.format === "csv";
  const capTable = (doc.kind ?? "").toLowerCase() === "cap table";
  const plan: DocumentPlan = { tasks: ["findings_extraction"], skipped: [] };
  if (sheet) plan.skipped.push({ taskType: "timeline_extraction", why: "spreadsheet: figures, not dated statements (periods are kept on findings)" });
  else plan.tasks.push("timeline_extraction");
  if (sheet && !capTable) plan.skipped.push({ taskType: "entity_extraction", why: "spreadsheet: no prose naming people or organisations" });
  else plan.tasks.push("entity_extraction");
  return plan;
}

export function documentTaskKey(taskType: string, doc: { id: string; sha256: string }): string {
  return `${taskType}:${doc.id}:${doc.sha256.slice(0, 16)}:v${HANDLER_VERSIONS[taskType] ?? "1"}`;
}

/** Relation detection for a deal, keyed by the set of completed extraction tasks it will read. */
export function relationTaskKey(dealId: string, completedExtractionTaskIds: readonly string[]): string {
  const h = createHash("sha256").update([...completedExtractionTaskIds].sort().join(",")).digest("hex").slice(0, 16);
  return `relation_detection:${dealId}:${h}:v${HANDLER_VERSIONS.relation_detection}`;
}
