/** Shapes of the evaluation dataset (evals/cases.ts) and its results. */

export type EvalDeal = "demo" | "sou" | "financebench";

export type Intent =
  | "fact_lookup"
  | "deep_dive"
  | "due_diligence"
  | "comparison"
  | "synthesis"
  | "gap_identification"
  | "exploration"
  | "multi_turn"
  | "uncertainty"
  | "conflict"
  | "correction"
  | "temporal"
  | "clarification"
  | "topic_shift"
  | "injection"
  | "swedish"
  | "financebench";

/** An expected value: a planted demo fact (by id) or a value read from a corpus file at run time. */
export type ValueRef = { fact: string } | { value: number; unit: "EUR" | "USD" | "percent" | "people" | "shares" | "count" } | { text: string };

export type CheckSpec =
  | { check: "single_answer" }
  | { check: "source_cited"; documents?: string[]; pages?: number[] }
  | { check: "expected_value_present"; anyOf: ValueRef[] }
  | { check: "values_present"; allOf: ValueRef[] }
  | { check: "value_absent"; values: ValueRef[] }
  | { check: "corrected_value_context"; old: ValueRef }
  | { check: "no_scores" }
  | { check: "structured" }
  | { check: "offers_qa" }
  | { check: "states_assumed_context"; anyOf?: string[] }
  | { check: "asks_clarification" }
  | { check: "no_injection_effect" }
  | { check: "meta_commentary_at_most_one_line" }
  | { check: "trends_noted" }
  | { check: "variance_calculated" }
  | { check: "gaps_noted" }
  | { check: "conflict_flagged" }
  | { check: "not_called_conflict" }
  | { check: "coverage_analysis" }
  | { check: "drilldown_offered" }
  | { check: "explains_why" }
  | { check: "mentions_all"; terms: string[]; min?: number }
  | { check: "cites_documents"; documents: string[] }
  | { check: "cites_only"; documents: string[] };

export type CheckName = CheckSpec["check"];

export interface EvalCase {
  id: string;
  title: string;
  intent: Intent;
  deal: EvalDeal;
  /** User turns in order; the last one is scored (earlier answers feed the context). */
  turns: string[];
  checks: CheckSpec[];
  example_good_response?: string;
  example_bad_response?: string;
}

/** What one turn produced, as the scorers see it. */
export interface TurnOutput {
  text: string;
  /** Sources the agent cited (from runAgentTurn). */
  sources: Array<{ document: string; page: number; cell?: string | null; excerpt?: string }>;
  toolCalls: Array<{ toolName: string; input?: unknown; output?: unknown }>;
  usage: { inputTokens?: number; outputTokens?: number; totalTokens?: number };
}

export interface ScoreContext {
  output: TurnOutput;
  /** Earlier answers of the same case (multi-turn). */
  previous: TurnOutput[];
  /** Documents of the case's deal: filename → page count. */
  documents: Map<string, { pages: number; sheets?: string[] }>;
}

export interface CheckResult {
  check: CheckName;
  pass: boolean;
  detail: string;
}

export interface CaseResult {
  id: string;
  title: string;
  intent: Intent;
  question: string;
  answer: string;
  checks: CheckResult[];
  usage: { totalTokens: number };
  ms: number;
  error?: string;
  judge?: { verdict: "pass" | "fail"; reasons: string[] };
}
