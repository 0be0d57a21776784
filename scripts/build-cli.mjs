#!/usr/bin/env node
// Compiles the programs that run lib/ outside Next.js to plain JavaScript under dist/cli/, so
// none of them compiles TypeScript at run time and neither esbuild nor tsx is needed to run
// Manda (both are dev dependencies):
//  - the `manda` CLI (lib/cli/main.ts, run by bin/manda.mjs);
//  - the web server's background thread (lib/pipeline/background-run.ts, started by
//    lib/pipeline/workers/background-thread.mjs);
//  - the queue worker (scripts/worker.ts, `npm run worker` through scripts/run-worker.mjs).
// Runs from `npm install` (the `prepare` script), `npm run build` and `npm run build:cli`.
// currentBuild() gives the launchers a build whose sources have not changed since; in a
// development checkout (esbuild installed) it rebuilds a stale one first, and an install
// without dev dependencies gets a clear error instead of stale code.
//
// Plain JavaScript (no TypeScript, no path aliases) because it must run before anything is
// compiled. esbuild does the work; this file only adds what esbuild has no option for:
//  - a build per directory (dist/cli/<id>/) and an atomically replaced pointer
//    (dist/cli/current.json), so two processes rebuilding at once, or a process still
//    lazily loading chunks of the previous build, never see a half-written build;
//  - the list of files and directories the build was made from, which freshBuild() stats
//    to tell whether the build is stale (a directory's mtime changes when a file is added,
//    e.g. a module an optional `import("@/…")` did not find at build time);
//  - `import.meta.url` / `dirname` / `filename` in the project's sources keep pointing at the
//    source file (lib/ingest/pdf-pool.ts starts lib/ingest/workers/pdf-worker.mjs from it).
// The launchers import this file on every run for currentBuild(); esbuild loads only to build.
// The bundle has linked source maps: NODE_OPTIONS=--enable-source-maps maps stack traces to
// lib/ (off by default: it costs ~70 ms of CPU per run).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), "..");
/**
 * The bundle's entry (dist/cli/<id>/main.mjs): the CLI's main() and the one start-up switch
 * bin/manda.mjs sets before it, from the same module instances main() uses.
 */
const ENTRY = "manda:cli-entry";
const ENTRY_SOURCE = `export { main } from "./lib/cli/main.ts";
export { keepDefaultWasmTiering } from "./lib/db/pglite.ts";
`;
/** Every program of the build: dist/cli/<id>/<out>.mjs, sharing chunks. */
const ENTRIES = [
  { in: ENTRY, out: "main" },
  { in: "lib/pipeline/background-run.ts", out: "background" },
  { in: "scripts/worker.ts", out: "worker" },
];
/**
 * A build counts as made this long before it started: file systems stamp mtimes with a coarse
 * clock (a few ms on Linux, 1 s on HFS+), so an edit made just after the build read a file
 * could otherwise carry an mtime older than the build. The cost: a file written within this
 * long before a build (a checkout just before `npm install`) makes the first run rebuild once.
 */
const MTIME_SLACK_MS = 1_000;
/**
 * Older builds are removed only past both limits: a process started from one (a long
 * `manda chat`, or one of several `manda` runs that rebuilt at once) may still load its
 * lazily imported chunks. A build is ~5 MB.
 */
const KEEP_BUILDS = 4;
const KEEP_BUILDS_FOR_MS = 10 * 60_000;

export const CLI_DIR = "dist/cli";
export const POINTER = "current.json";

/**
 * Packages compiled into the bundle: pure JavaScript on the path of every `manda ask` (the AI
 * SDK, its providers and zod, ~60 modules). Loaded from node_modules they cost Node's ESM
 * loader one file read per module, 100-250 ms; bundled, ~45 ms. Their own dependencies come
 * with them. Every other package stays in node_modules and loads at run time: native,
 * WebAssembly and worker-file packages (PGlite and its .wasm/.data files, pdf.js and its
 * worker) find their files relative to their own module URL, and the rest are loaded only by
 * the commands that need them.
 */
const BUNDLED_PACKAGES = new Set(["ai", "@ai-sdk/openai", "@ai-sdk/provider", "@ai-sdk/provider-utils", "zod"]);

const packageName = (spec) => spec.split("/").slice(0, spec.startsWith("@") ? 2 : 1).join("/");

/**
 * Which imports load at run time. `@/…` imports are the project's own (tsconfig paths): one
 * that does not resolve (an optional module, e.g. `import("@/lib/pipeline")` guarded by a
 * try) stays a run-time import and fails there as it does under tsx.
 */
function externalsPlugin() {
  return {
    name: "manda-externals",
    setup(b) {
      b.onResolve({ filter: /^@\// }, async (args) => {
        if (args.pluginData?.mandaInner) return undefined;
        const r = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { mandaInner: true } });
        return r.errors.length ? { path: args.path, external: true } : r;
      });
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.kind === "entry-point" || args.path.startsWith("@/") || args.path.startsWith("node:") || args.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        return BUNDLED_PACKAGES.has(packageName(args.path)) ? undefined : { path: args.path, external: true };
      });
    },
  };
}

function entryPlugin(root) {
  return {
    name: "manda-entry",
    setup(b) {
      b.onResolve({ filter: /^manda:cli-entry$/ }, () => ({ path: "cli-entry", namespace: "manda-entry" }));
      b.onLoad({ filter: /.*/, namespace: "manda-entry" }, () => ({ contents: ENTRY_SOURCE, resolveDir: root, loader: "ts" }));
    },
  };
}

/** A missing or stale build that cannot be rebuilt here: the message says what to run. */
export class BuildUnavailable extends Error {}

const NO_ESBUILD =
  "the compiled build (dist/cli) is missing or older than its sources, and esbuild, a dev " +
  "dependency, is not installed to rebuild it. Build it where dev dependencies are installed " +
  "(`npm install`, or `npm run build:cli`), before any `npm prune --omit=dev`.";

async function importEsbuild(specifier) {
  try {
    return await import(specifier);
  } catch (e) {
    if (e?.code === "ERR_MODULE_NOT_FOUND") throw new BuildUnavailable(NO_ESBUILD);
    throw e;
  }
}

/** Bundled CommonJS code may call require() (node built-ins); ES modules have none. */
const REQUIRE_SHIM = 'import { createRequire as __mandaCreateRequire } from "node:module";\nconst require = __mandaCreateRequire(import.meta.url);';

const IMPORT_META = /\bimport\.meta\.(url|dirname|filename)\b/g;
const HAS_IMPORT_META = /\bimport\.meta\.(url|dirname|filename)\b/;

/** Rewrites import.meta.{url,dirname,filename} in a project source to the source file's own. */
function sourceUrlPlugin(outdir) {
  return {
    name: "manda-source-url",
    setup(b) {
      b.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = await fs.promises.readFile(args.path, "utf8");
        if (!HAS_IMPORT_META.test(text)) return undefined;
        const rel = path.relative(outdir, args.path).split(path.sep).join("/");
        const url = `new URL(${JSON.stringify(rel)}, import.meta.url)`;
        const header = 'import * as __mandaUrl from "node:url";\nimport * as __mandaPath from "node:path";\n';
        const body = text.replace(IMPORT_META, (_, key) =>
          key === "url"
            ? `${url}.href`
            : key === "filename"
              ? `__mandaUrl.fileURLToPath(${url})`
              : `__mandaPath.dirname(__mandaUrl.fileURLToPath(${url}))`,
        );
        const loader = path.extname(args.path).slice(1).replace(/^m/, "");
        return { contents: header + body, loader: loader === "tsx" ? "tsx" : loader === "ts" ? "ts" : "js" };
      });
    },
  };
}

/** Files and directories whose change makes the build stale (paths relative to the root). */
function watchList(root, metafile) {
  // Inputs are paths relative to the root; "namespace:…" ones (the entry above) are not files.
  const sources = Object.keys(metafile.inputs).filter((input) => !input.includes("node_modules/") && !input.includes(":"));
  const dirs = new Set(sources.map((f) => path.posix.dirname(f)));
  const self = path.relative(root, SELF).split(path.sep).join("/");
  const tooling = ["tsconfig.json", ...(self.startsWith("../") ? [] : [self])];
  return [...tooling, ...sources, ...dirs].sort();
}

/**
 * The compiled entry point (dist/cli/<id>/main.mjs) when a build exists and none of the files
 * and directories it was made from changed since it started; otherwise undefined.
 */
export function freshBuild(root = ROOT) {
  const cliDir = path.join(root, CLI_DIR);
  let pointer;
  try {
    pointer = JSON.parse(fs.readFileSync(path.join(cliDir, POINTER), "utf8"));
  } catch {
    return undefined;
  }
  const entry = path.join(cliDir, String(pointer.id), "main.mjs");
  if (!Array.isArray(pointer.watch) || typeof pointer.builtAt !== "number" || !fs.existsSync(entry)) return undefined;
  for (const rel of pointer.watch) {
    const st = fs.statSync(path.join(root, rel), { throwIfNoEntry: false });
    if (!st || st.mtimeMs > pointer.builtAt) return undefined;
  }
  return entry;
}

function pruneOldBuilds(cliDir, currentId) {
  const builds = fs
    .readdirSync(cliDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== currentId)
    .map((d) => ({ name: d.name, mtime: fs.statSync(path.join(cliDir, d.name), { throwIfNoEntry: false })?.mtimeMs }))
    .filter((d) => d.mtime !== undefined) // another process's prune may have removed it
    .sort((a, b) => b.mtime - a.mtime);
  const cutoff = Date.now() - KEEP_BUILDS_FOR_MS;
  for (const old of builds.slice(KEEP_BUILDS)) {
    if (old.mtime < cutoff) fs.rmSync(path.join(cliDir, old.name), { recursive: true, force: true });
  }
}

/**
 * Builds every entry; returns the new build's pointer ({ id, builtAt, watch }). Throws
 * BuildUnavailable when esbuild is not installed (tests name a package that is not: `esbuild`).
 */
export async function buildCli({ root = ROOT, quiet = false, esbuild = "esbuild" } = {}) {
  const started = Date.now();
  const builtAt = started - MTIME_SLACK_MS;
  const id = `${started.toString(36)}-${process.pid}-${randomBytes(3).toString("hex")}`;
  const cliDir = path.join(root, CLI_DIR);
  const outdir = path.join(cliDir, id);
  const { build } = await importEsbuild(esbuild);
  const result = await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    bundle: true,
    splitting: true, // commands stay lazily loaded (lib/cli/main.ts imports each on demand)
    platform: "node",
    format: "esm",
    target: "node20", // the oldest Node that CI still runs (a smoke set)
    outdir,
    outExtension: { ".js": ".mjs" },
    banner: { js: REQUIRE_SHIM },
    tsconfig: path.join(root, "tsconfig.json"),
    sourcemap: "linked",
    sourcesContent: false,
    metafile: true,
    logLevel: quiet ? "silent" : "warning", // quiet: the caller reports a failure itself
    plugins: [entryPlugin(root), externalsPlugin(), sourceUrlPlugin(outdir)],
  });
  const pointer = { id, builtAt, watch: watchList(root, result.metafile) };
  const tmp = path.join(cliDir, `.${POINTER}.${process.pid}`);
  fs.writeFileSync(tmp, JSON.stringify(pointer));
  fs.renameSync(tmp, path.join(cliDir, POINTER));
  pruneOldBuilds(cliDir, id);
  return pointer;
}

/**
 * The directory of a build whose sources have not changed since it was made, rebuilding a
 * missing or stale one first (a development checkout). Throws BuildUnavailable when esbuild is
 * not installed, or the build error when the sources do not compile.
 */
export async function currentBuild({ root = ROOT, esbuild = "esbuild" } = {}) {
  const entry = freshBuild(root);
  if (entry) return path.dirname(entry);
  const { id } = await buildCli({ root, quiet: true, esbuild });
  return path.join(root, CLI_DIR, id);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const t0 = performance.now();
  try {
    const { id } = await buildCli();
    process.stderr.write(`manda build made in ${(performance.now() - t0).toFixed(0)} ms → ${CLI_DIR}/${id}/\n`);
  } catch (e) {
    // `npm install --omit=dev` runs `prepare` without esbuild: the install itself succeeds, and
    // `manda`, `npm start` and `npm run worker` then stop with the same message.
    if (!(e instanceof BuildUnavailable) || process.env.npm_lifecycle_event !== "prepare") throw e;
    process.stderr.write(`manda: not built: ${e.message}\n`);
  }
}
