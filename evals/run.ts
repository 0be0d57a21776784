/** `npm run eval`: the same as `manda eval`. */
import { main } from "@/lib/cli/main";

process.exitCode = await main(["eval", ...process.argv.slice(2)]);
