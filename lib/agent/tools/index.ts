/** The agent's tool set for one turn (seed 002 appendix: must / should / nice). */
import type { AgentContext } from "../context";
import { addToQaTool } from "./add-to-qa";
import { computeMetricTool } from "./compute-metric";
import { createIrlTool } from "./create-irl";
import { detectContradictionsTool } from "./detect-contradictions";
import { evidenceTools } from "./evidence";
import { findGapsTool } from "./find-gaps";
import { getDocumentInfoTool } from "./get-document-info";
import { queryKnowledgeBaseTool } from "./query-knowledge-base";
import { suggestQuestionsTool } from "./suggest-questions";
import { triggerAnalysisTool } from "./trigger-analysis";
import { updateKnowledgeBaseTool } from "./update-knowledge-base";
import { updateKnowledgeGraphTool } from "./update-knowledge-graph";
import { validateFindingTool } from "./validate-finding";

export function createAgentTools(ctx: AgentContext) {
  return {
    query_knowledge_base: queryKnowledgeBaseTool(ctx),
    ...evidenceTools(ctx),
    compute_metric: computeMetricTool(ctx),
    get_document_info: getDocumentInfoTool(ctx),
    detect_contradictions: detectContradictionsTool(ctx),
    find_gaps: findGapsTool(ctx),
    validate_finding: validateFindingTool(ctx),
    update_knowledge_base: updateKnowledgeBaseTool(ctx),
    suggest_questions: suggestQuestionsTool(ctx),
    create_irl: createIrlTool(ctx),
    add_to_qa: addToQaTool(ctx),
    trigger_analysis: triggerAnalysisTool(ctx),
    update_knowledge_graph: updateKnowledgeGraphTool(ctx),
  };
}

export type AgentTools = ReturnType<typeof createAgentTools>;

/** Tools that write; each declares needsApproval: the user approves every call before it runs (P2). */
export const WRITING_TOOLS = ["update_knowledge_base", "add_to_qa", "create_irl", "trigger_analysis", "update_knowledge_graph"] as const;
