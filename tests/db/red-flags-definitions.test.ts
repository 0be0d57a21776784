/**
 * Red flags read conflicts and corrections under the rule: same line item, same period, same
 * definition. A corrected report's total capital expenditure is not a restatement of the original
 * report's purchase of property, plant and equipment (a part of it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { scanConflicts } from "@/lib/agent/knowledge/conflicts";
import { SourceRegistry } from "@/lib/agent/sources";
import { detectRelationsForDeal } from "@/lib/graph/detect";
import { openTestDb } from "../helpers/db";
import { tempDir } from "../helpers/fixtures";
import { addDoc, addFinding } from "./agent-fixtures";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const TOTAL = "Capital expenditure, including capitalised development costs, was EUR 1.8 million.";
const CASH_FLOW = "Investing activities\nCapitalised development costs (1,400)\nPurchase of property, plant and equipment (400)\nCash flow from investing activities (1,800)";

describe("red flags: a total and one of its parts", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "capex-parts", name: "Capex", targetCompany: "Target AB" })).id;
    const meta = { kind: "annual report", fiscal_year: 2023, fiscal_period: "FY" };
    const ar = await addDoc(db, dealId, "Annual_Report_2023.pdf", ["Annual Report 2023", TOTAL, CASH_FLOW], { ...meta, date: "2024-03-15" });
    const arc = await addDoc(db, dealId, "Annual_Report_2023_CORRECTED.pdf", ["Annual Report 2023 (corrected version)", TOTAL], { ...meta, date: "2024-05-22" });
    const total = (doc: string) => ({ doc, metric: "Capital expenditure", key: "capital_expenditure", value: "EUR 1.8 million", num: 1_800_000, period: "FY2023", page: 2, excerpt: TOTAL });
    await addFinding(db, dealId, total(ar));
    await addFinding(db, dealId, total(arc));
    await addFinding(db, dealId, { doc: ar, metric: "Purchase of property, plant and equipment", key: "capital_expenditure", value: "(400)", num: -400_000, period: "FY2023", page: 3, excerpt: "Purchase of property, plant and equipment (400)", confidence: 0.95 });
    await detectRelationsForDeal({ db, dealId });
  });
  afterAll(() => cleanup());

  it("reports no restatement of the PP&E line to the total, and no conflict", async () => {
    const scan = await scanConflicts({ db, dealId, sources: new SourceRegistry("capex-parts") });
    expect(scan.corrections).toEqual([]);
    expect(scan.conflicts).toEqual([]);
  });

  it("keeps the corrected report's total as the unchanged version of the original's total", async () => {
    const { rows } = await db.query<{ relation_type: string; reason: string }>(
      `select r.relation_type, r.reason from relations r join findings a on a.id = r.from_id join findings b on b.id = r.to_id
       where r.deal_id = $1 and r.from_kind = 'finding' and r.to_kind = 'finding'`,
      [dealId],
    );
    expect(rows.map((r) => r.relation_type)).toEqual(["SUPPORTS"]);
    expect(rows[0]!.reason).toMatch(/Unchanged in the newer version/);
  });
});
