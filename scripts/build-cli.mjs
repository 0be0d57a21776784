#!/usr/bin/env node
// Compiles the `manda` CLI (lib/cli/main.ts and everything it imports through `@/`) to plain
// JavaScript under dist/cli/, so `manda` never compiles TypeScript at run time. Runs from
// `npm install` (the `prepare` script) and `npm run build:cli`; bin/manda.mjs calls it again
// when a source file is newer than the build.
//
// Plain JavaScript (no TypeScript, no path aliases) because it must run before anything is
// compiled. esbuild does the work; this file only adds what esbuild has no option for:
//  - a build per directory (dist/cli/<id>/) and an atomically replaced pointer
//    (dist/cli/current.json), so two `manda` processes rebuilding at once, or a process still
//    lazily loading chunks of the previous build, never see a half-written build;
//  - the list of files and directories the build was made from, which bin/manda.mjs stats
//    to tell whether the build is stale (a directory's mtime changes when a file is added,
//    e.g. a module an optional `import("@/…")` did not find at build time);
//  - `import.meta.url` / `dirname` / `filename` in the project's sources keep pointing at the
//    source file (lib/ingest/pdf-pool.ts starts lib/ingest/workers/pdf-worker.mjs from it).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ENTRY = "lib/cli/main.ts";
/** Builds kept besides the current one: a long `manda chat` may still load chunks of one. */
const KEEP_BUILDS = 2;

export const CLI_DIR = "dist/cli";
export const POINTER = "current.json";

/**
 * Packages stay in node_modules and load at run time: native, WebAssembly and worker-file
 * packages (PGlite and its .wasm/.data files, pdf.js and its worker) find their files relative
 * to their own module URL, and bundling the rest would only duplicate node_modules.
 */
const PACKAGES = "external";

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
function watchList(metafile) {
  const sources = Object.keys(metafile.inputs).filter((input) => !input.includes("node_modules/"));
  const dirs = new Set(sources.map((f) => path.posix.dirname(f)));
  return ["tsconfig.json", "scripts/build-cli.mjs", ...sources, ...dirs].sort();
}

function pruneOldBuilds(cliDir, currentId) {
  const builds = fs
    .readdirSync(cliDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== currentId)
    .map((d) => ({ name: d.name, mtime: fs.statSync(path.join(cliDir, d.name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const old of builds.slice(KEEP_BUILDS)) fs.rmSync(path.join(cliDir, old.name), { recursive: true, force: true });
}

/** Builds the CLI; returns the new build's pointer ({ id, builtAt, watch }). */
export async function buildCli({ root = ROOT, quiet = false } = {}) {
  const builtAt = Date.now();
  const id = `${builtAt.toString(36)}-${process.pid}`;
  const cliDir = path.join(root, CLI_DIR);
  const outdir = path.join(cliDir, id);
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: ENTRY },
    bundle: true,
    splitting: true, // commands stay lazily loaded (lib/cli/main.ts imports each on demand)
    platform: "node",
    format: "esm",
    target: "node20",
    outdir,
    outExtension: { ".js": ".mjs" },
    packages: PACKAGES,
    tsconfig: path.join(root, "tsconfig.json"),
    sourcemap: "linked",
    sourcesContent: false,
    metafile: true,
    logLevel: quiet ? "error" : "warning",
    plugins: [sourceUrlPlugin(outdir)],
  });
  const pointer = { id, builtAt, watch: watchList(result.metafile) };
  const tmp = path.join(cliDir, `.${POINTER}.${process.pid}`);
  fs.writeFileSync(tmp, JSON.stringify(pointer));
  fs.renameSync(tmp, path.join(cliDir, POINTER));
  pruneOldBuilds(cliDir, id);
  return pointer;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const t0 = performance.now();
  const { id } = await buildCli();
  process.stderr.write(`manda CLI built in ${(performance.now() - t0).toFixed(0)} ms → ${CLI_DIR}/${id}/\n`);
}
