/** The pipeline monitor's shapes, shared by the server reads (lib/ui/server/pipeline.ts) and the client view. */
import type { PipelineSummary } from "@/lib/pipeline/run-result";

export interface PipelineTaskView {
  id: string;
  taskType: string;
  status: "pending" | "running" | "completed" | "failed";
  documentId: string | null;
  filename: string | null;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  errorKind: string | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  durationMs: number | null;
  /** A few human-readable facts from output_data (never confidence scores). */
  summary: string[];
}

export interface PipelineRunState {
  state: "running" | "done" | "failed";
  startedAt: string;
  finishedAt?: string;
  message?: string;
  summary?: PipelineSummary;
}
