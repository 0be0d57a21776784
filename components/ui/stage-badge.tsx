/** A deal's stage in words (the stored stage is a machine name such as "in_review"). */
const STAGE_LABEL: Record<string, string> = {
  empty: "Nothing indexed",
  ingesting: "Ingesting",
  indexed: "Indexed",
  extracting: "Extracting",
  in_review: "In review",
  gaps_open: "Gaps open",
  ready: "Ready",
};

export function stageLabel(stage: string | null | undefined): string {
  if (!stage) return "New";
  return STAGE_LABEL[stage] ?? stage.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

export function StageBadge({ stage, className = "" }: { stage: string | null | undefined; className?: string }) {
  return (
    <span className={`rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700 ${className}`} data-testid="stage-badge" data-stage={stage ?? ""}>
      {stageLabel(stage)}
    </span>
  );
}
