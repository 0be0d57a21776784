#!/usr/bin/env node
// The `manda` CLI. It runs the compiled build of lib/cli/main.ts under dist/cli/ (made by
// scripts/build-cli.mjs at `npm install`), so no TypeScript is compiled at run time: start-up
// is Node loading plain JavaScript, and neither esbuild nor tsx (dev dependencies) is needed.
//
// A build older than its sources (someone edited lib/ after installing) must never run stale
// code. In a development checkout currentBuild() rebuilds it (esbuild takes well under a
// second, once). Where that fails (a syntax error, a read-only checkout) the CLI runs the
// sources through tsx if it is installed, with a one-line notice on stderr; otherwise (an
// install without dev dependencies) it stops and says how to build. MANDA_CLI_FROM_SOURCE=1
// forces the tsx path (benches compare).
//
// When `manda serve` holds the data dir (same build, same configuration), the command runs
// there (lib/cli/serve-protocol.mjs) and this process loads none of the CLI: no PGlite start-up.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { currentBuild } from "../scripts/build-cli.mjs";
import { runThroughServer } from "../lib/cli/serve-protocol.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const firstLine = (e) => {
  const first = e?.errors?.[0]; // esbuild's own errors carry a location
  const where = first?.location ? `${first.location.file}:${first.location.line}: ` : "";
  return first ? `${where}${first.text}` : String(e?.message ?? e).split("\n")[0];
};

function tsxInstalled() {
  try {
    import.meta.resolve("tsx/esm/api");
    return true;
  } catch {
    return false;
  }
}

/** The compiled entry, or undefined to run the sources through tsx. */
async function compiledEntry() {
  try {
    return path.join(await currentBuild({ root }), "main.mjs");
  } catch (e) {
    if (!tsxInstalled()) {
      process.stderr.write(`manda: ${firstLine(e)}\n`);
      await exit(1);
    }
    process.stderr.write(`manda: could not rebuild the CLI (${firstLine(e)}); running the TypeScript sources through tsx\n`);
    return undefined;
  }
}

/** The same exports as the build's entry (scripts/build-cli.mjs), compiled as they load. */
async function loadFromSource() {
  if (!tsxInstalled()) {
    process.stderr.write("manda: MANDA_CLI_FROM_SOURCE=1 needs tsx, a dev dependency (`npm install`)\n");
    await exit(1);
  }
  const { register } = await import("tsx/esm/api");
  register({ tsconfig: path.join(root, "tsconfig.json") });
  const source = (rel) => import(pathToFileURL(path.join(root, rel)).href);
  const [{ main }, { keepDefaultWasmTiering }] = await Promise.all([source("lib/cli/main.ts"), source("lib/db/pglite.ts")]);
  return { main, keepDefaultWasmTiering };
}

/**
 * Commands that open the database, answer and exit within a second or two. PGlite otherwise
 * asks V8 to optimise its hot WebAssembly early, which pays off in longer runs (ingest,
 * pipeline, chat, eval, the web server) but only costs CPU in these (lib/db/pglite.ts).
 */
const ONE_SHOT_COMMANDS = new Set(["ask", "search", "documents", "findings", "timeline", "entities", "relations", "deal", "irl", "review"]);

/** Flushes output, then exits (see below). */
async function exit(code) {
  await Promise.all([process.stdout, process.stderr].map((s) => new Promise((resolve) => s.write("", resolve))));
  process.exit(code);
}

const fromSource = process.env.MANDA_CLI_FROM_SOURCE === "1";
const entry = fromSource ? undefined : await compiledEntry();
const build = entry ? path.relative(root, entry) : "source";
const argv = process.argv.slice(2);
const served = await runThroughServer({ argv, env: process.env, build });
if (served !== undefined) await exit(served);
const { main, keepDefaultWasmTiering } = entry ? await import(pathToFileURL(entry).href) : await loadFromSource();
if (ONE_SHOT_COMMANDS.has(argv[0])) keepDefaultWasmTiering();
const code = await main(argv, { build });
// Exit as soon as the command is done (it has closed the database): waiting for the event loop
// to drain also waits for V8's background jobs, e.g. optimising compiles of PGlite's
// WebAssembly that this process will never run (up to seconds on a busy machine). Output is
// flushed first, since on some platforms writes to a pipe complete asynchronously.
await exit(code);
