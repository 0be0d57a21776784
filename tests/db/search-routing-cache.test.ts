import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { loadRoutableDocuments } from "@/lib/search/routing-cache";
import { openTestDb } from "../helpers/db";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

describe("routing document cache", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;
  const addDocument = async (filename: string, company: string) => {
    const id = crypto.randomUUID();
    await db.query(
      `insert into documents (id, deal_id, filename, sha256, bytes, storage_path, status, company) values ($1, $2, $3, $4, 1, '', 'indexed', $5)`,
      [id, dealId, filename, id, company],
    );
    return id;
  };

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "routing-cache" })).id;
  });
  afterAll(() => cleanup());

  it("re-reads the deal's documents only when one appears, changes or goes", async () => {
    const a = await addDocument("a.pdf", "Acme");
    const first = await loadRoutableDocuments(db, dealId);
    expect(first.map((d) => d.id)).toEqual([a]);
    expect(await loadRoutableDocuments(db, dealId)).toBe(first); // unchanged: served from the cache

    const b = await addDocument("b.pdf", "Beta");
    const second = await loadRoutableDocuments(db, dealId);
    expect(second.map((d) => d.id)).toEqual([a, b]);

    await db.query("update documents set company = 'Beta Holdings', fiscal_year = 2023 where id = $1", [b]);
    expect((await loadRoutableDocuments(db, dealId)).find((d) => d.id === b)).toMatchObject({ company: "Beta Holdings", fiscal_year: 2023 });

    await db.query("update documents set status = 'failed' where id = $1", [a]);
    expect((await loadRoutableDocuments(db, dealId)).map((d) => d.id)).toEqual([b]);

    await db.query("delete from documents where id = $1", [b]);
    expect(await loadRoutableDocuments(db, dealId)).toEqual([]);

    // columns routing does not read leave the cache alone
    const c = await addDocument("c.pdf", "Gamma");
    const third = await loadRoutableDocuments(db, dealId);
    await db.query("update documents set page_count = 12, indexed_at = now() where id = $1", [c]);
    expect(await loadRoutableDocuments(db, dealId)).toBe(third);
  });

  it("keeps deals apart and survives the deal's deletion", async () => {
    const other = (await createDeal({ db, slug: "routing-cache-2" })).id;
    expect(await loadRoutableDocuments(db, other)).toEqual([]);
    await db.query("delete from deals where id = $1", [dealId]);
    expect(await loadRoutableDocuments(db, dealId)).toEqual([]);
    expect((await db.query("select 1 from search_routing_versions where deal_id = $1", [dealId])).rows).toEqual([]);
  });
});
