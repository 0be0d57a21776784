import ExcelJS from "exceljs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { ingestFile } from "@/lib/ingest/ingest";
import { addIrlItem, ensureIrlImported, importIrlTemplate, listIrlItems, updateIrlItem } from "@/lib/irl/irl";
import { openTestDb } from "../helpers/db";
import { tempDir } from "../helpers/fixtures";

/** A real IRL workbook: title rows, the header on row 3, columns in an unusual order, a section row. */
async function writeIrlWorkbook(file: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Requests");
  ws.getCell("A1").value = "Project Nova – information request list";
  ws.getCell("A2").value = "Issued 3 March 2025";
  ws.getRow(3).values = ["Ref", "Request", "Area", "Comments", "Priority"];
  ws.getRow(4).values = [1, "Audited annual report FY2024", "Financial", "Signed version", "High"];
  ws.getRow(5).values = [2, "Debt schedule: facilities, maturities and covenants", "Financial", "", "H"];
  ws.getRow(6).values = [null, null, "Legal", null, null]; // section heading: sets the domain
  ws.getRow(7).values = [3, "Litigation history (last 5 years)", null, "", "Medium"];
  ws.getRow(8).values = [4, "Material contracts", "", "Change of control", "low"];
  await wb.xlsx.writeFile(file);
}

describe("IRL import from an ingested spreadsheet", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;
  let documentId: string;
  const dir = tempDir();

  beforeAll(async () => {
    setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent" });
    ({ db, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "nova" })).id;
    const file = path.join(dir, "Nova_IRL.xlsx");
    await writeIrlWorkbook(file);
    const r = await ingestFile({ db, dealId, filePath: file });
    expect(r.status).toBe("indexed");
    documentId = r.documentId!;
  });
  afterAll(() => cleanup());

  it("finds the header row, maps columns by name and keeps the source cell", async () => {
    const r = await importIrlTemplate({ db, dealId, documentId });
    expect(r.imported).toBe(4);
    const items = await listIrlItems({ db, dealId });
    expect(items.map((i) => [i.domain, i.item, i.priority])).toEqual([
      ["Financial", "Audited annual report FY2024", "high"],
      ["Financial", "Debt schedule: facilities, maturities and covenants", "high"],
      ["Legal", "Litigation history (last 5 years)", "medium"],
      ["Legal", "Material contracts", "low"],
    ]);
    expect(items[0]).toMatchObject({ notes: "Signed version", sourceCell: "Requests!B4", sourceDocumentId: documentId, status: "open" });
    expect(items[3]!.notes).toBe("Change of control");
    expect(items[1]!.keywords).toEqual(expect.arrayContaining(["debt", "borrowings", "covenants", "maturities"]));
    expect(items[2]!.keywords).toEqual(expect.arrayContaining(["litigation", "legal proceedings"]));
  });

  it("re-importing adds nothing; auto-import only runs for a deal without items", async () => {
    const again = await importIrlTemplate({ db, dealId, documentId });
    expect(again).toMatchObject({ imported: 0, existing: 4 });
    expect(await ensureIrlImported({ db, dealId })).toEqual({ imported: 0 });

    const other = (await createDeal({ db, slug: "nova-two" })).id;
    const file = path.join(dir, "IRL_Template.xlsx");
    await writeIrlWorkbook(file);
    // same bytes in another deal: its own document
    const r = await ingestFile({ db, dealId: other, filePath: file });
    expect(r.status).toBe("indexed");
    expect(await ensureIrlImported({ db, dealId: other })).toEqual({ imported: 4 });
    expect(await listIrlItems({ db, dealId: other })).toHaveLength(4);
  });

  it("adds and updates items by hand", async () => {
    const { item, created } = await addIrlItem({ db, dealId, domain: "people", item: "  Key employee  contracts ", priority: "high" });
    expect(created).toBe(true);
    expect(item).toMatchObject({ domain: "People", item: "Key employee contracts" });
    expect((await addIrlItem({ db, dealId, domain: "People", item: "Key employee contracts" })).created).toBe(false);
    const updated = await updateIrlItem({ db, dealId, id: item.id, patch: { status: "requested", notes: "asked 1 April" } });
    expect(updated).toMatchObject({ status: "requested", notes: "asked 1 April", priority: "high" });
  });

  it("rejects a spreadsheet without an IRL header", async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("Data").addRow(["Revenue", 100]);
    const file = path.join(dir, "numbers.xlsx");
    await wb.xlsx.writeFile(file);
    const r = await ingestFile({ db, dealId, filePath: file });
    await expect(importIrlTemplate({ db, dealId, documentId: r.documentId! })).rejects.toMatchObject({ code: "bad_request:irl_template" });
  });
});
