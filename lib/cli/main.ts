import { closeDb } from "@/lib/db";
import { isMandaError } from "@/lib/errors";
import type { ServeContext } from "./serve";

export type Command = (args: string[], ctx: ServeContext) => Promise<number>;

// Commands load on demand so `manda search` never loads parsers, generators or models it does not use.
const COMMANDS: Record<string, () => Promise<Command>> = {
  deal: async () => (await import("./deal")).dealCommand,
  ingest: async () => (await import("./ingest")).ingestCommand,
  search: async () => (await import("./search")).searchCommand,
  documents: async () => (await import("./documents")).documentsCommand,
  relations: async () => (await import("./graph")).relationsCommand,
  pipeline: async () => (await import("./pipeline")).pipelineCommand,
  "prepare-app": async () => {
    const { prepareAppCommand } = await import("./prepare-app");
    return (args) => prepareAppCommand(args);
  },
  ask: async () => (await import("./ask")).askCommand,
  chat: async () => (await import("./chat")).chatCommand,
  eval: async () => (await import("./eval")).evalCommand,
  irl: async () => (await import("./irl")).irlCommand,
  qa: async () => (await import("./qa")).qaCommand,
  findings: async () => (await import("./findings")).findingsCommand,
  timeline: async () => (await import("./findings")).timelineCommand,
  entities: async () => (await import("./findings")).entitiesCommand,
  review: async () => (await import("./review")).reviewCommand,
  serve: async () => (await import("./serve")).serveCommand,
};

const USAGE = `manda — due-diligence workspace CLI

  manda deal create <slug> [--name "…"] [--company "…"]
  manda deal list [--json]
  manda ingest --deal <slug> <file-or-dir>…        progress on stderr; exit 1 if any file failed
  manda documents --deal <slug> [--json]           documents with status and failure reasons
  manda search --deal <slug> [--document <filename>] [--k 10] [--json] "<query>"
  manda pipeline run --deal <slug> [--document <filename>] [--timeout 120] [--json]   extraction run, summary
  manda pipeline tasks --deal <slug> [--json]      tasks with status, attempts, timings, errors
  manda findings|timeline|entities --deal <slug> [--document <filename>] [--json]   promoted knowledge with citations
  manda review list|approve|reject --deal <slug> [<id>] [--reason "…"] [--json]     human review queue
  manda ask --deal <slug> [--json] "<question>"   one chat turn (same agent as the web chat), answer + sources
  manda chat --deal <slug> [--conversation <id>]   multi-turn chat on stdin/stdout, kept in the database
  manda irl --deal <slug> [--json]                 IRL coverage by domain (covered / partial / gap)
  manda qa list|add|generate|update|export --deal <slug> [--format csv|xlsx] [--out file]
  manda eval [--only EVAL-001,…] [--judge]          runs evals/ on a fresh data dir; exit 1 below 90%
  manda prepare-app                                migrate and load the demo deal (run by npm run dev/start)
  manda serve [--idle-minutes <n>]                 hold the database open and warm: the commands above
                                                   (but chat and eval) run through it, each in ~0.2-0.5 s

Data dir: MANDA_DATA_DIR (default ./.manda). DATABASE_URL selects a PostgreSQL server instead.`;

export interface MainOptions {
  /** The CLI build running (bin/manda.mjs: its entry file, or "source" under tsx). */
  build?: string;
  /** Leave the database open after the command (a command run by `manda serve`). */
  keepDb?: boolean;
}

export async function main(argv: string[], options: MainOptions = {}): Promise<number> {
  const [name, ...rest] = argv;
  const load = name ? COMMANDS[name] : undefined;
  if (!load) {
    process.stderr.write(`${USAGE}\n`);
    return name && name !== "help" && name !== "--help" ? 2 : 0;
  }
  try {
    const build = options.build ?? "source";
    return await (await load())(rest, { build, run: (next) => main(next, { build, keepDb: true }) });
  } catch (e) {
    if (isMandaError(e)) {
      process.stderr.write(`error: ${e.message} (${e.code})\n`);
      return e.type === "bad_request" ? 2 : 1;
    }
    process.stderr.write(`error: ${(e as Error)?.stack ?? String(e)}\n`);
    return 1;
  } finally {
    if (!options.keepDb) await closeDb();
  }
}
