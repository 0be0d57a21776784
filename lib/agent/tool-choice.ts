/**
 * The tools a remote model is offered for one turn: the evidence tools always; the review tools
 * (contradictions, gaps, suggested questions) when the analyst asks about risks, gaps or open
 * questions; the writing tools (each still asks the user for approval) when the analyst asks to
 * add, create, save, flag, link or re-run something, or answers an offer to. Fewer tools on every
 * step keep a model's choice (and its prompt) small. The offline model sees every tool: it picks
 * by its own reading of the question.
 */
import type { AgentTools } from "./tools";

type ToolName = keyof AgentTools;

export const EVIDENCE_TOOLS: ToolName[] = ["search_documents", "open_page", "get_line_items", "compute_metric", "get_people", "get_company_facts", "get_risk_factors", "get_explanations", "get_timeline", "get_document_info"];
const REVIEW_TOOLS: ToolName[] = ["detect_contradictions", "find_gaps", "suggest_questions", "validate_finding"];
const WRITING: ToolName[] = ["update_knowledge_base", "add_to_qa", "create_irl", "trigger_analysis", "update_knowledge_graph"];

const REVIEW_WORDS = /\b(?:risks?|red flags?|concerns?|contradict\w*|conflict\w*|discrepanc\w*|inconsisten\w*|gaps?|missing|coverage|irl|open questions?|what should we ask|validate|verify)\b/i;
const WRITE_WORDS = /\b(?:add|create|import|save|record|flag|log|link|connect|re-?run|re-?analy[sz]e|re-?process|re-?extract|update|correct|approve|put)\b/i;
const CONFIRM = /^\s*(?:yes|yeah|yep|sure|ok(?:ay)?|please(?: do)?|go ahead|do it|sounds good)\b/i;

export function toolsForTurn(userText: string): ToolName[] {
  const names = [...EVIDENCE_TOOLS];
  if (REVIEW_WORDS.test(userText)) names.push(...REVIEW_TOOLS);
  if (WRITE_WORDS.test(userText) || CONFIRM.test(userText)) names.push(...WRITING, "suggest_questions");
  return [...new Set(names)];
}
