import fs from "node:fs";
import path from "node:path";
import { getDb } from "@/lib/db";
import { requireDeal } from "@/lib/db/queries/deals";
import { MandaError } from "@/lib/errors";
import { ingestFiles } from "@/lib/ingest/ingest";
import { parseCli } from "./args";

const USAGE = "manda ingest --deal <slug> <file-or-dir>…";

/** Files of the given paths, directories walked recursively, hidden files skipped, sorted. */
export function expandPaths(paths: string[]): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (!st) throw new MandaError("not_found:path", `No such file or directory: ${p}`);
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) if (!name.startsWith(".")) walk(path.join(p, name));
    } else if (st.isFile()) out.push(p);
  };
  paths.forEach(walk);
  return out;
}

export async function ingestCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCli(args, { deal: { type: "string" } }, USAGE);
  if (!values.deal || positionals.length === 0) throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
  const files = expandPaths(positionals);
  const db = await getDb();
  const deal = await requireDeal({ db, ref: values.deal });
  let failed = 0;
  let pages = 0;
  const t0 = performance.now();
  const labelOf = (i: number) => `[${i + 1}/${files.length}] ${path.basename(files[i])}`;
  // Files are indexed in order; the next one is already being parsed meanwhile.
  await ingestFiles({
    db, dealId: deal.id, files: files.map((filePath) => ({ filePath })),
    onFileStart: (i) => process.stderr.write(`${labelOf(i)} …`),
    onProgress: (i, p) => {
      if (p.phase === "pages" && process.stderr.isTTY) process.stderr.write(`\r${labelOf(i)} … ${p.pages}${p.pageCount ? `/${p.pageCount}` : ""} pages`);
    },
    onResult: (i, r) => {
      const label = labelOf(i);
      if (r.status === "failed") {
        failed++;
        process.stderr.write(`\r${label} FAILED: ${r.error?.message} (${r.error?.code})\n`);
      } else {
        pages += r.status === "indexed" ? r.pageCount ?? 0 : 0;
        process.stderr.write(`\r${label} ${r.status === "duplicate" ? "already indexed (same content)" : `indexed, ${r.pageCount} pages`}\n`);
      }
    },
  });
  const secs = (performance.now() - t0) / 1000;
  process.stderr.write(`${files.length - failed} of ${files.length} files ok, ${failed} failed; ${pages} pages in ${secs.toFixed(1)} s\n`);
  return failed > 0 ? 1 : 0;
}
