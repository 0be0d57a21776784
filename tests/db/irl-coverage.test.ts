import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { ensureDemoDeal, DEMO_DEAL_SLUG } from "@/scripts/demo/deal";
import { computeIrlCoverage, getStoredIrlCoverage } from "@/lib/irl/coverage";
import { listIrlItems } from "@/lib/irl/irl";
import { generateQaFromGaps, listQaItems } from "@/lib/irl/qa";
import { IRL_ITEMS } from "@/scripts/demo/facts";
import { openTestDb } from "../helpers/db";
import { tempDir } from "../helpers/fixtures";

describe("IRL coverage on the demo deal", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;

  beforeAll(async () => {
    const dataDir = tempDir("manda-data-");
    setConfigForProcess({ MANDA_DATA_DIR: dataDir, MANDA_LOG_LEVEL: "silent" });
    ({ db, cleanup } = await openTestDb());
    await ensureDemoDeal({ db, dataDir });
    dealId = (await db.query<{ id: string }>("select id from deals where slug = $1", [DEMO_DEAL_SLUG])).rows[0]!.id;
  });
  afterAll(() => cleanup());

  it("auto-imports IRL_Template.xlsx and agrees with the demo facts on every covered / partial / gap label", async () => {
    const report = await computeIrlCoverage({ db, dealId });
    expect(report.totals.total).toBe(IRL_ITEMS.length);
    const got = new Map(report.domains.flatMap((d) => d.items.map((i) => [i.item, i] as const)));
    const mismatches = IRL_ITEMS.filter((e) => got.get(e.item)?.coverage !== e.coverage).map((e) => `${e.id}: expected ${e.coverage}, got ${got.get(e.item)?.coverage}`);
    expect(mismatches).toEqual([]);
    expect(report.totals).toEqual({
      covered: IRL_ITEMS.filter((i) => i.coverage === "covered").length,
      partial: IRL_ITEMS.filter((i) => i.coverage === "partial").length,
      gap: IRL_ITEMS.filter((i) => i.coverage === "gap").length,
      total: IRL_ITEMS.length,
    });
    // Items keep the template's domain, priority and source cell.
    const items = await listIrlItems({ db, dealId });
    for (const e of IRL_ITEMS) {
      const it = items.find((i) => i.item === e.item)!;
      expect([it.domain, it.priority, it.sourceCell]).toEqual([e.domain, e.priority, `IRL!B${e.row}`]);
    }
  });

  it("cites evidence from the files the facts name for covered items, none for gaps, never the IRL itself", async () => {
    const report = await computeIrlCoverage({ db, dealId });
    for (const d of report.domains) {
      for (const it of d.items) {
        const exp = IRL_ITEMS.find((e) => e.item === it.item)!;
        expect(it.evidence.every((ev) => ev.document !== "IRL_Template.xlsx")).toBe(true);
        if (it.coverage === "gap") expect(it.evidence).toEqual([]);
        else {
          expect(it.evidence.length).toBeGreaterThan(0);
          expect(it.evidence.some((ev) => (exp.coveredBy as readonly string[]).includes(ev.document)), `${exp.id}: ${it.evidence.map((e) => e.document).join(", ")}`).toBe(true);
          for (const ev of it.evidence) expect(ev.page).toBeGreaterThanOrEqual(1);
        }
      }
    }
    const stored = await getStoredIrlCoverage({ db, dealId });
    expect(stored.totals).toEqual(report.totals);
    expect(stored.computedAt).not.toBeNull();
  });

  it("counts a promoted finding as evidence, but not a superseded one", async () => {
    const doc = (await db.query<{ id: string }>("select id from documents where deal_id = $1 and filename = 'Board_Minutes_Sep2024.docx'", [dealId])).rows[0]!;
    const insert = (superseded: boolean, page: number) =>
      db.query(
        `insert into findings (id, deal_id, document_id, domain, metric, metric_key, value_text, source_page, source_excerpt, superseded)
         values ($1, $2, $3, 'legal', 'Pending litigation', 'litigation', 'None pending', $4, 'No other matters were raised', $5)`,
        [crypto.randomUUID(), dealId, doc.id, page, superseded],
      );
    await insert(true, 6);
    const before = await computeIrlCoverage({ db, dealId, store: false });
    const lit = () => before.domains.flatMap((d) => d.items).find((i) => i.item.startsWith("Litigation"))!;
    expect(lit().coverage).toBe("gap");
    await insert(false, 2);
    const after = await computeIrlCoverage({ db, dealId, store: false });
    const item = after.domains.flatMap((d) => d.items).find((i) => i.item.startsWith("Litigation"))!;
    // One finding from one meeting: evidence, but thin for "history … (last 5 years)".
    expect(item.coverage).toBe("partial");
    expect(item.evidence[0]).toMatchObject({ document: "Board_Minutes_Sep2024.docx", page: 2, findingId: expect.any(String) });
    await db.query("delete from findings where deal_id = $1 and metric_key = 'litigation'", [dealId]);
  });

  it("turns gaps and partial items into Q&A items once", async () => {
    const first = await generateQaFromGaps({ db, dealId });
    const expected = IRL_ITEMS.filter((i) => i.coverage !== "covered").length;
    expect(first.added).toHaveLength(expected);
    const again = await generateQaFromGaps({ db, dealId });
    expect(again).toMatchObject({ added: [], existing: expected });
    const qa = await listQaItems({ db, dealId, origin: "gap" });
    expect(qa).toHaveLength(expected);
    expect(qa[0]!.priority).toBe("high"); // high priority first
    expect(qa.find((q) => /debt schedule/i.test(q.question))).toMatchObject({ domain: "Financial", status: "open", irlItemId: expect.any(String) });
  });
});
