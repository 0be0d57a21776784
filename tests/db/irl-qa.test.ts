import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { QA_EXPORT_COLUMNS, exportQa, parseCsv, qaToCsv, qaToXlsx } from "@/lib/irl/export";
import { addQaItem, deleteQaItem, listQaItems, updateQaItem } from "@/lib/irl/qa";
import { openTestDb } from "../helpers/db";

describe("Q&A list", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "qa-deal", name: "QA deal" })).id;
  });
  afterAll(() => cleanup());

  it("dedupes a question by its wording (case, spacing, punctuation), per deal", async () => {
    const a = await addQaItem({ db, dealId, question: "What is the churn rate for FY2023?", origin: "chat", domain: "Commercial", priority: "high" });
    expect(a.created).toBe(true);
    const b = await addQaItem({ db, dealId, question: "  what is the CHURN rate for FY2023 ", origin: "manual" });
    expect(b).toMatchObject({ created: false, id: a.id, origin: "chat" });
    const other = (await createDeal({ db, slug: "qa-other" })).id;
    expect((await addQaItem({ db, dealId: other, question: "What is the churn rate for FY2023?", origin: "chat" })).created).toBe(true);
    await expect(addQaItem({ db, dealId, question: " ", origin: "chat" })).rejects.toMatchObject({ code: "bad_request:qa_question" });
  });

  it("updates status, priority and answer; lists high priority first and filters", async () => {
    const low = await addQaItem({ db, dealId, question: "Please provide the IP portfolio.", origin: "gap", domain: "Operational", priority: "low" });
    const mid = await addQaItem({ db, dealId, question: 'Which revenue figure for FY2023 is right: "18.4" (audited) or 18.9, the deck\'s?', origin: "contradiction", domain: "Financial" });
    let items = await listQaItems({ db, dealId });
    expect(items.map((i) => i.priority)).toEqual(["high", "medium", "low"]);

    const answered = await updateQaItem({ db, dealId, id: mid.id, patch: { answer: "The audited 18.4 million;\nthe deck used management accounts." } });
    expect(answered).toMatchObject({ status: "answered", answer: expect.stringContaining("audited") });
    const sent = await updateQaItem({ db, dealId, id: low.id, patch: { status: "sent", priority: "high" } });
    expect(sent).toMatchObject({ status: "sent", priority: "high" });
    expect((await listQaItems({ db, dealId, status: "sent" })).map((i) => i.id)).toEqual([low.id]);
    expect((await listQaItems({ db, dealId, origin: "contradiction" })).map((i) => i.id)).toEqual([mid.id]);
    await expect(updateQaItem({ db, dealId, id: crypto.randomUUID(), patch: { status: "closed" } })).rejects.toMatchObject({ code: "not_found:qa_item" });

    items = await listQaItems({ db, dealId });
    expect(items).toHaveLength(3);
  });

  it("exports CSV (RFC 4180) and XLSX that read back to the same rows", async () => {
    const items = await listQaItems({ db, dealId });
    const csv = qaToCsv(items);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv).toContain('"Which revenue figure for FY2023 is right: ""18.4"" (audited) or 18.9, the deck\'s?"');
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual([...QA_EXPORT_COLUMNS]);
    expect(rows).toHaveLength(items.length + 1);
    for (const [i, it] of items.entries()) {
      expect(rows[i + 1]!.slice(1, 7)).toEqual([it.question, it.domain ?? "", it.priority, it.status, it.origin, it.answer ?? ""]);
    }

    const xlsx = await qaToXlsx(items, { dealName: "QA deal" });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
    const ws = wb.getWorksheet("Q&A")!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...QA_EXPORT_COLUMNS]);
    for (const [i, it] of items.entries()) {
      const v = (ws.getRow(i + 2).values as unknown[]).slice(1);
      expect(v.slice(1, 7)).toEqual([it.question, it.domain ?? "", it.priority, it.status, it.origin, it.answer ?? ""]);
    }
    const viaExport = await exportQa(items, "xlsx");
    expect(viaExport.contentType).toContain("spreadsheetml");
    expect((await exportQa(items, "csv")).body.toString("utf8")).toBe(csv);
  });

  it("neutralises formula-looking text in CSV and deletes items", async () => {
    const evil = await addQaItem({ db, dealId, question: "=HYPERLINK(\"http://x\") what is this", origin: "chat" });
    const rows = parseCsv(qaToCsv([evil]));
    expect(rows[1]![1]!.startsWith("'=")).toBe(true);
    await deleteQaItem({ db, dealId, id: evil.id });
    expect((await listQaItems({ db, dealId })).some((i) => i.id === evil.id)).toBe(false);
  });
});

describe("Q&A items from the chat", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "qa-chat", name: "Project Pine", targetCompany: "Kestrel Robotics AB" })).id;
  });
  afterAll(() => cleanup());

  it("stores a self-contained question for the target company, and a request without a question mark", async () => {
    expect((await addQaItem({ db, dealId, question: "Who is the CEO?", origin: "chat" })).question).toBe("Who is the CEO of Kestrel Robotics AB?");
    expect((await addQaItem({ db, dealId, question: "is there any litigation?", origin: "chat" })).question).toBe("Is there any litigation involving Kestrel Robotics AB?");
    expect((await addQaItem({ db, dealId, question: "Please provide the debt schedule", origin: "chat" })).question).toBe("Please provide the debt schedule.");
  });

  it("refuses a pointer back to an earlier question ('them?')", async () => {
    await expect(addQaItem({ db, dealId, question: "them", origin: "chat" })).rejects.toMatchObject({ code: "bad_request:qa_question" });
    expect((await listQaItems({ db, dealId })).map((q) => q.question)).not.toContain("them?");
  });
});
