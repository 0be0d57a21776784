/**
 * Generates the demo deal's data room ("Project Aurora", Nordhavn Analytics AB) into the shipped
 * demo/ folder: demo/deal.json (the deal and its files, in ingest order) and demo/room/<file>.
 * The app loads the deal from those files (lib/demo/load.ts), so this generator and its
 * PDF/DOCX writers (pdf-lib, docx: devDependencies) are never on the app's runtime path.
 *
 *   npm run demo:generate [-- outDir]      (default: the repository's demo/)
 *
 * Run it after changing anything under scripts/demo/, and commit demo/: a unit test
 * (tests/unit/demo-shipped.test.ts) fails while the shipped files differ from what this writes.
 *
 * Deterministic: the same facts every run, and byte-identical files (fixed PDF metadata
 * dates, fixed XLSX/DOCX core properties and ZIP entry times). See facts.ts for the
 * planted facts, cases and gaps.
 */
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SEED_MANIFEST_FILE, SEED_ROOM_DIR, SHIPPED_DEMO_DIR, formatSeedManifest } from "@/lib/demo/load";
import { annualReportPages, renderAnnualReport } from "./annual";
import { assertCsvFacts, assertDocxFacts, assertPdfFacts } from "./checks";
import { buildCustomerCsv, customerCsvLines } from "./csv";
import { DEMO_DEAL_IDENTITY } from "./deal";
import { DEMO_DOCUMENTS } from "./facts";
import type { DemoFileName, DocxFileName } from "./facts-types";
import { buildForecast } from "./forecast";
import { presentationPages, renderPresentation } from "./presentation";
import { QUARTER_REPORTS, quarterPages, renderQuarterReport } from "./quarterly-content";
import { buildWord, wordBlocks } from "./word";
import { buildCapTable, buildIrl } from "./workbooks";

type Builder = () => Promise<Uint8Array>;

function quarterBuilder(file: DemoFileName): Builder {
  return () => {
    const config = QUARTER_REPORTS.find((q) => q.file === file);
    if (!config) throw new Error(`No interim report config for ${file}`);
    const pages = quarterPages(config);
    assertPdfFacts(file, pages);
    return renderQuarterReport(config, pages);
  };
}

function annualBuilder(version: "original" | "corrected", file: DemoFileName): Builder {
  return () => {
    const pages = annualReportPages(version);
    assertPdfFacts(file, pages);
    return renderAnnualReport(version, pages);
  };
}

function wordBuilder(file: DocxFileName): Builder {
  return () => {
    const blocks = wordBlocks(file);
    assertDocxFacts(file, blocks);
    return buildWord(file, blocks);
  };
}

const BUILDERS: Record<DemoFileName, Builder> = {
  "Q1_2024_Report.pdf": quarterBuilder("Q1_2024_Report.pdf"),
  "Q2_2024_Report.pdf": quarterBuilder("Q2_2024_Report.pdf"),
  "Q3_2024_Report.pdf": quarterBuilder("Q3_2024_Report.pdf"),
  "Annual_Report_2023.pdf": annualBuilder("original", "Annual_Report_2023.pdf"),
  "Annual_Report_2023_CORRECTED.pdf": annualBuilder("corrected", "Annual_Report_2023_CORRECTED.pdf"),
  "Management_Presentation_Oct2024.pdf": () => {
    const pages = presentationPages();
    assertPdfFacts("Management_Presentation_Oct2024.pdf", pages);
    return renderPresentation(pages);
  },
  "forecast.xlsx": () => buildForecast("v1"),
  "forecast_v2.xlsx": () => buildForecast("v2"),
  "Cap_Table.xlsx": buildCapTable,
  "Management_Bios.docx": wordBuilder("Management_Bios.docx"),
  "IRL_Template.xlsx": buildIrl,
  "Board_Minutes_Sep2024.docx": wordBuilder("Board_Minutes_Sep2024.docx"),
  "Customer_List_Q3_2024.csv": async () => {
    const lines = customerCsvLines();
    assertCsvFacts("Customer_List_Q3_2024.csv", lines);
    return buildCustomerCsv(lines);
  },
};

/** Builds one document in memory (no disk access). */
export function buildDemoDocument(file: DemoFileName): Promise<Uint8Array> {
  return BUILDERS[file]();
}

/**
 * Writes every demo document into `outDir` (created if missing; other files are left alone)
 * and returns their absolute paths in DEMO_DOCUMENTS order.
 */
export async function generateDemoDataRoom(outDir: string): Promise<{ files: string[] }> {
  const dir = path.resolve(outDir);
  await mkdir(dir, { recursive: true });
  const files = await Promise.all(
    DEMO_DOCUMENTS.map(async ({ file }) => {
      const target = path.join(dir, file);
      await writeFile(target, await buildDemoDocument(file));
      return target;
    }),
  );
  return { files };
}

/**
 * Writes the shipped layout into `outDir`: `deal.json` and `room/` with every demo document.
 * Files in `room/` that are no longer demo documents are removed, so a renamed document does not
 * linger beside its new name.
 */
export async function generateShippedDemo(outDir: string): Promise<{ manifest: string; files: string[] }> {
  const dir = path.resolve(outDir);
  const roomDir = path.join(dir, SEED_ROOM_DIR);
  const { files } = await generateDemoDataRoom(roomDir);
  const keep = new Set(files.map((f) => path.basename(f)));
  for (const name of await readdir(roomDir)) if (!keep.has(name)) await rm(path.join(roomDir, name), { recursive: true, force: true });
  const manifest = path.join(dir, SEED_MANIFEST_FILE);
  await writeFile(manifest, formatSeedManifest({ ...DEMO_DEAL_IDENTITY, files: DEMO_DOCUMENTS.map((d) => d.file) }));
  return { manifest, files };
}

async function main(argv: readonly string[]): Promise<void> {
  const outDir = argv[0] ?? SHIPPED_DEMO_DIR;
  const started = performance.now();
  const { manifest, files } = await generateShippedDemo(outDir);
  const ms = Math.round(performance.now() - started);
  process.stderr.write(`Generated ${files.length} demo documents in ${ms} ms:\n`);
  for (const f of [manifest, ...files]) process.stdout.write(`${f}\n`);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`demo generation failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
