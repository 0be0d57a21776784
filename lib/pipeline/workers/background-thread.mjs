// The web server's background worker in a thread of its own (lib/pipeline/background-thread.ts):
// ingest (chunking, embedding, index writes; PDF parsing in its own pool) and the extraction runs
// after uploads. It runs the TypeScript of lib/ through tsx (a dependency; `npm run worker` does
// the same), with the database reached over the port the web server's database thread gave it.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

if (!parentPort) throw new Error("background-thread.mjs must run in a worker thread");
register({ tsconfig: path.join(workerData.root, "tsconfig.json") });
const entry = pathToFileURL(path.join(workerData.root, "lib", "pipeline", "background-run.ts")).href;
const { runBackgroundThread } = await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ entry);
await runBackgroundThread({ control: parentPort, dbPort: workerData.dbPort });
