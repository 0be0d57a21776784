import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error -- plain JavaScript build script (it runs before anything is compiled)
import { BuildUnavailable, buildCli, currentBuild, freshBuild } from "../../scripts/build-cli.mjs";

/**
 * scripts/build-cli.mjs on a small made-up project laid out like this one (lib/cli/main.ts,
 * lib/db/pglite.ts, the background thread's and the queue worker's entries, the `@/` alias):
 * what the compiled programs resolve, when a build is stale, and what runs without esbuild.
 */
const NOT_INSTALLED = "manda-test-esbuild-not-installed";
const FILES: Record<string, string> = {
  "tsconfig.json": JSON.stringify({ compilerOptions: { module: "esnext", moduleResolution: "bundler", paths: { "@/*": ["./*"] } } }),
  "lib/greet.ts": "export const greet = (name: string): string => `hello ${name}`;\n",
  "lib/where.ts": "export const here = import.meta.url;\nexport const dir = import.meta.dirname;\nexport const file = import.meta.filename;\n",
  "lib/pipeline/background-run.ts": 'import { greet } from "@/lib/greet";\nexport const runBackgroundThread = async (): Promise<string> => greet("background");\n',
  "scripts/worker.ts": 'import { greet } from "@/lib/greet";\nexport const started = greet("worker");\n',
  "lib/db/pglite.ts": "export let tiering = 'eager';\nexport function keepDefaultWasmTiering(): void { tiering = 'default'; }\n",
  "lib/cli/main.ts": [
    'import { greet } from "@/lib/greet";',
    'import * as db from "@/lib/db/pglite";',
    "export async function main(argv: string[]) {",
    '  const { here, dir, file } = await import("@/lib/where");',
    '  let optional = "present";',
    "  try {",
    "    // @ts-ignore -- absent on purpose",
    '    await import("@/lib/optional");',
    "  } catch {",
    '    optional = "missing";',
    "  }",
    "  return { greeting: greet(argv[0] ?? ''), here, dir, file, optional, tiering: db.tiering };",
    "}",
    "",
  ].join("\n"),
};

let root: string;
const HOUR_AGO = new Date(Date.now() - 3_600_000);

/** Dates every fixture file and directory back, as if written long before the build. */
function backdate(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "dist") continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) backdate(p);
    fs.utimesSync(p, HOUR_AGO, HOUR_AGO);
  }
  fs.utimesSync(dir, HOUR_AGO, HOUR_AGO);
}

async function freshlyBuilt(): Promise<string> {
  backdate(root);
  await buildCli({ root, quiet: true });
  const entry = freshBuild(root);
  expect(entry).toBeTypeOf("string");
  return entry as string;
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "manda-cli-build-"));
  for (const [rel, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("the compiled CLI", () => {
  it("runs main() with the @/ alias resolved and import.meta pointing at the source file", async () => {
    const mod = await import(pathToFileURL(await freshlyBuilt()).href);
    mod.keepDefaultWasmTiering();
    const out = await mod.main(["deal"]);
    expect(out.greeting).toBe("hello deal");
    expect(out.here).toBe(pathToFileURL(path.join(root, "lib/where.ts")).href);
    expect(out.file).toBe(path.join(root, "lib/where.ts"));
    expect(out.dir).toBe(path.join(root, "lib"));
    // the entry's switch and main() share one module instance
    expect(out.tiering).toBe("default");
  });

  it("leaves an @/ import that does not resolve to fail at run time, as under tsx", async () => {
    const mod = await import(pathToFileURL(await freshlyBuilt()).href);
    expect((await mod.main([])).optional).toBe("missing");
  });
});

describe("the build's other programs", () => {
  it("compiles the background thread's and the queue worker's entries beside the CLI", async () => {
    const dir = path.dirname(await freshlyBuilt());
    const background = await import(pathToFileURL(path.join(dir, "background.mjs")).href);
    expect(await background.runBackgroundThread()).toBe("hello background");
    const worker = await import(pathToFileURL(path.join(dir, "worker.mjs")).href);
    expect(worker.started).toBe("hello worker");
  });
});

describe("currentBuild", () => {
  it("returns a fresh build without loading esbuild (an install without dev dependencies)", async () => {
    const entry = await freshlyBuilt();
    expect(await currentBuild({ root, esbuild: NOT_INSTALLED })).toBe(path.dirname(entry));
  });

  it("rebuilds a stale build", async () => {
    const before = path.dirname(await freshlyBuilt());
    const now = new Date();
    fs.utimesSync(path.join(root, "lib/greet.ts"), now, now);
    const after = await currentBuild({ root });
    expect(after).not.toBe(before);
    expect(fs.existsSync(path.join(after, "main.mjs"))).toBe(true);
  });

  it("refuses a stale build when esbuild is not installed, saying how to build", async () => {
    await freshlyBuilt();
    const now = new Date();
    fs.utimesSync(path.join(root, "lib/greet.ts"), now, now);
    const failure = currentBuild({ root, esbuild: NOT_INSTALLED });
    await expect(failure).rejects.toBeInstanceOf(BuildUnavailable);
    await expect(failure).rejects.toThrow(/npm run build:cli/);
  });
});

describe("freshBuild", () => {
  it("is stale when a source changed after the build", async () => {
    await freshlyBuilt();
    const now = new Date();
    fs.utimesSync(path.join(root, "lib/greet.ts"), now, now);
    expect(freshBuild(root)).toBeUndefined();
  });

  it("is stale when a file appears beside the sources (an optional import may now resolve)", async () => {
    await freshlyBuilt();
    fs.writeFileSync(path.join(root, "lib/optional.ts"), "export const x = 1;\n");
    try {
      expect(freshBuild(root)).toBeUndefined();
    } finally {
      fs.rmSync(path.join(root, "lib/optional.ts"));
    }
  });

  it("is stale when tsconfig.json changed or a source was deleted", async () => {
    await freshlyBuilt();
    const now = new Date();
    fs.utimesSync(path.join(root, "tsconfig.json"), now, now);
    expect(freshBuild(root)).toBeUndefined();

    await freshlyBuilt();
    const greet = fs.readFileSync(path.join(root, "lib/greet.ts"));
    fs.rmSync(path.join(root, "lib/greet.ts"));
    try {
      expect(freshBuild(root)).toBeUndefined();
    } finally {
      fs.writeFileSync(path.join(root, "lib/greet.ts"), greet);
    }
  });

  it("is undefined before any build", () => {
    expect(freshBuild(path.join(root, "lib"))).toBeUndefined();
  });
});

describe("old builds", () => {
  const buildDirs = () => fs.readdirSync(path.join(root, "dist/cli"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

  it("are kept while recent (a running process may still load their chunks), then all but the newest four go", async () => {
    for (let i = 0; i < 6; i++) await freshlyBuilt();
    const recent = buildDirs();
    expect(recent.length).toBeGreaterThanOrEqual(6);
    recent.forEach((name, i) => {
      const t = new Date(HOUR_AGO.getTime() + i * 1000);
      fs.utimesSync(path.join(root, "dist/cli", name), t, t);
    });
    await freshlyBuilt();
    const current = (JSON.parse(fs.readFileSync(path.join(root, "dist/cli/current.json"), "utf8")) as { id: string }).id;
    const kept = buildDirs();
    expect(kept).toContain(current);
    expect(kept.sort()).toEqual([current, ...[...recent].slice(-4)].sort());
  });
});
