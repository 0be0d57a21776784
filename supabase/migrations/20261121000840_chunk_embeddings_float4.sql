-- Chunk embeddings as float4 `vector` instead of `halfvec` (issue 2: hybrid p95 at 100k).
-- Runs unchanged on PostgreSQL 15 + pgvector >= 0.8 and on PGlite.
--
-- A question routed to some documents scores every chunk in scope exactly (match_chunks,
-- 0700: more exact and faster than a filtered HNSW walk, which found ~20 % of the true top
-- 20 at 100k chunks). On PGlite that scan was dominated by converting each stored half
-- float back to float4 in software: 6,000 chunks of 384 dimensions took ~11 ms as halfvec
-- and ~6 ms as vector. The HNSW indexes already held float4 copies (an expression over
-- embedding::vector(n)), so the expressions, index definitions and match_chunks stay as
-- they are; the table grows by 2 bytes per dimension (~77 MB per 100k chunks for the local
-- 384-dimension model, ~300 MB for OpenAI at 1,536). Findings keep halfvec: they are few
-- and always searched through their HNSW index.
-- ---------------------------------------------------------------------------------------

-- The column rewrite rebuilds every index on chunks; give the HNSW builds room to stay in memory.
set local maintenance_work_mem = '256MB';

alter table chunks alter column embedding type vector using embedding::vector;
