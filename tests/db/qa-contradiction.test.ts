/** A Q&A item made from a contradiction states both figures in one unit (a deck in millions vs a sheet in thousands). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { generateQaFromContradictions } from "@/lib/irl/qa";
import { openTestDb } from "../helpers/db";
import { tempDir } from "../helpers/fixtures";
import { addDoc, addFinding, addRelation } from "./agent-fixtures";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

describe("generateQaFromContradictions", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ db, cleanup } = await openTestDb()));
  afterAll(() => cleanup());

  it("writes 'EUR 18.9 million … and EUR 18.4 million', never the bare printed numbers", async () => {
    const dealId = (await createDeal({ db, slug: "qa-units", name: "Units" })).id;
    const deck = await addDoc(db, dealId, "Deck.pdf", ["Deck", "Revenue (EUR million) 13.1 16.3 18.9"], { kind: "management presentation" });
    const plan = await addDoc(db, dealId, "plan.xlsx", ["Total revenue | 18400"], { kind: "financial model" });
    const a = await addFinding(db, dealId, { doc: deck, metric: "Revenue", key: "revenue", value: "18.9", num: 18_900_000, period: "FY2023", page: 2, excerpt: "Revenue (EUR million) 13.1 16.3 18.9" });
    const b = await addFinding(db, dealId, { doc: plan, metric: "Total revenue", key: "revenue", value: "18400", num: 18_400_000, period: "FY2023", page: 1, excerpt: "Total revenue | 18400" });
    await addRelation(db, dealId, a, b, "CONTRADICTS");
    const { added } = await generateQaFromContradictions({ db, dealId });
    expect(added.map((q) => q.question)).toEqual([
      "Revenue for FY2023 is stated as EUR 18.9 million in Deck.pdf (p.2) and as EUR 18.4 million in plan.xlsx (p.1). Which figure is correct, and what explains the difference?",
    ]);
  });
});
