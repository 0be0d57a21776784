/** Small exceljs helpers: reproducible workbooks, formulas with cached results, house styles. */
import ExcelJS from "exceljs";
import { normalizeZipTimestamps } from "./zip";

export type Workbook = ExcelJS.Workbook;
export type Worksheet = ExcelJS.Worksheet;

export const NUMBER_FORMAT = "#,##0;(#,##0);\"–\"";
export const PERCENT_FORMAT = "0.0%";

export interface WorkbookMeta {
  title: string;
  subject: string;
  creator: string;
  company: string;
  date: Date;
}

export function createWorkbook(meta: WorkbookMeta): Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = meta.creator;
  wb.lastModifiedBy = meta.creator;
  wb.title = meta.title;
  wb.subject = meta.subject;
  wb.company = meta.company;
  wb.created = meta.date;
  wb.modified = meta.date;
  wb.calcProperties.fullCalcOnLoad = false;
  return wb;
}

/** A formula cell value that carries its cached result, so readers that never calculate still see the number. */
export function formula(expression: string, result: number): ExcelJS.CellFormulaValue {
  return { formula: expression, result };
}

/** The numeric value of a cell: its number, or its formula's cached result. */
export function numericValue(value: ExcelJS.CellValue): number | undefined {
  if (typeof value === "number") return value;
  if (value && typeof value === "object" && "formula" in value && typeof value.result === "number") return value.result;
  return undefined;
}

export function styleTitle(ws: Worksheet, ref: string, text: string): void {
  const cell = ws.getCell(ref);
  cell.value = text;
  cell.font = { bold: true, size: 14, color: { argb: "FF0D3F73" } };
}

export function styleNote(ws: Worksheet, ref: string, text: string): void {
  const cell = ws.getCell(ref);
  cell.value = text;
  cell.font = { italic: true, size: 9, color: { argb: "FF6B6B73" } };
}

export function styleHeaderRow(row: ExcelJS.Row): void {
  row.eachCell((cell) => {
    cell.font = { bold: true, color: { argb: "FFFFFFFF" } };
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FF0D3F73" } };
    cell.alignment = { vertical: "middle", wrapText: true };
  });
}

export function styleTotalRow(row: ExcelJS.Row): void {
  row.eachCell((cell) => {
    cell.font = { bold: true };
    cell.border = { top: { style: "thin" } };
  });
}

/** Serialises the workbook and fixes the ZIP entry timestamps to `date`. */
export async function workbookBytes(wb: Workbook, date: Date): Promise<Uint8Array> {
  const buffer = await wb.xlsx.writeBuffer();
  return normalizeZipTimestamps(new Uint8Array(buffer), date);
}
