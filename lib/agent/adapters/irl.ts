/**
 * The IRL / Q&A library (lib/irl, built in parallel) as the agent sees it: the contract of
 * lib/irl/types.ts. Loaded lazily; if it fails to load, the tools return {error} and say so.
 */
import type { Db } from "@/lib/db";
import type { IrlCoverageReport, IrlItem, Priority, QaItem, QaOrigin } from "@/lib/irl/types";

export interface IrlService {
  listIrlItems(a: { db: Db; dealId: string }): Promise<IrlItem[]>;
  importIrlTemplate(a: { db: Db; dealId: string; documentId: string }): Promise<unknown>;
  computeIrlCoverage(a: { db: Db; dealId: string }): Promise<IrlCoverageReport>;
  addQaItem(a: {
    db: Db;
    dealId: string;
    question: string;
    domain?: string;
    priority?: Priority;
    origin: QaOrigin;
    relatedFindingIds?: string[];
    irlItemId?: string;
    conversationId?: string;
  }): Promise<QaItem>;
  listQaItems(a: { db: Db; dealId: string }): Promise<QaItem[]>;
}

export async function loadIrlService(): Promise<IrlService> {
  const irl = (await import("@/lib/irl/irl")) as unknown as Record<string, unknown>;
  const qa = (await import("@/lib/irl/qa")) as unknown as Record<string, unknown>;
  const pick = <T>(mod: Record<string, unknown>, name: string): T => {
    const fn = mod[name];
    if (typeof fn !== "function") throw new Error(`lib/irl does not export ${name}`);
    return fn as T;
  };
  return {
    listIrlItems: pick(irl, "listIrlItems"),
    importIrlTemplate: pick(irl, "importIrlTemplate"),
    computeIrlCoverage: pick(irl, "computeIrlCoverage"),
    addQaItem: pick(qa, "addQaItem"),
    listQaItems: pick(qa, "listQaItems"),
  };
}
