-- Search performance (issue 2): a real inverted index for BM25 and cheaper HNSW writes.
-- Runs unchanged on PostgreSQL 15 + pgvector >= 0.8 and on PGlite (pgvector 0.8.x).

-- ---------------------------------------------------------------------------------------
-- Keyword half: posting lists.
-- search_keyword_chunks used to find candidates through the GIN index over
-- search_chunk_terms.terms; at 10k chunks the planner preferred a sequential scan joined
-- to every query term, sorted ~16k wide rows (terms and tfs arrays) on disk and located
-- each term with array_position: ~300-450 ms per query on PGlite.
-- search_postings is a compact inverted index: one row per (deal, term, document, indexing
-- statement) holding parallel arrays of the chunks containing the term, their pages, term
-- frequencies and lengths. A query reads only the posting rows of its rare terms through
-- a btree on (deal_id, term, document_id) and scores them with plain arithmetic; the wide
-- search_chunk_terms row is read only for the few hundred best candidates.
-- Maintained by the search_chunk_terms statement triggers, so every writer keeps it exact.
-- ---------------------------------------------------------------------------------------
create table search_postings (
  deal_id uuid not null references deals(id) on delete cascade,
  term text not null,
  document_id uuid not null references documents(id) on delete cascade,
  chunk_ids uuid[] not null,
  pages int[] not null,
  tfs int2[] not null,
  lens int[] not null,
  n int not null              -- cardinality(chunk_ids), readable without detoasting the arrays
);
create index search_postings_term_idx on search_postings (deal_id, term, document_id);

insert into search_postings (deal_id, term, document_id, chunk_ids, pages, tfs, lens, n)
select c.deal_id, t.term, c.document_id, array_agg(c.chunk_id order by c.chunk_id), array_agg(c.page order by c.chunk_id),
       array_agg(t.tf order by c.chunk_id), array_agg(c.len order by c.chunk_id), count(*)
from search_chunk_terms c cross join lateral unnest(c.terms, c.tfs) as t(term, tf)
group by c.deal_id, t.term, c.document_id;

-- The GIN index was the old inverted index; nothing queries terms with @> any more, and
-- maintaining it was a large share of the BM25 write cost.
drop index if exists search_chunk_terms_terms_gin;

create or replace function search_chunk_terms_added() returns trigger language plpgsql as $$
begin
  -- Sorted so concurrent ingestions into one deal lock term rows in the same order.
  insert into search_term_df as s (deal_id, term, df)
  select n.deal_id, t.term, count(*)::int
  from new_rows n cross join lateral unnest(n.terms) as t(term)
  group by n.deal_id, t.term
  order by n.deal_id, t.term
  on conflict (deal_id, term) do update set df = s.df + excluded.df;
  insert into search_deal_stats as s (deal_id, chunk_count, total_length)
  select n.deal_id, count(*), coalesce(sum(n.len), 0) from new_rows n group by n.deal_id
  on conflict (deal_id) do update
    set chunk_count = s.chunk_count + excluded.chunk_count, total_length = s.total_length + excluded.total_length;
  insert into search_postings (deal_id, term, document_id, chunk_ids, pages, tfs, lens, n)
  select n.deal_id, t.term, n.document_id, array_agg(n.chunk_id), array_agg(n.page), array_agg(t.tf), array_agg(n.len), count(*)
  from new_rows n cross join lateral unnest(n.terms, n.tfs) as t(term, tf)
  group by n.deal_id, t.term, n.document_id;
  return null;
end;
$$;

create or replace function search_chunk_terms_removed() returns trigger language plpgsql as $$
begin
  update search_term_df s set df = s.df - o.n
  from (
    select r.deal_id, t.term, count(*)::int as n
    from old_rows r cross join lateral unnest(r.terms) as t(term)
    group by r.deal_id, t.term
    order by r.deal_id, t.term
  ) o
  where s.deal_id = o.deal_id and s.term = o.term;
  update search_deal_stats s set chunk_count = s.chunk_count - o.n, total_length = s.total_length - o.l
  from (select r.deal_id, count(*) as n, coalesce(sum(r.len), 0) as l from old_rows r group by r.deal_id) o
  where s.deal_id = o.deal_id;
  -- Chunks are removed per document (re-index, document or deal deletion): rebuild the
  -- posting rows of the affected documents from what is left (usually nothing).
  delete from search_postings p
  using (select distinct r.deal_id, r.document_id from old_rows r) o
  where p.deal_id = o.deal_id and p.document_id = o.document_id;
  insert into search_postings (deal_id, term, document_id, chunk_ids, pages, tfs, lens, n)
  select c.deal_id, t.term, c.document_id, array_agg(c.chunk_id), array_agg(c.page), array_agg(t.tf), array_agg(c.len), count(*)
  from search_chunk_terms c cross join lateral unnest(c.terms, c.tfs) as t(term, tf)
  where (c.deal_id, c.document_id) in (select distinct r.deal_id, r.document_id from old_rows r)
  group by c.deal_id, t.term, c.document_id;
  return null;
end;
$$;

-- search_keyword_chunks: same contract and scoring as before (BM25, k1, b; idf per deal
-- = ln(1 + (N - df + 0.5) / (df + 0.5)), weighted terms; the rarest terms whose postings
-- add up to p_candidate_budget generate candidates, commoner terms add their share to the
-- best candidates only; exact BM25 below the budget). Candidates now come from
-- search_postings, and with a document filter the budget counts only those documents'
-- postings, so a search inside one filing is exact BM25 far more often.
create or replace function search_keyword_chunks(
  p_deal_id uuid,
  p_terms text[],
  p_weights real[],
  p_k int default 100,
  p_document_ids uuid[] default null,
  p_page_from int default null,
  p_page_to int default null,
  p_candidate_budget int default 20000,
  p_k1 real default 1.2,
  p_b real default 0.75
) returns table (chunk_id uuid, document_id uuid, page int, score real)
language plpgsql stable
as $$
declare
  v_n bigint;
  v_avgdl float8;
  v_rare text[] := '{}';
  v_rare_idf float8[] := '{}';
  v_common text[] := '{}';
  v_common_idf float8[] := '{}';
  v_sum bigint := 0;
  v_hits text;
  r record;
begin
  select s.chunk_count, s.total_length::float8 / greatest(s.chunk_count, 1)
    into v_n, v_avgdl from search_deal_stats s where s.deal_id = p_deal_id;
  if v_n is null or v_n <= 0 then return; end if;
  -- The budget counts the postings a term would make us read: its deal df, or, when the
  -- search is limited to some documents, its postings in those documents (cheap to count
  -- through the btree; a term absent from them is dropped). idf stays per deal.
  for r in
    select x.term, x.idf, x.df, x.cost from (
      select u.term, max(u.w) * ln(1 + (v_n - d.df + 0.5) / (d.df + 0.5)) as idf, d.df,
             case when p_document_ids is null then d.df::bigint else (
               select coalesce(sum(p.n), 0) from search_postings p
               where p.deal_id = p_deal_id and p.term = u.term and p.document_id = any(p_document_ids)) end as cost
      from unnest(p_terms, p_weights) as u(term, w)
      join search_term_df d on d.deal_id = p_deal_id and d.term = u.term and d.df > 0
      group by u.term, d.df
    ) x
    where x.cost > 0
    order by x.df, x.term
  loop
    if cardinality(v_rare) = 0 or v_sum + r.cost <= p_candidate_budget then
      v_rare := v_rare || r.term; v_rare_idf := v_rare_idf || r.idf; v_sum := v_sum + r.cost;
    else
      v_common := v_common || r.term; v_common_idf := v_common_idf || r.idf;
    end if;
  end loop;
  if cardinality(v_rare) = 0 then return; end if;
  -- Dynamic SQL so that each call is planned with its actual filters: with a document
  -- filter, document_id = any(...) is part of the btree condition (the single-filing case
  -- reads only that filing's postings); without one, the condition is left out entirely.
  -- Postings are scored with plain arithmetic (a chunk's document and page come with them).
  -- When every term generates candidates the result is exact and needs nothing else; when
  -- some are too common, the best candidates (2 × k) read their own term arrays for the
  -- commoner terms' share.
  v_hits := format($q$
    select t.chunk_id, p.document_id, t.page,
           sum(q.idf * (t.tf * ($8::float8 + 1)) / (t.tf + $8::float8 * (1 - $9::float8 + $9::float8 * t.len / $10::float8))) as score
    from unnest($1::text[], $2::float8[]) as q(term, idf)
    join search_postings p on p.deal_id = $3::uuid and p.term = q.term %1$s
    cross join lateral unnest(p.chunk_ids, p.pages, p.tfs, p.lens) as t(chunk_id, page, tf, len)
    where ($5::int is null or t.page >= $5) and ($6::int is null or t.page <= $6)
    group by t.chunk_id, p.document_id, t.page
  $q$, case when p_document_ids is null then '' else 'and p.document_id = any($4::uuid[])' end);
  if cardinality(v_common) = 0 then
    return query execute format($q$
      select h.chunk_id, h.document_id, h.page, h.score::real from (%1$s) h
      order by h.score::real desc, h.chunk_id
      limit $7::int
    $q$, v_hits)
    using v_rare, v_rare_idf, p_deal_id, p_document_ids, p_page_from, p_page_to, p_k,
          p_k1::float8, p_b::float8, v_avgdl;
    return;
  end if;
  return query execute format($q$
    with hits as (
      select * from (%1$s) h0
      order by h0.score desc, h0.chunk_id
      limit greatest($7::int * 2, 100)
    )
    -- commoner terms: their BM25 share for each candidate, read from its own term arrays
    -- (a correlated subquery, not a join the planner would mis-estimate)
    select h.chunk_id, h.document_id, h.page, (h.score + coalesce((
             select sum(q.idf * (c.tfs[x.i] * ($8::float8 + 1)) / (c.tfs[x.i] + $8::float8 * (1 - $9::float8 + $9::float8 * c.len / $10::float8)))
             from unnest($11::text[], $12::float8[]) as q(term, idf)
             cross join lateral (select array_position(c.terms, q.term) as i) x
             where x.i is not null), 0))::real as score
    from hits h join search_chunk_terms c on c.chunk_id = h.chunk_id
    order by 4 desc, h.chunk_id
    limit $7::int
  $q$, v_hits)
  using v_rare, v_rare_idf, p_deal_id, p_document_ids, p_page_from, p_page_to, p_k,
        p_k1::float8, p_b::float8, v_avgdl, v_common, v_common_idf;
end;
$$;

-- ---------------------------------------------------------------------------------------
-- Vector half: HNSW over a float4 cast instead of halfvec.
-- Embeddings stay stored as halfvec (half the table size), but the indexes now hold
-- embedding::vector(n). pgvector's WASM build (PGlite) converts half floats in software
-- on every distance, which made an HNSW insert cost ~22 ms per row at ingestion; over
-- vector(n) it is ~4 ms. Index size doubles (float4); recall is unchanged (same vectors).
-- match_chunks / match_findings use the same expressions so the partial indexes apply.
-- ---------------------------------------------------------------------------------------
-- The local model's index also uses m = 8 (default 16): each insert links and re-prunes
-- half as many neighbours, about halving the per-row cost again on PGlite. Page retrieval
-- recall on the bench is unchanged (the vector half is one of three fused signals, and the
-- iterative scan with ef_search 100 still finds the nearest chunks of a filing).
drop index if exists chunks_embedding_local_hnsw;
create index chunks_embedding_local_hnsw on chunks
  using hnsw ((embedding::vector(384)) vector_cosine_ops) with (m = 8)
  where embedding_model = 'local:hash-ngram-384';

drop index if exists chunks_embedding_openai_1536_hnsw;
create index chunks_embedding_openai_1536_hnsw on chunks
  using hnsw ((embedding::vector(1536)) vector_cosine_ops)
  where embedding_model = 'openai:text-embedding-3-large@1536';

-- match_chunks: as before, plus an exact path. A search limited to some documents (a
-- routed question, a single filing) usually covers a few thousand chunks; walking the
-- HNSW graph with a 5 % filter visits many nodes and, even with the iterative scan, can
-- miss true neighbours. Up to p_exact_max chunks in scope, the distances are computed
-- exactly instead (OFFSET 0 keeps the planner from turning the ORDER BY into an index
-- scan): faster there (~10 ms vs ~25 ms for 4k chunks on PGlite at 100k) and exact.
create or replace function match_chunks(
  p_deal_id uuid,
  p_query_embedding halfvec,
  p_embedding_model text,
  p_k int default 50,
  p_document_ids uuid[] default null,
  p_page_from int default null,
  p_page_to int default null
) returns table (chunk_id uuid, document_id uuid, page int, distance real)
language plpgsql stable
set hnsw.iterative_scan = 'relaxed_order'
set hnsw.ef_search = 100
as $$
declare
  v_dims int := substring(p_embedding_model from '(\d+)$')::int;
  v_exact_max constant int := 8000;
  v_in_scope int;
begin
  if v_dims is null or v_dims < 1 or vector_dims(p_query_embedding) <> v_dims then
    raise exception 'match_chunks: query embedding does not match model %', p_embedding_model;
  end if;
  if p_document_ids is not null then
    select count(*) into v_in_scope from (
      select 1 from chunks c where c.deal_id = p_deal_id and c.document_id = any(p_document_ids)
      limit v_exact_max + 1) x;
  end if;
  if v_in_scope is not null and v_in_scope <= v_exact_max then
    return query execute format($q$
      select s.id, s.document_id, s.page_start, s.distance::real from (
        select c.id, c.document_id, c.page_start,
               c.embedding::vector(%1$s) <=> $1::vector(%1$s) as distance
        from chunks c
        where c.deal_id = $2 and c.document_id = any($3::uuid[]) and c.embedding_model = %2$L
          and ($4::int is null or c.page_start >= $4::int)
          and ($5::int is null or c.page_start <= $5::int)
        offset 0
      ) s order by s.distance, s.id
      limit $6
    $q$, v_dims, p_embedding_model)
    using p_query_embedding, p_deal_id, p_document_ids, p_page_from, p_page_to, p_k;
    return;
  end if;
  return query execute format($q$
    select s.id, s.document_id, s.page_start, s.distance::real from (
      select c.id, c.document_id, c.page_start,
             c.embedding::vector(%1$s) <=> $1::vector(%1$s) as distance
      from chunks c
      where c.embedding_model = %2$L and c.deal_id = $2
        and ($3::uuid[] is null or c.document_id = any($3::uuid[]))
        and ($4::int is null or c.page_start >= $4::int)
        and ($5::int is null or c.page_start <= $5::int)
      order by c.embedding::vector(%1$s) <=> $1::vector(%1$s)
      limit $6
    ) s order by s.distance
  $q$, v_dims, p_embedding_model)
  using p_query_embedding, p_deal_id, p_document_ids, p_page_from, p_page_to, p_k;
end;
$$;

drop index if exists findings_embedding_local_hnsw;
create index findings_embedding_local_hnsw on findings
  using hnsw ((embedding::vector(384)) vector_cosine_ops)
  where embedding_model = 'local:hash-ngram-384';

drop index if exists findings_embedding_openai_1536_hnsw;
create index findings_embedding_openai_1536_hnsw on findings
  using hnsw ((embedding::vector(1536)) vector_cosine_ops)
  where embedding_model = 'openai:text-embedding-3-large@1536';

create or replace function match_findings(
  p_deal_id uuid,
  p_query_embedding halfvec,
  p_embedding_model text,
  p_k int default 50,
  p_document_ids uuid[] default null,
  p_domains text[] default null,
  p_statuses text[] default null,
  p_min_confidence real default null,
  p_max_confidence real default null,
  p_include_superseded boolean default true
) returns table (finding_id uuid, document_id uuid, distance real)
language plpgsql stable
set hnsw.iterative_scan = 'relaxed_order'
set hnsw.ef_search = 100
as $$
declare
  v_dims int := substring(p_embedding_model from '(\d+)$')::int;
begin
  if v_dims is null or v_dims < 1 or vector_dims(p_query_embedding) <> v_dims then
    raise exception 'match_findings: query embedding does not match model %', p_embedding_model;
  end if;
  return query execute format($q$
    select s.id, s.document_id, s.distance::real from (
      select f.id, f.document_id,
             f.embedding::vector(%1$s) <=> $1::vector(%1$s) as distance
      from findings f
      where f.embedding_model = %2$L and f.deal_id = $2
        and ($3::uuid[] is null or f.document_id = any($3::uuid[]))
        and ($4::text[] is null or f.domain = any($4::text[]))
        and ($5::text[] is null or f.status = any($5::text[]))
        and ($6::real is null or f.confidence >= $6::real)
        and ($7::real is null or f.confidence <= $7::real)
        and ($8::boolean or not f.superseded)
      order by f.embedding::vector(%1$s) <=> $1::vector(%1$s)
      limit $9
    ) s order by s.distance, s.id
  $q$, v_dims, p_embedding_model)
  using p_query_embedding, p_deal_id, p_document_ids, p_domains, p_statuses,
        p_min_confidence, p_max_confidence, p_include_superseded, p_k;
end;
$$;
