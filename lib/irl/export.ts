/**
 * Q&A list export: CSV (RFC 4180: CRLF line ends, fields with comma, quote or line break
 * quoted, quotes doubled) and XLSX (exceljs), each row with domain, priority, status, origin.
 */
import ExcelJS from "exceljs";
import type { QaItem } from "./types";

export const QA_EXPORT_COLUMNS = ["#", "Question", "Domain", "Priority", "Status", "Origin", "Answer", "Created"] as const;

function row(item: QaItem, i: number): (string | number)[] {
  return [i + 1, item.question, item.domain ?? "", item.priority, item.status, item.origin, item.answer ?? "", item.createdAt.slice(0, 10)];
}

/** One RFC 4180 field. Leading =,+,-,@ are prefixed with ' so spreadsheets do not run them as formulas. */
export function csvField(value: string | number): string {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s) && typeof value === "string") s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function qaToCsv(items: QaItem[]): string {
  const lines = [QA_EXPORT_COLUMNS.map(csvField).join(","), ...items.map((it, i) => row(it, i).map(csvField).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

/** Parses RFC 4180 CSV (for round-trip tests and imports). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let field = "";
  let cur: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      cur.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      cur.push(field);
      rows.push(cur);
      cur = [];
      field = "";
      i++;
    } else if (c === "\n") {
      cur.push(field);
      rows.push(cur);
      cur = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || cur.length > 0) {
    cur.push(field);
    rows.push(cur);
  }
  return rows;
}

export async function qaToXlsx(items: QaItem[], { dealName }: { dealName?: string } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "Manda";
  wb.created = new Date(0);
  const ws = wb.addWorksheet("Q&A");
  ws.columns = [
    { header: "#", key: "n", width: 5 },
    { header: "Question", key: "question", width: 80 },
    { header: "Domain", key: "domain", width: 14 },
    { header: "Priority", key: "priority", width: 10 },
    { header: "Status", key: "status", width: 10 },
    { header: "Origin", key: "origin", width: 14 },
    { header: "Answer", key: "answer", width: 60 },
    { header: "Created", key: "created", width: 12 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: "frozen", ySplit: 1 }];
  items.forEach((it, i) => {
    const r = ws.addRow(row(it, i));
    r.getCell(2).alignment = { wrapText: true, vertical: "top" };
    r.getCell(7).alignment = { wrapText: true, vertical: "top" };
  });
  if (dealName) ws.headerFooter.oddHeader = `${dealName} – Q&A list`;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export type QaExportFormat = "csv" | "xlsx";

export async function exportQa(items: QaItem[], format: QaExportFormat, opts: { dealName?: string } = {}): Promise<{ body: Buffer; contentType: string; extension: string }> {
  if (format === "xlsx") {
    return { body: await qaToXlsx(items, opts), contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx" };
  }
  return { body: Buffer.from(qaToCsv(items), "utf8"), contentType: "text/csv; charset=utf-8", extension: "csv" };
}
