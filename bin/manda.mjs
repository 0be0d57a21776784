#!/usr/bin/env node
// The `manda` CLI. It runs the compiled build of lib/cli/main.ts under dist/cli/ (made by
// scripts/build-cli.mjs at `npm install`), so no TypeScript is compiled at run time: start-up
// is Node loading plain JavaScript.
//
// A build older than its sources (someone edited lib/ after installing) must never run stale
// code. We rebuild rather than fall back to tsx: esbuild takes well under a second, once, and
// every later run is fast again, where a tsx fallback would keep a developer on the slow path
// until they remembered `npm run build:cli`. Only when the rebuild itself fails (esbuild
// missing, a read-only install, a syntax error) does the CLI run the sources through tsx, with
// a one-line notice on stderr. MANDA_CLI_FROM_SOURCE=1 forces the tsx path (benches compare).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cliDir = path.join(root, "dist", "cli");

/** The compiled entry point when a build exists and no file it was built from changed since. */
function freshBuild() {
  let pointer;
  try {
    pointer = JSON.parse(fs.readFileSync(path.join(cliDir, "current.json"), "utf8"));
  } catch {
    return undefined;
  }
  const entry = path.join(cliDir, String(pointer.id), "main.mjs");
  if (!Array.isArray(pointer.watch) || !fs.existsSync(entry)) return undefined;
  for (const rel of pointer.watch) {
    const st = fs.statSync(path.join(root, rel), { throwIfNoEntry: false });
    if (!st || st.mtimeMs > pointer.builtAt) return undefined;
  }
  return entry;
}

async function rebuild() {
  try {
    const { buildCli } = await import(pathToFileURL(path.join(root, "scripts", "build-cli.mjs")).href);
    await buildCli({ root, quiet: true });
    return freshBuild();
  } catch (e) {
    const reason = String(e?.message ?? e).split("\n")[0];
    process.stderr.write(`manda: could not rebuild the CLI (${reason}); running the TypeScript sources through tsx\n`);
    return undefined;
  }
}

async function loadFromSource() {
  const { register } = await import("tsx/esm/api");
  register({ tsconfig: path.join(root, "tsconfig.json") });
  return import(pathToFileURL(path.join(root, "lib/cli/main.ts")).href);
}

const fromSource = process.env.MANDA_CLI_FROM_SOURCE === "1";
const entry = fromSource ? undefined : (freshBuild() ?? (await rebuild()));
const { main } = entry ? await import(pathToFileURL(entry).href) : await loadFromSource();
process.exitCode = await main(process.argv.slice(2));
