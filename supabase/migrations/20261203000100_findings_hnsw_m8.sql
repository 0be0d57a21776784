-- The local model's HNSW index on findings rebuilt with m = 8, ef_construction = 128 (issue 23:
-- data-room scale). Writing a promoted finding's embedding was the largest single cost of
-- extraction on PGlite: about 2.3 ms an index insert, most of it re-linking the 32 layer-0
-- neighbours m = 16 gives each element. Half the links, searched for more widely when built,
-- cost about half as much per insert, and on 4,404 findings of 20 filings the graph finds
-- more of the exact nearest findings than the old one did (recall@50 of match_findings'
-- query against an exact scan, 220 queries: 0.93-0.95 against 0.91-0.92, each graph built
-- twice; the old graph also differs between two builds, its levels being random). The chunks'
-- index already uses m = 8 (20261125000200_search.sql). Only the index's build parameters
-- change: the same rows, the same expression and predicate, so match_findings and
-- lib/db/embedding-index.ts find it as before.
drop index if exists findings_embedding_local_hnsw;
create index findings_embedding_local_hnsw on findings
  using hnsw ((embedding::vector(384)) vector_cosine_ops) with (m = 8, ef_construction = 128)
  where embedding_model = 'local:hash-ngram-384';
