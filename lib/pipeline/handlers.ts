/**
 * The one place where task types meet their handlers. Modules load lazily (dynamic import) so a
 * worker that never sees a relation_detection task never loads the graph code, and a module
 * that is missing or broken surfaces as a clear, permanent task failure instead of a crash.
 *
 *   findings_extraction  → runFindingsExtraction  (@/lib/extraction/run)
 *   timeline_extraction  → runTimelineExtraction  (@/lib/extraction/run)
 *   entity_extraction    → runEntityExtraction    (@/lib/extraction/run)
 *   relation_detection   → runRelationDetection   (@/lib/graph/detect)
 *
 * Each export has the signature `(ctx: TaskContext) => Promise<TaskOutput>`.
 */
import { PermanentTaskError } from "./errors";
import type { TaskHandler, TaskType } from "./types";
import { getTaskHandler, registerTaskHandler } from "./worker";

type Loader = () => Promise<Record<string, unknown>>;

/* eslint-disable @typescript-eslint/ban-ts-comment */
const LOADERS: Record<string, Loader> = {
  // @ts-ignore -- built in parallel (issue 3); until it exists the task fails with HANDLER_MISSING
  extraction: () => import("@/lib/extraction/run"),
  // @ts-ignore -- built in parallel (issue 3); until it exists the task fails with HANDLER_MISSING
  graph: () => import("@/lib/graph/detect"),
};

export const DEFAULT_HANDLERS: Partial<Record<TaskType, { module: keyof typeof LOADERS; spec: string; exportName: string }>> = {
  findings_extraction: { module: "extraction", spec: "@/lib/extraction/run", exportName: "runFindingsExtraction" },
  timeline_extraction: { module: "extraction", spec: "@/lib/extraction/run", exportName: "runTimelineExtraction" },
  entity_extraction: { module: "extraction", spec: "@/lib/extraction/run", exportName: "runEntityExtraction" },
  relation_detection: { module: "graph", spec: "@/lib/graph/detect", exportName: "runRelationDetection" },
};

/** A handler that imports `spec` on first use and calls its `exportName`. */
export function lazyHandler(load: Loader, spec: string, exportName: string): TaskHandler {
  let cached: TaskHandler | undefined;
  return async (ctx) => {
    if (!cached) {
      let mod: Record<string, unknown>;
      try {
        mod = await load();
      } catch (e) {
        throw new PermanentTaskError(`Handler module ${spec} could not be loaded: ${(e as Error)?.message ?? String(e)}`, "HANDLER_MISSING", { cause: e });
      }
      const fn = mod[exportName];
      if (typeof fn !== "function") throw new PermanentTaskError(`${spec} does not export a function ${exportName}.`, "HANDLER_MISSING");
      cached = fn as TaskHandler;
    }
    return cached(ctx);
  };
}

/**
 * Registers the product handlers. Handlers registered earlier (tests' stubs) are kept unless
 * `replace` is set.
 */
export function registerDefaultHandlers({ replace = false }: { replace?: boolean } = {}): void {
  for (const [type, h] of Object.entries(DEFAULT_HANDLERS)) {
    if (!h || (!replace && getTaskHandler(type))) continue;
    // Extraction offline runs on rules ("local"); the provider follows the configured model mode.
    registerTaskHandler(type, lazyHandler(LOADERS[h.module], h.spec, h.exportName));
  }
}
