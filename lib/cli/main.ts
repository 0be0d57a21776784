import { closeDb } from "@/lib/db";
import { isMandaError } from "@/lib/errors";

export type Command = (args: string[]) => Promise<number>;

// Commands load on demand so `manda search` never loads parsers, generators or models it does not use.
const COMMANDS: Record<string, () => Promise<Command>> = {
  deal: async () => (await import("./deal")).dealCommand,
  ingest: async () => (await import("./ingest")).ingestCommand,
  search: async () => (await import("./search")).searchCommand,
  documents: async () => (await import("./documents")).documentsCommand,
  "prepare-app": async () => (await import("./prepare-app")).prepareAppCommand,
};

const USAGE = `manda — due-diligence workspace CLI

  manda deal create <slug> [--name "…"] [--company "…"]
  manda deal list [--json]
  manda ingest --deal <slug> <file-or-dir>…        progress on stderr; exit 1 if any file failed
  manda documents --deal <slug> [--json]           documents with status and failure reasons
  manda search --deal <slug> [--document <filename>] [--k 10] [--json] "<query>"
  manda prepare-app                                migrate and load the demo deal (run by npm run dev/start)

Data dir: MANDA_DATA_DIR (default ./.manda). DATABASE_URL selects a PostgreSQL server instead.`;

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const load = name ? COMMANDS[name] : undefined;
  if (!load) {
    process.stderr.write(`${USAGE}\n`);
    return name && name !== "help" && name !== "--help" ? 2 : 0;
  }
  try {
    return await (await load())(rest);
  } catch (e) {
    if (isMandaError(e)) {
      process.stderr.write(`error: ${e.message} (${e.code})\n`);
      return e.type === "bad_request" ? 2 : 1;
    }
    process.stderr.write(`error: ${(e as Error)?.stack ?? String(e)}\n`);
    return 1;
  } finally {
    await closeDb();
  }
}
