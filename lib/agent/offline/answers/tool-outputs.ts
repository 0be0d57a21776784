/** The tool results the local model's answers are written from, as the writers read them. */
import type { KbConflict, KbCorrection, KbForecastVsActual } from "@/lib/agent/knowledge/query";
import type { ToolExchange } from "../conversation";

export type Gaps = {
  totals?: { covered: number; partial: number; gap: number; total: number };
  domains?: Array<{ domain: string; covered: number; partial: number; total: number; items: Array<{ item: string; priority: string; coverage: string; evidence: Array<{ document: string; citation: string }> }> }>;
  irlItems?: number;
  templatesInDataRoom?: string[];
  error?: string;
};

export type DocList = { documentCount?: number; indexed?: number; targetCompany?: string | null; deal?: string; documents?: Array<{ filename: string; kind: string | null; date: string | null; pages: number | null; status: string; findings: number; supersedes: string[] }>; error?: string };

export type Scan = { conflicts?: KbConflict[]; corrections?: KbCorrection[]; forecastVsActual?: KbForecastVsActual[]; error?: string };

export function outputs<T>(done: ToolExchange[], name: string): T[] {
  return done.filter((t) => t.toolName === name).map((t) => t.output as T);
}

export function isError(o: unknown): o is { error: string } {
  return !!o && typeof o === "object" && typeof (o as { error?: unknown }).error === "string";
}
