/** `npx tsx evals/agent-mode/run.ts [--only AM-001,AM-002] [--json]` — the Agent Mode evals alone. */
import { runAgentModeEvals } from "./runner";

const args = process.argv.slice(2);
const onlyAt = args.indexOf("--only");
const only = onlyAt >= 0 ? args[onlyAt + 1]?.split(",").map((s) => s.trim()).filter(Boolean) : undefined;
const json = args.includes("--json");
const report = await runAgentModeEvals({ only, out: json ? () => {} : undefined });
if (json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
process.exitCode = report.exitCode;
