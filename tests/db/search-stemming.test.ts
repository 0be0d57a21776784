import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db, Queryable } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { SEARCH_INDEX_VERSION } from "@/lib/search/indexer";
import { sectionOfPage } from "@/lib/search/page-sections";
import { keywordChunks } from "@/lib/search/retrievers";
import { RANKING, searchPages } from "@/lib/search/search";
import { tokenize } from "@/lib/search/tokenize";
import { staleSearchDeals, upgradeSearchIndexes } from "@/lib/search/upgrade";
import { openTestDb } from "../helpers/db";
import { addIndexedDocument } from "../helpers/documents";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const filler = (n: number) => Array.from({ length: n }, (_, i) => `Operations were reviewed in meeting ${i} and the plan was approved.`).join("\n");
const svFiller = (n: number) => Array.from({ length: n }, (_, i) => `Arbetet har bedrivits i möte ${i} och planen har godkänts av gruppen.`).join("\n");

describe("stemmed, section-aware search", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let deal: string;
  let en: string;
  let sv: string;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    deal = (await createDeal({ db, slug: "stemming" })).id;
    en = await addIndexedDocument(db, deal, "ZENTRO_2022_10K.pdf", [
      "Table of Contents\nItem 1. Business 2\nItem 1A. Risk Factors 3\nItem 3. Legal Proceedings 4",
      `Item 1. Business\nZentro builds turbines. Our largest customer is a utility in Ohio.\n${filler(6)}`,
      `Item 1A. Risk Factors\nDemand for turbines is cyclical. Litigation could hurt us: a lawsuit, or litigation costs, may reduce profit.\n${filler(6)}`,
      `Item 3. Legal Proceedings\nA lawsuit about patents is pending against Zentro in Delaware.\n${filler(6)}`,
      `Item 7. Management's Discussion and Analysis\nRevenue grew on turbine deliveries.\n${filler(6)}`,
    ]);
    sv = await addIndexedDocument(db, deal, "SOU_2023_12.pdf", [
      `Sammanfattning\nUtredaren föreslår att reglerna om tillstånd ändras och att det sker snart.\n${svFiller(6)}`,
      `3 Bakgrund\nReglerna infördes när marknaden var liten och har sedan dess ändrats flera gånger.\n${svFiller(6)}`,
    ]);
  });

  afterAll(async () => cleanup());

  it("finds a stemmed Swedish variant: 'utredare' finds the page with 'Utredaren'", async () => {
    const hits = await searchPages({ db, dealId: deal, query: "utredare", k: 3 });
    expect(hits[0]).toMatchObject({ documentId: sv, page: 1 });
  });

  it("finds the singular for an English plural: 'customers' finds 'customer'", async () => {
    const hits = await searchPages({ db, dealId: deal, query: "Who are Zentro's customers?", k: 3 });
    expect(hits[0]).toMatchObject({ documentId: en, page: 2 });
  });

  it("prefers the section the question points to when words alone barely differ", async () => {
    // the Risk Factors page has more of the words; the Legal Proceedings page is where the answer is
    const ask = () => searchPages({ db, dealId: deal, query: "Is there any litigation or lawsuit?", documentIds: [en], k: 3 });
    const boost = RANKING.sectionBoost;
    try {
      RANKING.sectionBoost = 0;
      expect((await ask())[0].page).toBe(3);
    } finally {
      RANKING.sectionBoost = boost;
    }
    expect((await ask())[0].page).toBe(4);
  });

  it("records each page's section and language for answers to read", async () => {
    expect(await sectionOfPage(db, en, 1)).toMatchObject({ section: null, language: "en" });
    expect(await sectionOfPage(db, en, 4)).toMatchObject({ section: "legal_proceedings" });
    expect(await sectionOfPage(db, sv, 2)).toMatchObject({ section: "background", language: "sv" });
  });

  it("rebuilds a deal indexed by an older tokeniser instead of mixing stems", async () => {
    // what version 8 stored: lowercase words, plurals cut ("utredaren", "customer"); re-inserted
    // through the triggers so the segment postings hold the old terms too
    const { rows: old } = await db.query<{ chunk_id: string; document_id: string; page: number; text: string }>(
      "select c.chunk_id, c.document_id, c.page, k.text from search_chunk_terms c join chunks k on k.id = c.chunk_id where c.deal_id = $1", [deal]);
    await db.query("delete from search_chunk_terms where deal_id = $1", [deal]);
    for (const r of old) {
      const words = [...new Set((r.text.toLowerCase().match(/\p{L}+/gu) ?? []).map((w) => w.replace(/s$/, "")))].sort();
      await db.query(
        "insert into search_chunk_terms (chunk_id, deal_id, document_id, page, terms, tfs, len) values ($1, $2, $3, $4, $5::text[], $6::int2[], $7)",
        [r.chunk_id, deal, r.document_id, r.page, words, words.map(() => 1), words.length],
      );
    }
    await db.query("update search_index_versions set version = 8 where deal_id = $1", [deal]);
    const stem = [{ term: tokenize("utredare", "sv")[0], weight: 1 }];
    expect(await keywordChunks(db, { dealId: deal }, stem, 5)).toEqual([]);
    expect(await staleSearchDeals(db)).toContain(deal);

    const r = await upgradeSearchIndexes({ db });
    expect(r.deals).toBeGreaterThanOrEqual(1);
    expect(await staleSearchDeals(db)).not.toContain(deal);
    const { rows } = await db.query<{ version: number }>("select version from search_index_versions where deal_id = $1", [deal]);
    expect(rows[0].version).toBe(SEARCH_INDEX_VERSION);
    expect((await keywordChunks(db, { dealId: deal }, stem, 5))[0]).toMatchObject({ documentId: sv, page: 1 });
    expect(await keywordChunks(db, { dealId: deal }, [{ term: "utredaren", weight: 1 }], 5)).toEqual([]); // no old term left
  });

  it("upgrades a stale deal before searching it when start-up did not", async () => {
    const fresh = await openTestDbHandleFor(db);
    await db.query("update search_index_versions set version = 8 where deal_id = $1", [deal]);
    const hits = await searchPages({ db: fresh, dealId: deal, query: "utredare", k: 3 });
    expect(hits[0]).toMatchObject({ documentId: sv, page: 1 });
    expect(await staleSearchDeals(db)).not.toContain(deal);
  });
});

/** Another handle on the same database (the per-handle "checked" memo starts empty). */
async function openTestDbHandleFor(db: Db): Promise<Queryable> {
  return { query: (sql, params) => db.query(sql, params), exec: (sql) => db.exec(sql) };
}
