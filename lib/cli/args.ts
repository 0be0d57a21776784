import { parseArgs, type ParseArgsConfig } from "node:util";
import { MandaError } from "@/lib/errors";

/** node:util parseArgs with MandaError on bad usage. */
export function parseCli<T extends NonNullable<ParseArgsConfig["options"]>>(args: string[], options: T, usage: string) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new MandaError("bad_request:usage", `${(e as Error).message}\nusage: ${usage}`);
  }
}
