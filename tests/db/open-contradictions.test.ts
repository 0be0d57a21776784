/**
 * One contradiction count everywhere: the deal header's stage line, the chat's
 * detect_contradictions and suggest_questions tools, and "From contradictions" on the Q&A page all
 * read the deal's open contradictions (lib/graph/open-contradictions.ts). They disagreed: the header
 * counted every CONTRADICTS relation, the Q&A page every one between current findings, the chat
 * its own pairwise scan.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { createAgentContext } from "@/lib/agent/context";
import { createAgentTools } from "@/lib/agent/tools";
import { listOpenContradictions } from "@/lib/graph/open-contradictions";
import { generateQaFromContradictions, listQaItems } from "@/lib/irl/qa";
import { updateDealStage } from "@/lib/pipeline/stages/deal";
import { openTestDb } from "../helpers/db";
import { tempDir } from "../helpers/fixtures";
import { addDoc, addFinding, addRelation } from "./agent-fixtures";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

type Tools = ReturnType<typeof createAgentTools>;
const exec = async (tools: Tools, name: keyof Tools, input: unknown) =>
  (tools[name] as unknown as { execute: (i: unknown, o: unknown) => Promise<unknown> }).execute(input, { toolCallId: "t", messages: [] });

describe("the deal's open contradictions: one list for the header, the chat and the Q&A page", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ db, cleanup } = await openTestDb()));
  afterAll(() => cleanup());

  /** Every place's count for a deal, after the stage is recomputed as the pipeline does. */
  async function counts(deal: { id: string; slug: string; name: string }) {
    const stage = await updateDealStage({ db, dealId: deal.id });
    const tools = createAgentTools(createAgentContext({ db, deal }));
    const chat = (await exec(tools, "detect_contradictions", {})) as { conflicts: unknown[] };
    const suggested = (await exec(tools, "suggest_questions", { limit: 20 })) as { suggestions: { origin: string }[] };
    const first = await generateQaFromContradictions({ db, dealId: deal.id });
    const again = await generateQaFromContradictions({ db, dealId: deal.id });
    const items = (await listQaItems({ db, dealId: deal.id })).filter((q) => q.origin === "contradiction");
    return {
      header: stage.evidence.contradictions,
      headerText: stage.result.explanation,
      chat: chat.conflicts.length,
      suggested: suggested.suggestions.filter((s) => s.origin === "contradiction").length,
      added: first.added.length,
      againAdded: again.added.length,
      againExisting: again.existing,
      items: items.length,
    };
  }

  it("counts one open contradiction once in every place; a CONTRADICTS edge that no longer holds counts nowhere", async () => {
    const deal = await createDeal({ db, slug: "one-count", name: "One count" });
    const q = await addDoc(db, deal.id, "Q3_Report.pdf", ["Revenue for the third quarter was EUR 5.2 million."], { kind: "quarterly report", date: "2024-10-24" });
    const deck = await addDoc(db, deal.id, "Board_Deck.pdf", ["Revenue in the third quarter: EUR 4.9 million."], { kind: "management presentation", date: "2024-11-02" });
    const a = await addFinding(db, deal.id, { doc: q, metric: "Revenue", key: "revenue", value: "EUR 5.2 million", num: 5_200_000, period: "Q3 2024", page: 1, excerpt: "Revenue for the third quarter was EUR 5.2 million." });
    const b = await addFinding(db, deal.id, { doc: deck, metric: "Revenue", key: "revenue", value: "EUR 4.9 million", num: 4_900_000, period: "Q3 2024", page: 1, excerpt: "Revenue in the third quarter: EUR 4.9 million." });
    await addRelation(db, deal.id, a, b, "CONTRADICTS");
    // an old edge between different periods (the rules say: not a conflict), as a stale detection run leaves one
    const older = await addFinding(db, deal.id, { doc: deck, metric: "Revenue", key: "revenue", value: "EUR 4.4 million", num: 4_400_000, period: "Q2 2024", page: 1, excerpt: "Revenue in the second quarter: EUR 4.4 million." });
    await addRelation(db, deal.id, a, older, "CONTRADICTS");

    expect(await listOpenContradictions({ db, dealId: deal.id })).toHaveLength(1);
    const c = await counts(deal);
    expect(c).toMatchObject({ header: 1, chat: 1, suggested: 1, added: 1, againAdded: 0, againExisting: 1, items: 1 });
    expect(c.headerText).toMatch(/\b1 contradiction\b/);
  });

  it("says 0 everywhere on a deal with none", async () => {
    const deal = await createDeal({ db, slug: "no-conflicts", name: "None" });
    const q = await addDoc(db, deal.id, "Q3_Report.pdf", ["Revenue for the third quarter was EUR 5.2 million."], { kind: "quarterly report", date: "2024-10-24" });
    await addFinding(db, deal.id, { doc: q, metric: "Revenue", key: "revenue", value: "EUR 5.2 million", num: 5_200_000, period: "Q3 2024", page: 1, excerpt: "Revenue for the third quarter was EUR 5.2 million." });
    const c = await counts(deal);
    expect(c).toMatchObject({ header: 0, chat: 0, suggested: 0, added: 0, againAdded: 0, againExisting: 0, items: 0 });
    expect(c.headerText).toMatch(/\b0 contradictions\b/);
  });
});
