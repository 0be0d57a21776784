// `npm start` / `npm run dev`: runs `next start|dev` bound to MANDA_HOST (default 127.0.0.1, this
// machine only: local mode has no sign-in). Set MANDA_HOST=0.0.0.0 (in the environment or .env)
// to listen on every interface. The port is Next's: PORT=4000 or `npm start -- -p 4000`.
// MANDA_HOST is validated by lib/config.ts (prepare-app runs first and refuses a bad value).
// Slow clients: Node's headersTimeout / requestTimeout from MANDA_HEADERS_TIMEOUT_MS and
// MANDA_REQUEST_TIMEOUT_MS, set on Next's server by scripts/server-timeouts.mjs (loaded through NODE_OPTIONS,
// so the server process `next dev` forks gets it too).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import nextEnv from "@next/env";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [command, ...rest] = process.argv.slice(2);
if (command !== "start" && command !== "dev") {
  process.stderr.write("usage: node scripts/serve.mjs start|dev [next options]\n");
  process.exit(2);
}
nextEnv.loadEnvConfig(root, command === "dev");
/** A host given to Next directly (`-H name`, `--hostname name`, `--hostname=name`), if any. */
function hostArgument(args) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "-H" || args[i] === "--hostname") return args[i + 1];
    if (args[i].startsWith("--hostname=")) return args[i].slice("--hostname=".length);
  }
  return undefined;
}
const given = hostArgument(rest);
const host = given?.trim() || process.env.MANDA_HOST?.trim() || "127.0.0.1";
const args = [command, ...(given ? [] : ["-H", host]), ...rest];
const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
// the request guard allows the bound host by MANDA_HOST: a `-H` given here is that host too
const timeouts = `--import=${JSON.stringify(pathToFileURL(path.join(root, "scripts", "server-timeouts.mjs")).href)}`;
const nodeOptions = [process.env.NODE_OPTIONS, timeouts].filter(Boolean).join(" ");
const env = { ...process.env, MANDA_HOST: host, NEXT_TELEMETRY_DISABLED: "1", NODE_OPTIONS: nodeOptions };
const child = spawn(process.execPath, [next, ...args], { stdio: "inherit", env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
