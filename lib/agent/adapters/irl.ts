/**
 * The IRL / Q&A library (lib/irl) as the agent's tools see it: the contract of lib/irl/types.ts.
 * Static imports, so a rename in lib/irl breaks the type check here; tests inject stubs through
 * `createAgentContext({ services })`.
 */
import type { Db } from "@/lib/db";
import { computeIrlCoverage } from "@/lib/irl/coverage";
import { importIrlTemplate, listIrlItems } from "@/lib/irl/irl";
import { addQaItem, listQaItems } from "@/lib/irl/qa";
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

export const irlService: IrlService = { listIrlItems, importIrlTemplate, computeIrlCoverage, addQaItem, listQaItems };
