/**
 * Dependency rules: the layers of the README's architecture, checked by `npm run lint:deps` (CI).
 * Runtime imports only (type-only imports are erased and may cross layers).
 *
 *   app/, components/            surfaces (Next.js pages, route handlers, client components)
 *   lib/cli, lib/ui, lib/demo    surfaces' library code
 *   lib/agent, lib/chat          the conversation layer
 *   lib/<domain>                 ingest, search, statements, metrics, answers, periods, graph,
 *                                extraction, irl, pipeline, models, storage, auth, http, guardrails
 *   lib/db, lib/config.ts, lib/errors.ts, lib/log.ts, lib/display-text.ts   foundation
 *   evals/, bench/, scripts/, tests/   outside the product; they may import anything in lib/
 *
 * Each exception names why it is there; remove it when its reason goes.
 */
const DOMAIN = "^lib/(ingest|search|statements|metrics|answers|periods|graph|extraction|irl|pipeline|models|storage|auth|http|guardrails)/";
const FOUNDATION = "^lib/(db/|config\\.ts$|errors\\.ts$|log\\.ts$|display-text\\.ts$|text-keys\\.ts$)";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A runtime import cycle: module initialisation order then decides what works.",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-not-outside",
      severity: "error",
      comment: "Product code (lib/) does not import the app, components, evals, benches, scripts or tests.",
      // lib/cli/eval.ts is the `manda eval` command: the CLI entry of the eval runner.
      from: { path: "^lib/", pathNot: "^lib/cli/eval\\.ts$" },
      to: { path: "^(app|components|evals|bench|scripts|tests)/" },
    },
    {
      name: "cli-outside-only-its-entries",
      severity: "error",
      comment: "The CLI exception above reaches only the eval runner.",
      from: { path: "^lib/cli/" },
      to: { path: "^(app|components|evals|bench|scripts|tests)/", pathNot: "^evals/runner\\.ts$" },
    },
    {
      name: "runtime-no-demo-writers",
      severity: "error",
      comment:
        "pdf-lib and docx write the demo data room (scripts/demo) and test fixtures; they are devDependencies. " +
        "The app loads the generated files shipped in demo/ (lib/demo/load.ts), so product code never imports them.",
      from: { path: "^(lib|app|components)/" },
      to: { path: "(^|/)node_modules/(pdf-lib|docx)/" },
    },
    {
      name: "demo-not-scripts",
      severity: "error",
      comment: "lib/demo seeds a deal from a shipped folder (demo/deal.json + demo/room); it never imports scripts/.",
      from: { path: "^lib/demo/" },
      to: { path: "^scripts/" },
    },
    {
      name: "foundation-down-only",
      severity: "error",
      comment: "The foundation (database, config, errors, log) imports nothing above it.",
      // lib/db/index.ts, when it opens the database: reclaims the task leases of a dead owner
      // process (lib/pipeline/queue.ts), so a restarted process picks those tasks up at once, and
      // gives the configured embedding space its HNSW index (lib/models/embedding-key.ts, no provider).
      from: { path: FOUNDATION, pathNot: "^lib/db/index\\.ts$" },
      to: { path: "^lib/", pathNot: FOUNDATION },
    },
    {
      name: "db-index-only-lease-reclaim",
      severity: "error",
      comment: "The lib/db/index.ts exception reaches only the pipeline queue and the embedding space's key.",
      from: { path: "^lib/db/index\\.ts$" },
      to: { path: "^lib/", pathNot: [FOUNDATION, "^lib/pipeline/queue\\.ts$", "^lib/models/(embedding-key|local-embedder)\\.ts$"] },
    },
    {
      name: "domain-not-conversation",
      severity: "error",
      comment: "Domain libraries do not import the conversation layer or the surfaces (lib/agent, lib/chat, lib/ui, lib/cli, lib/demo).",
      // Exception, issue 13 §1 (one agent, two modes):
      // - lib/answers/narrative reads people questions with the agent's knowledge reader
      //   (lib/agent/knowledge/people.ts), which belongs beside it.
      from: { path: DOMAIN, pathNot: ["^lib/answers/narrative/answer-type\\.ts$"] },
      to: { path: "^lib/(agent|chat|ui|cli|demo)/" },
    },
    {
      name: "models-not-agent",
      severity: "error",
      comment: "lib/models does not import lib/agent: the offline model lives with the agent it drives (lib/agent/offline).",
      from: { path: "^lib/models/" },
      to: { path: "^lib/agent/" },
    },
    {
      name: "answers-only-agent-knowledge",
      severity: "error",
      comment: "The lib/answers exception above reaches only lib/agent/knowledge.",
      from: { path: "^lib/answers/" },
      to: { path: "^lib/agent/", pathNot: "^lib/agent/knowledge/" },
    },
    {
      name: "conversation-not-surfaces",
      severity: "error",
      comment: "The agent and the chat logic do not import the surfaces' library code.",
      from: { path: "^lib/(agent|chat)/" },
      to: { path: "^lib/(ui|cli|demo)/" },
    },
    {
      name: "ui-server-only-on-the-server",
      severity: "error",
      comment:
        "lib/ui/server is server-only (it throws when bundled for the browser): client components, the CLI, " +
        "evals, benches and scripts do not import it.",
      from: { path: "^(components|lib/cli|lib/agent|lib/chat|evals|bench|scripts)/" },
      to: { path: "^lib/ui/server/" },
    },
    {
      name: "components-no-server-code",
      severity: "error",
      comment: "Client components import no database, pipeline, ingest, storage, auth or model code.",
      from: { path: "^components/" },
      to: { path: "^lib/(db|pipeline|ingest|storage|auth|chat|search|models|extraction|graph|irl)/" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import that resolves to nothing.",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // node_modules is not followed but not excluded either: edges into packages stay visible to the rules
    // (runtime-no-demo-writers).
    exclude: { path: "^(\\.next|dist)/" },
    // Runtime edges only: `import type` is erased by the compiler.
    tsPreCompilationDeps: false,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
  },
};
