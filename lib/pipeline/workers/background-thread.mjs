// The web server's background worker in a thread of its own (lib/pipeline/background-thread.ts):
// ingest (chunking, embedding, index writes; PDF parsing in its own pool) and the extraction runs
// after uploads. It runs lib/pipeline/background-run.ts from the compiled build under dist/cli
// (scripts/build-cli.mjs, as the CLI does), with the database reached over the port the web
// server's database thread gave it. Both files load by path from the project root: Next.js may
// run this file from its own build directory.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";

if (!parentPort) throw new Error("background-thread.mjs must run in a worker thread");
const load = (...rel) => import(/* webpackIgnore: true */ /* turbopackIgnore: true */ pathToFileURL(path.join(...rel)).href);
const { currentBuild } = await load(workerData.root, "scripts", "build-cli.mjs");
const { runBackgroundThread } = await load(await currentBuild({ root: workerData.root }), "background.mjs");
await runBackgroundThread({ control: parentPort, dbPort: workerData.dbPort });
