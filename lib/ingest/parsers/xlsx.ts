/**
 * XLSX: one page per sheet in workbook tab order (pageNumber = position,
 * label = sheet name, "(hidden)" appended for hidden sheets, "(chart)" for
 * chart sheets, which become empty pages so numbering keeps matching the tabs).
 *
 * A streaming reader written for this purpose on top of zip-guard (central
 * directory + inflate per part) and its XML tokenizer, rather than exceljs:
 * exceljs's streaming reader drops merged ranges, keeps only the last run of
 * inline rich text, emits sheets in zip order and mis-types boolean/error
 * formula results; its full reader holds the whole workbook model in memory.
 * Here only the shared-string table and the current sheet's cells are held.
 * Kept hand-written for those reasons (issue 13 §4); fuzzed by
 * tests/unit/fuzz-ingest-parsers.test.ts (byte and XML mutations of a real workbook).
 *
 * Values, never formulas: a formula cell gives its cached result (none cached →
 * the cell is treated as empty). Dates (by number format) become ISO dates,
 * percentages "12.5%" (num 0.125), booleans TRUE/FALSE, errors as shown (#N/A).
 */
import { MandaError } from "@/lib/errors";
import type { ParsedPage, ParseInput, ParseResult, Parser } from "../types";
import { sniffFormat } from "../sniff";
import { readCoreTitle, readRelationships, scanZipXml } from "../ooxml";
import { findEntry, guardZip, type ZipDirectory } from "../zip-guard";
import { formatNumber, parseCellAddress, SheetPageBuilder, cellAddress } from "./sheet-text";

interface SheetInfo {
  name: string;
  state: "visible" | "hidden" | "veryHidden";
  part?: string;
  kind: "worksheet" | "chartsheet" | "other";
}

interface NumFormat {
  kind: "date" | "time" | "datetime" | "percent" | "number";
  decimals?: number;
  seconds?: boolean;
}

const BUILTIN_FORMATS: Record<number, string> = {
  9: "0%",
  10: "0.00%",
  14: "m/d/yyyy",
  15: "d-mmm-yy",
  16: "d-mmm",
  17: "mmm-yy",
  18: "h:mm AM/PM",
  19: "h:mm:ss AM/PM",
  20: "h:mm",
  21: "h:mm:ss",
  22: "m/d/yyyy h:mm",
  27: "yyyy/m/d",
  28: "m/d",
  29: "m/d",
  30: "m/d/yy",
  31: "yyyy/m/d",
  32: "h:mm",
  33: "h:mm:ss",
  34: "yyyy/m/d",
  35: "yyyy/m/d",
  36: "yyyy/m/d",
  45: "mm:ss",
  46: "[h]:mm:ss",
  47: "mm:ss.0",
  50: "yyyy/m/d",
  51: "m/d",
  52: "yyyy/m/d",
  53: "m/d",
  54: "m/d",
  55: "yyyy/m/d",
  56: "m/d",
  57: "yyyy/m/d",
  58: "m/d",
};

/** Classifies an Excel number format code (first section only). */
export function classifyNumFormat(code: string | undefined): NumFormat {
  if (!code) return { kind: "number" };
  // First section; drop quoted literals, escaped characters, and bracketed parts
  // ([Red], [$SEK-41D]) — but elapsed-time brackets like [h] make it a duration.
  let s = "";
  let inQ = false;
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (inQ) {
      if (c === '"') inQ = false;
      continue;
    }
    if (c === '"') inQ = true;
    else if (c === "\\" || c === "_" || c === "*") i++;
    else if (c === ";") break;
    else s += c;
  }
  if (/\[(h+|m+|s+)\]/i.test(s)) return { kind: "number" }; // durations stay numbers
  s = s.replace(/\[[^\]]*\]/g, "");
  if (s.includes("%")) {
    const m = /\.([0#?]+)/.exec(s);
    return { kind: "percent", decimals: m ? m[1]!.length : 0 };
  }
  const lower = s.toLowerCase().replace(/general/g, "");
  const hasDate = /[dy]/.test(lower) || (/m/.test(lower) && !/[hs]/.test(lower));
  const hasTime = /[hs]/.test(lower);
  if (hasDate && hasTime) return { kind: "datetime", seconds: /s/.test(lower) };
  if (hasDate) return { kind: "date" };
  if (hasTime) return { kind: "time", seconds: /s/.test(lower) };
  return { kind: "number" };
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** Excel serial → ISO text for the given format kind. */
export function excelSerialToIso(serial: number, kind: "date" | "time" | "datetime", date1904: boolean, seconds = true): string {
  let ms: number;
  if (date1904) ms = Date.UTC(1904, 0, 1) + serial * 86_400_000;
  else if (serial < 60) ms = Date.UTC(1899, 11, 31) + serial * 86_400_000; // before the fictitious 1900-02-29
  else ms = Date.UTC(1899, 11, 30) + serial * 86_400_000;
  ms = Math.round(ms / 1000) * 1000;
  const d = new Date(ms);
  const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${seconds ? `:${pad(d.getUTCSeconds())}` : ""}`;
  if (kind === "date") return date;
  if (kind === "time") return serial >= 1 ? `${date} ${time}` : time;
  return `${date} ${time}`;
}

function formatPercent(n: number, decimals: number): string {
  return `${formatNumber(Number((n * 100).toFixed(Math.min(decimals, 20))))}%`;
}

interface WorkbookMeta {
  sheets: SheetInfo[];
  date1904: boolean;
  sharedStrings: string[];
  /** cellXfs index → number format. */
  xfFormats: NumFormat[];
  title?: string;
}

async function readWorkbookMeta(path: string, dir: ZipDirectory): Promise<WorkbookMeta> {
  const rootRels = await readRelationships(path, dir, "");
  const wbPart =
    rootRels.find((r) => /\/officeDocument$/.test(r.type) && !r.external && findEntry(dir, r.target))?.target ?? "xl/workbook.xml";
  const wbEntry = findEntry(dir, wbPart);
  if (!wbEntry) throw new MandaError("bad_request:corrupt_file", "This Excel file is damaged: it has no workbook part.");

  const raw: Array<{ name: string; state: string; rid: string }> = [];
  let date1904 = false;
  await scanZipXml(path, wbEntry, {
    open(name, a) {
      if (name === "workbookPr") date1904 = a.date1904 === "1" || a.date1904 === "true";
      else if (name === "sheet") raw.push({ name: a.name ?? "", state: a.state ?? "visible", rid: a.id ?? "" });
    },
  });
  const rels = await readRelationships(path, dir, wbPart);
  const byId = new Map(rels.map((r) => [r.id, r]));
  const sheets: SheetInfo[] = raw.map((s, i) => {
    const rel = byId.get(s.rid);
    const type = rel?.type ?? "";
    const kind = /\/worksheet$/.test(type) ? "worksheet" : /\/chartsheet$/.test(type) ? "chartsheet" : "other";
    const state = s.state === "hidden" || s.state === "veryHidden" ? s.state : "visible";
    return { name: s.name || `Sheet${i + 1}`, state, kind, ...(rel && !rel.external ? { part: rel.target } : {}) };
  });

  // Shared strings (rich runs flattened, phonetic runs skipped).
  const sharedStrings: string[] = [];
  const ssRel = rels.find((r) => /\/sharedStrings$/.test(r.type) && !r.external);
  const ssEntry = findEntry(dir, ssRel?.target ?? "xl/sharedStrings.xml");
  if (ssEntry) {
    let cur = "";
    let inT = false;
    let inPh = 0;
    await scanZipXml(path, ssEntry, {
      open(name, _a, selfClosing) {
        if (name === "si") cur = "";
        else if (name === "rPh") inPh++;
        else if (name === "t" && !selfClosing && inPh === 0) inT = true;
      },
      close(name) {
        if (name === "t") inT = false;
        else if (name === "rPh") inPh = Math.max(0, inPh - 1);
        else if (name === "si") sharedStrings.push(cur);
      },
      text(t) {
        if (inT) cur += t;
      },
    });
  }

  // Number formats per cell style.
  const xfFormats: NumFormat[] = [];
  const stRel = rels.find((r) => /\/styles$/.test(r.type) && !r.external);
  const stEntry = findEntry(dir, stRel?.target ?? "xl/styles.xml");
  if (stEntry) {
    const custom = new Map<number, string>();
    const xfIds: number[] = [];
    let inXfs = false;
    await scanZipXml(path, stEntry, {
      open(name, a, selfClosing) {
        if (name === "numFmt" && a.numFmtId !== undefined) custom.set(Number(a.numFmtId), a.formatCode ?? "");
        else if (name === "cellXfs" && !selfClosing) inXfs = true;
        else if (name === "xf" && inXfs) xfIds.push(Number(a.numFmtId ?? 0));
      },
      close(name) {
        if (name === "cellXfs") inXfs = false;
      },
    });
    for (const id of xfIds) xfFormats.push(classifyNumFormat(custom.get(id) ?? BUILTIN_FORMATS[id]));
  }

  const title = await readCoreTitle(path, dir);
  return { sheets, date1904, sharedStrings, xfFormats, ...(title ? { title } : {}) };
}

/** Streams one worksheet part into a page. */
async function readSheet(path: string, dir: ZipDirectory, meta: WorkbookMeta, sheet: SheetInfo): Promise<{ text: string; cells: ParsedPage["cells"] }> {
  const builder = new SheetPageBuilder(sheet.name);
  const entry = sheet.part ? findEntry(dir, sheet.part) : undefined;
  if (sheet.kind !== "worksheet" || !entry) return { text: "", cells: [] };

  const merges = new Map<string, string>();
  let inData = false;
  let row = 0;
  let col = 0;
  let cell: { row: number; col: number; t: string; s: number } | null = null;
  let v: string | null = null;
  let inline: string | null = null;
  let capture: "v" | "is" | null = null;
  let inPh = 0;

  const finish = () => {
    if (!cell) return;
    const { t, s } = cell;
    let value: string | undefined;
    let num: number | undefined;
    if (t === "inlineStr") value = inline ?? v ?? undefined;
    else if (v !== null) {
      switch (t) {
        case "s": {
          const idx = Number(v);
          value = meta.sharedStrings[idx];
          break;
        }
        case "str":
          value = v;
          break;
        case "b":
          value = v.trim() === "1" || v.trim().toLowerCase() === "true" ? "TRUE" : "FALSE";
          break;
        case "e":
          value = v.trim();
          break;
        case "d":
          value = v.trim().replace(/T00:00:00(\.0+)?Z?$/, "");
          break;
        default: {
          const n = Number(v);
          if (v.trim() === "" || !Number.isFinite(n)) {
            value = v;
            break;
          }
          const fmt = meta.xfFormats[s] ?? { kind: "number" };
          if (fmt.kind === "date" || fmt.kind === "time" || fmt.kind === "datetime") {
            value = excelSerialToIso(n, fmt.kind, meta.date1904, fmt.seconds ?? true);
          } else if (fmt.kind === "percent") {
            value = formatPercent(n, fmt.decimals ?? 0);
            num = n;
          } else {
            value = formatNumber(n);
            num = n;
          }
        }
      }
    }
    if (value !== undefined && value.trim() !== "") {
      builder.add(num === undefined ? { row: cell.row, col: cell.col, value } : { row: cell.row, col: cell.col, value, num });
    }
    cell = null;
  };

  await scanZipXml(path, entry, {
    open(name, a, selfClosing) {
      switch (name) {
        case "sheetData":
          inData = !selfClosing;
          break;
        case "row":
          if (!inData) break;
          row = a.r ? parseInt(a.r, 10) : row + 1;
          col = 0;
          break;
        case "c": {
          if (!inData) break;
          const addr = a.r ? parseCellAddress(a.r) : null;
          if (addr) {
            row = addr.row;
            col = addr.col;
          } else col++;
          cell = { row, col, t: a.t ?? "n", s: a.s ? parseInt(a.s, 10) : 0 };
          v = null;
          inline = null;
          if (selfClosing) cell = null;
          break;
        }
        case "v":
          if (cell && !selfClosing) {
            capture = "v";
            v = "";
          }
          break;
        case "is":
          if (cell && !selfClosing) inline = "";
          break;
        case "rPh":
          inPh++; // close() also runs for self-closing elements
          break;
        case "t":
          if (cell && inline !== null && inPh === 0 && !selfClosing) capture = "is";
          break;
        case "mergeCell": {
          const ref = a.ref ?? "";
          const [from, to] = ref.split(":");
          const p = from ? parseCellAddress(from) : null;
          if (p && to) merges.set(cellAddress(p.row, p.col), `${cellAddress(p.row, p.col)}:${to.replace(/\$/g, "").toUpperCase()}`);
          break;
        }
      }
    },
    close(name) {
      switch (name) {
        case "v":
        case "t":
          capture = null;
          break;
        case "rPh":
          inPh = Math.max(0, inPh - 1);
          break;
        case "c":
          finish();
          break;
        case "sheetData":
          inData = false;
          break;
      }
    },
    text(t) {
      if (capture === "v") v += t;
      else if (capture === "is") inline += t;
    },
  });
  return builder.build(merges);
}

function pageLabel(s: SheetInfo): string {
  if (s.kind === "chartsheet") return `${s.name} (chart)`;
  return s.state === "visible" ? s.name : `${s.name} (hidden)`;
}

async function* xlsxPages(path: string, dir: ZipDirectory, meta: WorkbookMeta): AsyncGenerator<ParsedPage> {
  let n = 0;
  for (const sheet of meta.sheets) {
    const { text, cells } = await readSheet(path, dir, meta, sheet);
    yield { pageNumber: ++n, text, label: pageLabel(sheet), cells: cells ?? [] };
  }
}

export const parseXlsx: Parser = async (input: ParseInput): Promise<ParseResult> => {
  const format = await sniffFormat(input.path, input.filename);
  if (format !== "xlsx") {
    throw new MandaError("unsupported:format", `This file is not an Excel workbook (it looks like ${format.toUpperCase()}).`);
  }
  const dir = await guardZip(input.path);
  const meta = await readWorkbookMeta(input.path, dir);
  if (meta.sheets.length === 0) {
    throw new MandaError("bad_request:corrupt_file", "This Excel file is damaged: its workbook lists no sheets.");
  }
  return {
    format: "xlsx",
    labelling: "sheet",
    pageCount: meta.sheets.length,
    pages: xlsxPages(input.path, dir, meta),
    ...(meta.title ? { title: meta.title } : {}),
  };
};
