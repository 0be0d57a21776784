import { closeDb } from "@/lib/db";
import { isMandaError } from "@/lib/errors";
import { dealCommand } from "./deal";
import { documentsCommand } from "./documents";
import { ingestCommand } from "./ingest";
import { prepareAppCommand } from "./prepare-app";
import { searchCommand } from "./search";

export type Command = (args: string[]) => Promise<number>;

const COMMANDS: Record<string, Command> = {
  deal: dealCommand,
  ingest: ingestCommand,
  search: searchCommand,
  documents: documentsCommand,
  "prepare-app": prepareAppCommand,
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
  const cmd = name ? COMMANDS[name] : undefined;
  if (!cmd) {
    process.stderr.write(`${USAGE}\n`);
    return name && name !== "help" && name !== "--help" ? 2 : 0;
  }
  try {
    return await cmd(rest);
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
