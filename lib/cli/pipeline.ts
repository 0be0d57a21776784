import { getDb } from "@/lib/db";
import { requireDeal } from "@/lib/db/queries/deals";
import { listDocumentsByDeal } from "@/lib/db/queries/documents";
import { MandaError } from "@/lib/errors";
import { runPipeline, type PipelineResult } from "@/lib/pipeline/orchestrator";
import { listTasks } from "@/lib/pipeline/queue";
import type { AgentTask } from "@/lib/pipeline/types";
import { parseCli } from "./args";

const USAGE = `manda pipeline run --deal <slug> [--document <filename>] [--timeout 120] [--retry-failed] [--json]
manda pipeline tasks --deal <slug> [--status pending|running|completed|failed] [--json]`;

export async function pipelineCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCli(
    args,
    {
      deal: { type: "string" }, document: { type: "string" }, timeout: { type: "string" }, json: { type: "boolean" },
      status: { type: "string" }, "retry-failed": { type: "boolean" }, concurrency: { type: "string" },
    },
    USAGE,
  );
  const [sub] = positionals;
  if (!values.deal || (sub !== "run" && sub !== "tasks")) throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
  const db = await getDb();
  const deal = await requireDeal({ db, ref: values.deal });

  if (sub === "tasks") {
    const status = values.status as AgentTask["status"] | undefined;
    if (status && !["pending", "running", "completed", "failed"].includes(status)) throw new MandaError("bad_request:status", "--status is pending, running, completed or failed.");
    const tasks = await listTasks({ db, dealId: deal.id, status });
    const docs = new Map((await listDocumentsByDeal({ db, dealId: deal.id })).map((d) => [d.id, d.filename]));
    const rows = tasks.map((t) => ({
      id: t.id, type: t.task_type, status: t.status, document: t.document_id ? docs.get(t.document_id) ?? t.document_id : null,
      attempts: t.attempts, max_attempts: t.max_attempts, created_at: t.created_at.toISOString(),
      started_at: t.started_at?.toISOString() ?? null, completed_at: t.completed_at?.toISOString() ?? null,
      duration_ms: t.started_at && t.completed_at ? t.completed_at.getTime() - t.started_at.getTime() : null,
      run_after: t.status === "pending" ? t.run_after.toISOString() : null, locked_by: t.status === "running" ? t.locked_by : null,
      error: t.error_message, error_kind: t.error_kind,
      agent: (t.output_data?.agent as string | undefined) ?? null, model: (t.output_data?.model as string | undefined) ?? null,
    }));
    if (values.json) {
      process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
      return 0;
    }
    if (!rows.length) process.stdout.write("No tasks yet. Run: manda pipeline run --deal " + deal.slug + "\n");
    for (const r of rows) {
      const time = r.duration_ms != null ? `${r.duration_ms} ms` : r.status === "pending" ? `due ${r.run_after}` : r.status === "running" ? `on ${r.locked_by}` : "";
      process.stdout.write(`${r.status.padEnd(9)} ${r.type.padEnd(20)} ${String(r.document ?? "(deal)").padEnd(32)} attempts ${r.attempts}/${r.max_attempts}  ${time}${r.error ? `\n          ${r.error_kind ?? ""} ${r.error}` : ""}\n`);
    }
    return 0;
  }

  let documentId: string | undefined;
  if (values.document) {
    const docs = await listDocumentsByDeal({ db, dealId: deal.id });
    const d = docs.find((x) => x.filename === values.document || x.filename.replace(/\.[^.]+$/, "") === values.document || x.id === values.document);
    if (!d) throw new MandaError("not_found:document", `No document "${values.document}" in deal ${deal.slug}.`);
    documentId = d.id;
  }
  const timeout = values.timeout ? Number(values.timeout) : 120;
  if (!Number.isFinite(timeout) || timeout <= 0 || timeout > 24 * 3600) throw new MandaError("bad_request:timeout", "--timeout is a number of seconds (1 to 86400).");
  const concurrency = values.concurrency ? Number(values.concurrency) : undefined;
  if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)) throw new MandaError("bad_request:concurrency", "--concurrency is 1 to 64.");
  const result = await runPipeline({ db, dealId: deal.id, documentId, timeoutMs: timeout * 1000, concurrency, retryFailed: values["retry-failed"] ? "all" : "transient" });
  process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : formatResult(result));
  return result.success ? 0 : 1;
}

export function formatResult(r: PipelineResult): string {
  const s = r.summary;
  const lines = [
    `${r.agent} (${r.mode}) ${r.success ? "finished" : "FAILED"} in ${(r.execution_time_ms / 1000).toFixed(1)} s${r.message ? ` — ${r.message}` : ""}`,
    r.error ? `error: ${r.error}` : "",
    `documents ${s.documents_analyzed} analysed${s.documents_not_ready ? `, ${s.documents_not_ready} not ready` : ""}; processes ${s.processes_analyzed}`,
    `tasks ${s.tasks_created} created, ${s.tasks_reused} reused, ${s.tasks_requeued} re-queued, ${s.tasks_completed} completed, ${s.tasks_failed} failed, ${s.tasks_pending} pending`,
    `findings +${s.findings_promoted}, events +${s.events_extracted}, entities +${s.entities_extracted}, relations +${s.relations_created}; ${s.review_items} items await review, ${s.contradictions} contradictions`,
    `stages updated ${s.stages_updated}; skipped (no action) ${s.skipped_no_action}${s.timed_out ? "; TIMED OUT" : ""}`,
    "",
  ];
  for (const d of r.details) {
    const who = d.kind === "document" ? d.filename : d.kind === "process" ? d.process_key : d.kind;
    const stage = d.new_stage ? ` ${d.previous_stage ?? "∅"} → ${d.new_stage}` : "";
    lines.push(`  ${d.action.padEnd(13)} ${String(who).padEnd(34)}${stage}  ${d.reason}`);
  }
  return `${lines.filter((l, i) => l !== "" || i === lines.length - 1).join("\n")}\n`;
}
