import { getDb } from "@/lib/db";
import { getConfig } from "@/lib/config";
import { ensureDemoDeal } from "@/lib/demo/load";

/** Run before `next dev` / `next start`: migrate the database and load the demo deal once. */
export async function prepareAppCommand(): Promise<number> {
  const db = await getDb();
  if (getConfig().loadDemo) {
    const r = await ensureDemoDeal({ db });
    process.stderr.write(r.created ? `demo deal loaded: ${r.indexed} documents indexed\n` : "demo deal present\n");
  }
  return 0;
}
