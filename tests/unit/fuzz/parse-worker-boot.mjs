// Loads the TypeScript parse worker through tsx (a worker thread does not inherit vitest's transform).
import { register } from "tsx/esm/api";
register({ tsconfig: new URL("../../../tsconfig.json", import.meta.url).pathname });
await import("./parse-worker.ts");
