/**
 * Contract of the IRL and Q&A lists (implemented in lib/irl/*.ts, used by the agent's tools
 * find_gaps, create_irl, add_to_qa, suggest_questions, by the API routes and by the UI).
 */
export type Priority = "high" | "medium" | "low";
export type IrlStatus = "open" | "requested" | "received" | "not_applicable";
export type Coverage = "covered" | "partial" | "gap";

export interface IrlEvidence {
  documentId: string;
  document: string; // filename
  page: number;
  cell?: string;
  excerpt: string;
  findingId?: string;
}

export interface IrlItem {
  id: string;
  dealId: string;
  domain: string;
  item: string;
  priority: Priority;
  status: IrlStatus;
  notes: string | null;
  keywords: string[];
}

export interface IrlItemCoverage extends IrlItem {
  coverage: Coverage;
  evidence: IrlEvidence[]; // what covers it (empty for a gap)
}

export interface IrlCoverageReport {
  domains: { domain: string; covered: number; partial: number; total: number; items: IrlItemCoverage[] }[];
  totals: { covered: number; partial: number; gap: number; total: number };
}

export type QaStatus = "open" | "sent" | "answered" | "closed";
export type QaOrigin = "gap" | "contradiction" | "chat" | "manual";

export interface QaItem {
  id: string;
  dealId: string;
  question: string;
  domain: string | null;
  priority: Priority;
  status: QaStatus;
  origin: QaOrigin;
  answer: string | null;
  irlItemId: string | null;
  relatedFindingIds: string[];
  createdAt: string;
}
