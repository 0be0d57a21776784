/** Shapes shared by the Agent Mode modules (constraints → plan → loop → gate → grounding → trace). */

export type AgentLanguage = "en" | "sv";

export interface ConstraintEvidence {
  constraint: string;
  /** The words of the question that triggered it. */
  evidence: string;
  kind: "explicit" | "implicit";
  source: "rules" | "model";
}

export interface AgentConstraints {
  language: AgentLanguage;
  minSearches: number;
  /** Topics that each need their own search ("revenue", "margins", "litigation"). */
  requiredTopics: string[];
  minOpenCitations: number;
  requiresExactQuote: boolean;
  /** "figure": the quote must contain a number; "text": any verbatim passage. */
  exactQuoteKind: "figure" | "text" | null;
  exactQuoteIndicators: string[];
  requiresConflictResolution: boolean;
  conflictRule: "newest" | "most_authoritative" | "flag" | null;
  requiredSections: string[];
  requiresInsufficiencyDisclosure: boolean;
  /** The exact phrase to use for gaps ("Insufficient documentation", "Otillräcklig dokumentation"). */
  insufficiencyPhrase: string;
  detected: ConstraintEvidence[];
}





export interface GroundedCitation {
  n: number;
  documentId: string;
  document: string;
  page: number;
  chunkId: string | null;
  snippet: string;
  url: string;
  documentDate: string | null;
  /** false: a search snippet used as a fallback (nothing was opened). */
  opened: boolean;
}

export interface Insufficiency {
  topic: string;
  missing: string;
  queriesTried: string[];
}



export type TraceStep =
  | { type: "constraints"; constraints: AgentConstraints; source: "rules" | "rules+model"; note?: string }
  | { type: "plan"; steps: string[]; format: "items" | "json" | "numbered" | "bullets" | "fallback"; source: "reader" | "model" | "fallback" }
  | {
      type: "tool_call";
      /** The chat agent's tool (search_documents, get_line_items, compute_metric, …). */
      tool: string;
      /** The item (its number in the plan) the call was made for. */
      item?: number;
      args: Record<string, unknown>;
      ok: boolean;
      summary: string;
      /** Calls of one parallel batch share a batch number. */
      batch?: number;
      results?: Array<{ ref: string; document: string; page: number; snippet: string; role: string }>;
      citation?: { n: number; document: string; page: number; documentId: string; chunkId: string | null; chars: number; truncated: boolean };
      error?: string;
    }
  | { type: "validation"; ok: boolean; attempt: number; failures: Array<{ code: string; message: string }>; forced?: boolean; item?: string }
  | { type: "reprompt"; reason: "invalid_json" | "validation" | "budget" | "refused"; message: string; remaining: { toolCalls: number; iterations: number; reprompts: number } }
  | { type: "final"; status: "validated" | "forced" | "needs_input"; citations: number; answerChars: number; unmet: string[]; badge?: string }
  | { type: "error"; code: string; message: string };

export type TraceEvent = TraceStep & {
  seq: number;
  /** Milliseconds since the run started. */
  at: number;
  durationMs: number;
};

export interface AgentModeStats {
  searches: number;
  openedCitations: number;
  toolCalls: number;
  toolBudget: number;
  iterations: number;
  reprompts: number;
  invalidOutputs: number;
  modelCalls: number;
  ms: number;
}

/** One item of the request as the gate judged it. */
export interface AgentModeItem {
  n: number;
  label: string;
  kind: "figure" | "comparison" | "narrative" | "ranking" | "other";
  periods: string[];
  /** answered from a tool result; not_covered: not in the data room; failed: the run did not answer it. */
  status: "answered" | "not_covered" | "failed";
  reason?: string;
}

export interface AgentModeResult {
  answer: string;
  citations: GroundedCitation[];
  insufficiencies: Insufficiency[];
  /** validated: every item answered from sources or disclosed as not in the data room; forced: some item not answered; needs_input: asked back. */
  status: "validated" | "forced" | "needs_input";
  /** The request's items and what the gate found for each. */
  items: AgentModeItem[];
  /** What the gate checked, in words ("9 of 11 items answered from sources, 2 not in the data room"). */
  badge: string;
  /** Constraints the final answer still misses (forced synthesis only). */
  unmet: string[];
  constraints: AgentConstraints;
  plan: string[];
  stats: AgentModeStats;
  model: { provider: string; modelId: string };
  trace?: TraceEvent[];
}
