import { parseCli } from "./args";

const USAGE = "manda eval [--only EVAL-001,EVAL-010] [--judge] [--keep] [--no-pipeline] [--json]";

/** Runs evals/ (fresh data dir, demo deal, the same agent as the chat) and prints pass rates; exit 1 below 90%. */
export async function evalCommand(args: string[]): Promise<number> {
  const { values } = parseCli(
    args,
    { only: { type: "string" }, judge: { type: "boolean" }, keep: { type: "boolean" }, "no-pipeline": { type: "boolean" }, json: { type: "boolean" } },
    USAGE,
  );
  const { runEvals } = await import("@/evals/runner");
  const report = await runEvals({
    only: values.only?.split(",").map((s) => s.trim()).filter(Boolean),
    judge: values.judge,
    keep: values.keep,
    noPipeline: values["no-pipeline"],
    out: values.json ? () => {} : undefined,
  });
  if (values.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  return report.exitCode;
}
