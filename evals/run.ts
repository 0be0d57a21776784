/** `npm run eval`: the same as `manda eval`. `npm run eval -- --agent-mode` runs the Agent Mode evals (evals/agent-mode). */
import { main } from "@/lib/cli/main";

if (process.argv.includes("--agent-mode")) {
  const { runAgentModeEvals } = await import("./agent-mode/runner");
  process.exitCode = (await runAgentModeEvals()).exitCode;
} else {
  process.exitCode = await main(["eval", ...process.argv.slice(2)]);
}
