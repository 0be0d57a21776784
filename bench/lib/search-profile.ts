import type { Db } from "@/lib/db";
import { searchPages } from "@/lib/search/search";

/**
 * Where a hybrid search's time goes (bench:search-latency --profile): the fused SQL call
 * (search_hybrid_head) is re-run with the arguments the searches sent, whole and without its
 * keyword half, its vector half or both (CPU time of this process, where PGlite runs), and the
 * blocks each relation read through PGlite's file system (buffer-pool misses) per search, in a
 * second pass over the questions.
 */
export interface SearchProfile {
  /** CPU ms per fused call, p50: whole, without the keyword half, without the vector half, neither. */
  fused: { whole: number; noKeyword: number; noVector: number; neither: number };
  /** Per relation (heap, indexes and TOAST together): blocks read and buffer hits per search. */
  blocks: Array<{ relation: string; read: number; hit: number }>;
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;

async function blockCounts(db: Db): Promise<Map<string, { read: number; hit: number }>> {
  const { rows } = await db.query<{ relation: string; read: string; hit: string }>(
    `select coalesce(o.relname, c.relname) as relation,
            sum(coalesce(t.heap_blks_read, 0) + coalesce(t.idx_blks_read, 0) + coalesce(t.toast_blks_read, 0) + coalesce(t.tidx_blks_read, 0))::text as read,
            sum(coalesce(t.heap_blks_hit, 0) + coalesce(t.idx_blks_hit, 0) + coalesce(t.toast_blks_hit, 0) + coalesce(t.tidx_blks_hit, 0))::text as hit
     from pg_statio_all_tables t join pg_class c on c.oid = t.relid
     left join pg_class o on o.reltoastrelid = c.oid
     where t.schemaname not in ('pg_catalog', 'information_schema')
     group by 1`,
  );
  return new Map(rows.map((r) => [r.relation, { read: Number(r.read), hit: Number(r.hit) }]));
}

export async function profileSearches(db: Db, dealId: string, questions: string[], rounds = 3): Promise<SearchProfile> {
  // the fused calls' SQL and arguments, as searchPages sends them
  const calls: Array<{ sql: string; params: unknown[] }> = [];
  const query = db.query.bind(db);
  for (const q of questions) await searchPages({ db, dealId, query: q, k: 10 }); // the pool as searching leaves it
  const before = await blockCounts(db);
  db.query = (async (sql: string, params?: unknown[]) => {
    if (sql.includes("search_hybrid_head(")) calls.push({ sql, params: params ?? [] });
    return query(sql, params);
  }) as Db["query"];
  try {
    for (const q of questions) await searchPages({ db, dealId, query: q, k: 10 });
  } finally {
    db.query = query;
  }
  const after = await blockCounts(db);
  const blocks = [...after]
    .map(([relation, b]) => ({ relation, read: (b.read - (before.get(relation)?.read ?? 0)) / questions.length, hit: (b.hit - (before.get(relation)?.hit ?? 0)) / questions.length }))
    .filter((b) => b.read + b.hit >= 1)
    .sort((a, b) => b.read - a.read || b.hit - a.hit);
  // argument 2/3: the keyword terms and weights; 6: the query embedding (null: no vector half)
  const variants = {
    whole: (p: unknown[]) => p,
    noKeyword: (p: unknown[]) => p.map((x, i) => (i === 1 || i === 2 ? [] : x)),
    noVector: (p: unknown[]) => p.map((x, i) => (i === 5 ? null : x)),
    neither: (p: unknown[]) => p.map((x, i) => (i === 1 || i === 2 ? [] : i === 5 ? null : x)),
  };
  const cpu: Record<keyof typeof variants, number[]> = { whole: [], noKeyword: [], noVector: [], neither: [] };
  for (let r = 0; r < rounds; r++) {
    for (const c of calls) {
      for (const [name, args] of Object.entries(variants) as Array<[keyof typeof variants, (p: unknown[]) => unknown[]]>) {
        const t = process.cpuUsage();
        await db.query(c.sql, args(c.params));
        const d = process.cpuUsage(t);
        cpu[name].push((d.user + d.system) / 1000);
      }
    }
  }
  return { fused: { whole: p50(cpu.whole), noKeyword: p50(cpu.noKeyword), noVector: p50(cpu.noVector), neither: p50(cpu.neither) }, blocks };
}
