#!/usr/bin/env node
// `npm run worker [-- options]`: the queue worker (scripts/worker.ts, options there) from the
// compiled build under dist/cli (scripts/build-cli.mjs), so it compiles no TypeScript at run
// time. A missing or stale build is rebuilt in a development checkout, else the worker stops and
// says how to build.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { BuildUnavailable, currentBuild } from "./build-cli.mjs";

let build;
try {
  build = await currentBuild();
} catch (e) {
  if (!(e instanceof BuildUnavailable)) throw e;
  process.stderr.write(`manda worker: ${e.message}\n`);
  process.exit(1);
}
await import(pathToFileURL(path.join(build, "worker.mjs")).href);
