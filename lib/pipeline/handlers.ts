/**
 * The one place where task types meet their handlers, by static import (a rename breaks the type
 * check here, not a task at run time). Each handler is `(ctx: TaskContext) => Promise<TaskOutput>`.
 * A task type with no registered handler fails with HANDLER_MISSING in the worker.
 */
import { runEntityExtraction, runFindingsExtraction, runTimelineExtraction } from "@/lib/extraction/run";
import { runRelationDetection } from "@/lib/graph/detect";
import type { TaskHandler, TaskType } from "./types";
import { getTaskHandler, registerTaskHandler } from "./worker";

export const DEFAULT_HANDLERS: Partial<Record<TaskType, TaskHandler>> = {
  findings_extraction: runFindingsExtraction,
  timeline_extraction: runTimelineExtraction,
  entity_extraction: runEntityExtraction,
  relation_detection: runRelationDetection,
};

/**
 * Registers the product handlers. Handlers registered earlier (tests' stubs) are kept unless
 * `replace` is set.
 */
export function registerDefaultHandlers({ replace = false }: { replace?: boolean } = {}): void {
  for (const [type, handler] of Object.entries(DEFAULT_HANDLERS)) {
    if (!handler || (!replace && getTaskHandler(type))) continue;
    registerTaskHandler(type, handler);
  }
}
