/**
 * Step 6 of an orchestrator run: process and deal stages recomputed from the evidence in the
 * database by the deterministic stage machines (lib/pipeline/stages/), stored when they changed
 * and reported with their explanations.
 */
import type { Db } from "@/lib/db";
import type { PipelineDetail, PipelineSummary } from "./run-result";
import { refreshIrl } from "@/lib/irl/refresh";
import { updateDealStage } from "./stages/deal";
import { computeProcessStage, explainProcessStage, gatherProcessEvidence, proofPage, type ProcessStage } from "./stages/process";
import type { Clock } from "./types";

async function updateProcessStages(o: { db: Db; dealId: string; clock: Clock; createdProcessIds: Set<string>; summary: PipelineSummary; details: PipelineDetail[] }): Promise<void> {
  const { db, summary } = o;
  const { rows: processes } = await db.query<{ id: string; process_key: string; stage: ProcessStage; stage_explanation: string | null }>(
    "select id, process_key, stage, stage_explanation from processes where deal_id = $1 order by process_key",
    [o.dealId],
  );
  for (const p of processes) {
    summary.processes_analyzed++;
    const evidence = await gatherProcessEvidence({ db, dealId: o.dealId, processId: p.id });
    const result = computeProcessStage(evidence);
    const explanation = explainProcessStage(result, evidence);
    const stageChanged = p.stage !== result.stage;
    const textChanged = p.stage_explanation !== explanation;
    if (stageChanged || textChanged) {
      await db.query("update processes set stage = $2, stage_explanation = $3, updated_at = $4::timestamptz where id = $1", [p.id, result.stage, explanation, new Date(o.clock.now()).toISOString()]);
    }
    const isNew = o.createdProcessIds.has(p.id);
    if (stageChanged || isNew) {
      summary.stages_updated++;
      if (result.stage === "published") summary.published_stages_updated++;
    } else summary.skipped_no_action++;
    o.details.push({
      kind: "process", process_id: p.id, process_key: p.process_key,
      action: isNew ? "created" : stageChanged ? "stage_updated" : "skipped",
      previous_stage: isNew ? null : p.stage, new_stage: stageChanged || isNew ? result.stage : null,
      proof_page: proofPage(result, evidence), published_event_found: evidence.hasSouPublishedEvent,
      reason: stageChanged || isNew ? explanation : `Stadiet är redan ${p.stage}; ingen ändring behövs. ${explanation}`,
    });
  }
}

/** Updates every process stage, then the deal's; returns the deal's stage update. */
export async function updateStages(o: { db: Db; dealId: string; clock: Clock; createdProcessIds: Set<string>; summary: PipelineSummary; details: PipelineDetail[] }) {
  await updateProcessStages(o);
  await refreshIrl({ db: o.db, dealId: o.dealId });
  const { summary } = o;
  const deal = await updateDealStage({ db: o.db, dealId: o.dealId });
  const dealStageChanged = deal.previous !== deal.result.stage;
  if (dealStageChanged) summary.stages_updated++;
  o.details.push({
    kind: "deal", action: dealStageChanged ? "stage_updated" : "skipped",
    previous_stage: deal.previous, new_stage: dealStageChanged ? deal.result.stage : null, reason: deal.result.explanation,
  });
  summary.review_items = deal.evidence.reviewItems;
  summary.contradictions = deal.evidence.contradictions;
  return deal;
}
