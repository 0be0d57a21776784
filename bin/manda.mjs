#!/usr/bin/env node
// The `manda` CLI: registers tsx (TypeScript + the @/ path alias) and runs lib/cli/main.ts.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
register({ tsconfig: path.join(root, "tsconfig.json") });
const { main } = await import(pathToFileURL(path.join(root, "lib/cli/main.ts")).href);
process.exitCode = await main(process.argv.slice(2));
