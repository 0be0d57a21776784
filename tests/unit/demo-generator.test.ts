import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  DEMO_DOCUMENTS, DOCX_SECTIONS, IRL_ITEMS, PLANTED_CASES, PLANTED_FACTS, PROMPT_INJECTION_TEXT, type DemoFileName, type PlantedFact,
} from "@/scripts/demo/facts";
import { inferMetadata } from "@/lib/ingest/metadata";
import { generateDemoDataRoom } from "@/scripts/demo/generate";
import { readZipEntry } from "@/scripts/demo/zip";

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

let dirA = "";
let dirB = "";
let secondRunMs = 0;
const bytes = new Map<DemoFileName, Buffer>();
const pdfText = new Map<DemoFileName, string[]>();

/** Page texts as pdf.js extracts them: items joined by spaces, a newline where hasEOL is set. */
async function extractPdfPages(buf: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(buf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    let text = "";
    for (const item of content.items) {
      if ("str" in item) text += item.str + (item.hasEOL ? "\n" : " ");
    }
    pages.push(text);
  }
  await doc.destroy();
  return pages;
}

async function loadWorkbook(file: DemoFileName): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.get(file)! as unknown as ArrayBuffer);
  return wb;
}

/**
 * A cell's value, or its formula's cached result. Read through `cell.result`: exceljs drops a
 * cached result of 0 from `cell.value` when reading (the file does hold `<v>0</v>`).
 */
function cellValue(cell: ExcelJS.Cell): unknown {
  return cell.type === ExcelJS.ValueType.Formula ? cell.result : cell.value;
}

const factsIn = (file: DemoFileName) => PLANTED_FACTS.filter((f) => f.file === file);
const filesOf = (format: string) => DEMO_DOCUMENTS.filter((d) => d.format === format).map((d) => d.file);

beforeAll(async () => {
  dirA = await mkdtemp(path.join(os.tmpdir(), "manda-demo-a-"));
  dirB = await mkdtemp(path.join(os.tmpdir(), "manda-demo-b-"));
  await generateDemoDataRoom(dirA);
  // Second run with the clock moved years ahead: only Date is faked, so timers and I/O are real.
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2031-07-15T13:37:42Z") });
  const started = performance.now();
  try {
    await generateDemoDataRoom(dirB);
  } finally {
    secondRunMs = performance.now() - started;
    vi.useRealTimers();
  }
  for (const { file } of DEMO_DOCUMENTS) bytes.set(file, await readFile(path.join(dirA, file)));
  for (const file of filesOf("pdf")) pdfText.set(file, await extractPdfPages(bytes.get(file)!));
});

afterAll(async () => {
  await Promise.all([dirA, dirB].filter(Boolean).map((d) => rm(d, { recursive: true, force: true })));
});

describe("generateDemoDataRoom", () => {
  it("writes every document, non-empty, and returns their absolute paths", async () => {
    const { files } = await generateDemoDataRoom(dirA);
    expect(files).toEqual(DEMO_DOCUMENTS.map((d) => path.join(dirA, d.file)));
    for (const f of files) expect((await stat(f)).size).toBeGreaterThan(0);
  });

  // Measured on the second run so JIT warm-up and module loading are excluded (a cold run takes
  // about 0.6–0.9 s; a warm one about 0.2–0.3 s).
  it("generates the whole room in under 2 s", () => {
    expect(secondRunMs).toBeLessThan(2000);
  });

  // Every format is byte-identical (PDF metadata dates are fixed; XLSX/DOCX core properties and
  // ZIP entry times are fixed), so no format needs the extracted-content fallback.
  it("produces byte-identical files on every run, whatever the clock says", async () => {
    for (const { file } of DEMO_DOCUMENTS) {
      const b = await readFile(path.join(dirB, file));
      expect(sha256(b), file).toBe(sha256(bytes.get(file)!));
    }
  });
});

describe("PDF documents", () => {
  it("have the page counts recorded in facts.ts and show their date on page 1", () => {
    for (const doc of DEMO_DOCUMENTS.filter((d) => d.format === "pdf")) {
      const pages = pdfText.get(doc.file)!;
      expect(pages.length, doc.file).toBe(doc.pageCount);
      expect(collapse(pages[0]!), doc.file).toContain(doc.dateText);
    }
  });

  // The annual report and its corrected version cover the same financial year (ending 31 December
  // 2023) but were issued on different days: their document dates must say which is newer.
  it("are dated by ingestion as facts.ts records, the corrected annual report after the original", () => {
    for (const doc of DEMO_DOCUMENTS.filter((d) => d.format === "pdf")) {
      const head = pdfText.get(doc.file)!.slice(0, 2).join("\n");
      expect(inferMetadata(doc.file, head).documentDate, doc.file).toBe(doc.documentDate);
    }
    const original = DEMO_DOCUMENTS.find((d) => d.file === "Annual_Report_2023.pdf")!;
    const corrected = DEMO_DOCUMENTS.find((d) => d.file === "Annual_Report_2023_CORRECTED.pdf")!;
    expect(corrected.documentDate > original.documentDate).toBe(true);
  });

  it("carry every planted fact on its stated page, as pdf.js extracts it", () => {
    const pdfFacts = PLANTED_FACTS.filter((f) => f.location.kind === "page");
    expect(pdfFacts.length).toBeGreaterThan(40);
    for (const f of pdfFacts) {
      if (f.location.kind !== "page") continue;
      const page = pdfText.get(f.file)![f.location.page - 1] ?? "";
      expect(collapse(page), `${f.id} on ${f.file} p.${f.location.page}`).toContain(collapse(f.text));
    }
  });

  it("extract each table row on one line", () => {
    for (const f of PLANTED_FACTS.filter((x) => x.id.endsWith("_row"))) {
      if (f.location.kind !== "page") continue;
      const lines = pdfText.get(f.file)![f.location.page - 1]!.split("\n").map(collapse);
      expect(lines.some((l) => l.includes(f.text)), `${f.id}: "${f.text}"`).toBe(true);
    }
  });

  it("put the income statement after page 1 in every interim report", () => {
    for (const file of ["Q1_2024_Report.pdf", "Q2_2024_Report.pdf", "Q3_2024_Report.pdf"] as const) {
      const pages = pdfText.get(file)!;
      expect(collapse(pages[0]!)).not.toContain("Condensed income statement");
      expect(collapse(pages[2]!)).toContain("Condensed income statement");
    }
  });
});

describe("workbooks", () => {
  it("have the recorded sheets, a visible date, and cached results for every formula", async () => {
    for (const doc of DEMO_DOCUMENTS.filter((d) => d.format === "xlsx")) {
      const wb = await loadWorkbook(doc.file);
      expect(wb.worksheets.map((w) => w.name), doc.file).toEqual(doc.sheets);
      const dateCell = wb.getWorksheet(doc.dateCell!.sheet)!.getCell(doc.dateCell!.cell);
      expect(dateCell.value, doc.file).toEqual(expect.stringContaining(doc.dateText));
      let formulas = 0;
      wb.eachSheet((ws) =>
        ws.eachRow((row) =>
          row.eachCell((cell) => {
            if (cell.type === ExcelJS.ValueType.Formula) {
              formulas++;
              expect(typeof cellValue(cell), `${doc.file} ${ws.name}!${cell.address}`).toBe("number");
            }
          }),
        ),
      );
      if (doc.file !== "IRL_Template.xlsx") expect(formulas, doc.file).toBeGreaterThan(0);
    }
  });

  it("hold every planted cell fact at its stated ref, with its row label in column A", async () => {
    const cellFacts = PLANTED_FACTS.filter((f) => f.location.kind === "cell");
    expect(cellFacts.length).toBeGreaterThan(10);
    for (const f of cellFacts) {
      if (f.location.kind !== "cell") continue;
      const ws = (await loadWorkbook(f.file)).getWorksheet(f.location.sheet)!;
      const cell = ws.getCell(f.location.cell);
      const value = cellValue(cell);
      if (typeof f.location.cellValue === "number") expect(value as number, f.id).toBeCloseTo(f.location.cellValue, 9);
      else expect(value, f.id).toBe(f.location.cellValue);
      expect(ws.getCell(`A${cell.row}`).value, f.id).toBe(f.text);
    }
  });

  it("forecast_v2.xlsx has a merged header cell and at least three sheets", async () => {
    const wb = await loadWorkbook("forecast_v2.xlsx");
    expect(wb.worksheets.length).toBeGreaterThanOrEqual(3);
    const merged = wb.getWorksheet("Cover")!.getCell("C1");
    expect(merged.isMerged).toBe(true);
    expect(merged.master.address).toBe("A1");
    expect(wb.getWorksheet("Quarterly 2024")!.getCell("D3").master.address).toBe("B3");
  });

  it("IRL_Template.xlsx lists every IRL item on its row with Domain, Item, Priority, Notes", async () => {
    const ws = (await loadWorkbook("IRL_Template.xlsx")).getWorksheet("IRL")!;
    expect(ws.getRow(4).values).toEqual([undefined, "Domain", "Item", "Priority", "Notes"]);
    for (const item of IRL_ITEMS) {
      const row = ws.getRow(item.row);
      expect([row.getCell(1).value, row.getCell(2).value, row.getCell(3).value], item.id).toEqual([item.domain, item.item, item.priority]);
    }
    const gaps = IRL_ITEMS.filter((i) => i.coverage === "gap").map((i) => i.id);
    expect(gaps).toEqual(["fin-ar-2022", "fin-debt", "legal-contracts", "legal-litigation", "ops-ip", "ppl-cto"]);
    expect(PLANTED_CASES.gaps.irlPartialIds).toEqual(["com-concentration"]);
  });
});

describe("Word documents and CSV", () => {
  /** Body paragraphs of a .docx (word/document.xml), joined by blank lines; headers and footers are separate parts. */
  async function rawText(file: DemoFileName): Promise<string> {
    const xml = new TextDecoder().decode(readZipEntry(bytes.get(file)!, "word/document.xml"));
    const decode = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
    const paragraphs = xml.split("</w:p>").map((p) => [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => decode(m[1]!)).join(""));
    return paragraphs.filter(Boolean).join("\n\n") + "\n\n";
  }

  it("place every section fact under its heading and show the date near the top", async () => {
    for (const file of filesOf("docx")) {
      const text = await rawText(file);
      const doc = DEMO_DOCUMENTS.find((d) => d.file === file)!;
      expect(text.slice(0, 300), file).toContain(doc.dateText);
      const headings: readonly string[] = DOCX_SECTIONS[file as keyof typeof DOCX_SECTIONS];
      const starts = headings.map((h) => text.indexOf(`${h}\n`));
      expect(starts.every((s, i) => s >= 0 && (i === 0 || s > starts[i - 1]!)), file).toBe(true);
      for (const f of factsIn(file)) {
        if (f.location.kind !== "section") continue;
        const i = headings.indexOf(f.location.heading);
        const section = text.slice(starts[i], i + 1 < starts.length ? starts[i + 1] : undefined);
        expect(collapse(section), f.id).toContain(collapse(f.text));
      }
    }
  });

  it("keep the prompt injection as a verbatim paragraph of the board minutes", async () => {
    expect(await rawText("Board_Minutes_Sep2024.docx")).toContain(`\n\n${PROMPT_INJECTION_TEXT}\n\n`);
  });

  it("name no CTO anywhere except in the buyer's request list", async () => {
    const texts = [...pdfText.values()].flat();
    for (const file of filesOf("docx")) texts.push(await rawText(file));
    texts.push(bytes.get("Customer_List_Q3_2024.csv")!.toString("utf8"));
    for (const t of texts) expect(t).not.toMatch(/\bCTO\b|Chief Technology Officer|technology officer/i);
  });

  it("write the customer CSV lines recorded in facts.ts", () => {
    const lines = bytes.get("Customer_List_Q3_2024.csv")!.toString("utf8").split("\n");
    const csvFacts: PlantedFact[] = factsIn("Customer_List_Q3_2024.csv");
    expect(csvFacts.length).toBeGreaterThan(0);
    for (const f of csvFacts) {
      if (f.location.kind === "line") expect(lines[f.location.line - 1], f.id).toBe(f.text);
    }
    expect(lines.slice(1).filter(Boolean).every((l) => l.endsWith(",2024-09-30"))).toBe(true);
  });
});
