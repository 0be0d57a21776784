/**
 * Findings' pages keep a tenth free (supabase/migrations/20261203000200_findings_fillfactor.sql),
 * so flagging an embedded finding as superseded, as relation detection does
 * (lib/graph/sync.ts), is a HOT update: the row stays on its page and no index - the HNSW
 * index among them - takes a new entry. Checked by where the rows are before and after, and
 * that the indexes still find them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { insertDocument } from "@/lib/db/queries/documents";
import { setFindingEmbeddings } from "@/lib/db/queries/staging";
import { toExactVectorLiteral } from "@/lib/db/vector-param";
import { embedLocal, LOCAL_EMBEDDING_MODEL_ID } from "@/lib/models/local-embedder";
import { openTestDb } from "../helpers/db";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

let db: Db;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ db, cleanup } = await openTestDb()));
afterAll(async () => cleanup?.());

const N = 400;

/** Each finding's heap block (its ctid's page). */
async function blocks(ids: string[]): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: string; block: number }>(
    "select id, (ctid::text::point)[0]::int as block from findings where id = any($1::uuid[])",
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.block]));
}

describe("findings' fillfactor", () => {
  it("is 90", async () => {
    const { rows } = await db.query<{ reloptions: string[] | null }>("select reloptions from pg_class where relname = 'findings' and relkind = 'r'");
    expect(rows[0]!.reloptions).toContain("fillfactor=90");
  });

  it("keeps a superseded embedded finding on its page, found through its indexes as before", async () => {
    const deal = await createDeal({ db, slug: "fillfactor" });
    const { row: doc } = await insertDocument({ db, doc: { id: crypto.randomUUID(), deal_id: deal.id, filename: "a.pdf", mime: null, sha256: "a", bytes: 1, storage_path: "" } });
    const ids = Array.from({ length: N }, () => crypto.randomUUID());
    const texts = ids.map((_, i) => `Net revenue of segment ${i} rose ${i % 13}% in fiscal ${2000 + (i % 23)} to $${i * 7} million, the filing states on page ${i + 1}.`);
    await db.query(
      `insert into findings (id, deal_id, document_id, metric, metric_key, value_text, period, source_page, source_excerpt)
       select u.id, $2, $3, 'Net revenue', 'revenue', '$' || u.n || 'm', 'FY2023', u.n, u.t
         from unnest($1::uuid[], $4::text[]) with ordinality as u(id, t, n)`,
      [ids, deal.id, doc.id, texts],
    );
    for (let i = 0; i < N; i += 64) {
      await setFindingEmbeddings(db, { ids: ids.slice(i, i + 64), vectors: texts.slice(i, i + 64).map((t) => toExactVectorLiteral(embedLocal(t))), model: LOCAL_EMBEDDING_MODEL_ID });
    }
    const flagged = ids.filter((_, i) => i % 10 === 3);
    const before = await blocks(flagged);
    const res = await db.query("update findings set superseded = true where deal_id = $1 and not superseded and id = any($2::uuid[])", [deal.id, flagged]);
    expect(res.rowCount).toBe(flagged.length);
    expect(await blocks(flagged)).toEqual(before);

    // the indexes still lead to the updated rows: by metric and period, by document, and the nearest by embedding
    const byMetric = await db.query<{ n: number }>("select count(*)::int as n from findings where deal_id = $1 and metric_key = 'revenue' and period = 'FY2023' and superseded", [deal.id]);
    expect(byMetric.rows[0]!.n).toBe(flagged.length);
    const target = flagged[5]!;
    const nearest = await db.query<{ id: string }>(
      `select id from findings where embedding_model = $2
        order by embedding::vector(384) <=> $1::vector(384) limit 1`,
      [toExactVectorLiteral(embedLocal(texts[ids.indexOf(target)]!)), LOCAL_EMBEDDING_MODEL_ID],
    );
    expect(nearest.rows[0]!.id).toBe(target);
  });
});
