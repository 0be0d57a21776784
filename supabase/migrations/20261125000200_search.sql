-- Search: hybrid page retrieval over a deal's chunks (lib/search).
--
-- Baseline, part 2 of 6 (see 20261125000100_documents.sql). Three signals are fused in the
-- application (lib/search/search.ts): the vector half (match_chunks over per-model HNSW
-- indexes), the keyword half (search_keyword_chunks: BM25 over an inverted index kept as
-- merged segments) and page features (which financial statement a page is, its language
-- and report section). Terms are made by the application (lib/search/tokenize.ts), so that
-- indexing and querying normalise text the same way for English and Swedish; the triggers
-- below keep every derived table exact through inserts and deletes, cascades included.
-- Runs unchanged on PostgreSQL 15 + pgvector >= 0.8 and on PGlite (pgvector 0.8.x).

-- =======================================================================================
-- Vector half
-- =======================================================================================

-- One partial HNSW index per embedding model, over an expression with fixed dimensions;
-- queries use the same expression with the model as a literal (match_chunks), so the
-- planner can prove the partial predicate. Indexes hold float4 (`vector`): pgvector's WASM
-- build converts half floats in software on every distance. The local model's index uses
-- m = 8 (half the links per insert, about half the insert cost on PGlite; recall on the
-- bench unchanged). A configured model without an index here gets one at start-up
-- (lib/db/embedding-index.ts).
create index chunks_embedding_local_hnsw on chunks
  using hnsw ((embedding::vector(384)) vector_cosine_ops) with (m = 8)
  where embedding_model = 'local:hash-ngram-384';

create index chunks_embedding_openai_1536_hnsw on chunks
  using hnsw ((embedding::vector(1536)) vector_cosine_ops)
  where embedding_model = 'openai:text-embedding-3-large@1536';

-- match_chunks: the k chunks nearest to a query embedding within a deal, optionally limited
-- to some documents and a page range. Called by the vector retriever (lib/search/retrievers.ts).
-- The dimension comes from the model id's trailing number ('local:hash-ngram-384' → 384).
-- Up to 8,000 chunks in scope (a routed question, one filing) the distances are computed
-- exactly (OFFSET 0 keeps the planner off the index: faster there and exact); otherwise the
-- HNSW index is walked with hnsw.iterative_scan, so a filtered scan keeps walking instead of
-- stopping at ef_search candidates (relaxed order is re-sorted by the outer query).
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

-- =======================================================================================
-- Keyword half: Okapi BM25
-- =======================================================================================

-- Each chunk's distinct normalised terms (sorted) with their term frequencies in a parallel
-- array, and its length in tokens. Written by lib/search/indexer.ts (insertChunkTerms);
-- rescoring reads a candidate's own arrays. The statement triggers at the end of this
-- section derive everything else from inserts and deletes here.
create table search_chunk_terms (
  chunk_id uuid primary key references chunks(id) on delete cascade,
  deal_id uuid not null references deals(id) on delete cascade,
  document_id uuid not null references documents(id) on delete cascade,
  page int not null,
  terms text[] not null,      -- distinct terms, sorted
  tfs int2[] not null,        -- term frequency of terms[i]
  len int not null            -- tokens in the chunk (BM25 document length)
);
create index search_chunk_terms_deal_doc_idx on search_chunk_terms (deal_id, document_id, page);

-- Per-deal document frequency of each term (chunks of the deal containing it): BM25's idf.
create table search_term_df (
  deal_id uuid not null references deals(id) on delete cascade,
  term text not null,
  df int not null,
  primary key (deal_id, term)
);

-- Per-deal totals: chunk count and total length (BM25's N and average length), and the
-- segment rows live and dead since the last vacuum. PGlite has no autovacuum, and unvacuumed
-- dead rows make every term lookup visit all the old versions of its rows:
-- lib/db/maintenance.ts vacuums once the dead rows outnumber the live ones.
create table search_deal_stats (
  deal_id uuid primary key references deals(id) on delete cascade,
  chunk_count bigint not null,
  total_length bigint not null,
  segment_rows bigint not null default 0,
  segment_garbage bigint not null default 0
);

-- The inverted index, as merged segments (as in Lucene). Every statement that adds chunk
-- terms writes one level-0 segment: one row per term, with parallel arrays of chunk,
-- document, page, term frequency and length. Whenever a level holds search_segment_fanout()
-- segments they merge into one segment of the next level, so a term is a handful of rows
-- however many documents the deal holds. Deleting chunks does not rewrite segments: the
-- affected (segment, document) pairs get tombstones that searches skip and merges purge.
create table search_segments (
  id uuid primary key,
  seq bigserial not null,                -- creation order: merges take the oldest first
  deal_id uuid not null references deals(id) on delete cascade,
  level int not null,
  document_ids uuid[] not null,          -- documents with postings in the segment
  postings bigint not null
);
create index search_segments_deal_level_idx on search_segments (deal_id, level, seq);

-- A segment's postings per term. Each row is in descending order of impact (the
-- term-frequency part of BM25, search_posting_impact), so a term too common for the
-- candidate budget is read as a prefix of each row; `ordered` is false for rows made by a
-- cheap level 0 → 1 merge (a few concatenated impact-ordered runs, read whole). No foreign
-- key to the segment (its per-row check was a large share of writing one): rows go with
-- their segment through the search_segments_deleted trigger.
create table search_segment_postings (
  deal_id uuid not null,
  term text not null,
  segment_id uuid not null,
  chunk_ids uuid[] not null,
  document_ids uuid[] not null,
  pages int[] not null,
  tfs int2[] not null,
  lens int[] not null,
  n int not null,                        -- cardinality(chunk_ids)
  ordered boolean not null default true
);
create index search_segment_postings_term_idx on search_segment_postings (deal_id, term);
create index search_segment_postings_segment_idx on search_segment_postings (segment_id);

create table search_segment_tombstones (
  deal_id uuid not null,
  segment_id uuid not null references search_segments(id) on delete cascade,
  document_id uuid not null,
  primary key (segment_id, document_id)
);
create index search_segment_tombstones_deal_idx on search_segment_tombstones (deal_id);

-- search_segment_fanout: segments per level before they merge into one of the next level.
-- Called by search_merge_segments (and read by tests/db/search-hybrid.test.ts).
create or replace function search_segment_fanout() returns int language sql immutable as $$ select 10 $$;

-- search_lock_segments: serialises merges and tombstoning within one deal, so a merge never
-- copies postings whose tombstone it cannot see. Called by search_merge_segments and
-- search_chunk_terms_removed.
create or replace function search_lock_segments(p_deal_id uuid) returns void language sql as $$
  select pg_advisory_xact_lock(hashtextextended('manda.search_segments:' || p_deal_id::text, 0))
$$;

-- search_posting_impact: the term-frequency part of BM25 for one posting,
-- tf / (tf + k1 (1 - b + b len / avgdl)) with k1 1.2, b 0.75 and the deal's average length
-- when written: the order of postings within a segment row. Called by the segment writers
-- (search_chunk_terms_added, search_merge_segments, search_add_documents_segment).
create or replace function search_posting_impact(p_tf int, p_len int, p_avgdl float8) returns float8
language sql immutable parallel safe as $$
  select p_tf / (p_tf + 1.2 * (0.25 + 0.75 * p_len / greatest(p_avgdl, 1)))
$$;

-- search_array_concat: array_cat as an aggregate; the level 0 → 1 merge concatenates each
-- term's rows with it (a copy, no per-posting work). Used by search_merge_segments.
create aggregate search_array_concat(anycompatiblearray) (
  sfunc = array_cat,
  stype = anycompatiblearray,
  initcond = '{}'
);

-- search_merge_segments: merges full levels of a deal, lowest first, until no level holds
-- fanout segments. Level 0 → 1 without tombstones concatenates rows (marked unordered);
-- higher levels, and merges that must drop tombstoned postings, regroup into one impact
-- order. Merged rows are counted as garbage for the next vacuum (lib/db/maintenance.ts).
-- Called by search_chunk_terms_added and search_chunk_terms_removed.
create or replace function search_merge_segments(p_deal_id uuid) returns void language plpgsql as $$
declare
  v_level int;
  v_ids uuid[];
  v_new uuid;
  v_added bigint;
  v_removed bigint;
  v_avgdl float8;
begin
  perform search_lock_segments(p_deal_id);
  select s.total_length::float8 / greatest(s.chunk_count, 1) into v_avgdl from search_deal_stats s where s.deal_id = p_deal_id;
  loop
    select s.level into v_level from search_segments s where s.deal_id = p_deal_id
    group by s.level having count(*) >= search_segment_fanout() order by s.level limit 1;
    exit when not found;
    select array_agg(x.id) into v_ids from (
      select s.id from search_segments s where s.deal_id = p_deal_id and s.level = v_level
      order by s.seq limit search_segment_fanout()) x;
    v_new := gen_random_uuid();
    insert into search_segments (id, deal_id, level, document_ids, postings)
    select v_new, p_deal_id, v_level + 1, coalesce(array_agg(distinct d.id), '{}'), 0
    from search_segments s cross join lateral unnest(s.document_ids) as d(id)
    where s.id = any(v_ids)
      and not exists (select 1 from search_segment_tombstones x where x.segment_id = s.id and x.document_id = d.id);
    if v_level = 0 and not exists (select 1 from search_segment_tombstones x where x.segment_id = any(v_ids)) then
      -- level 0 -> 1: concatenate each term's rows (a copy, no per-posting work); the
      -- result is a few impact-ordered runs, marked unordered and read whole
      insert into search_segment_postings (deal_id, term, segment_id, chunk_ids, document_ids, pages, tfs, lens, n, ordered)
      select p_deal_id, p.term, v_new, search_array_concat(p.chunk_ids), search_array_concat(p.document_ids),
             search_array_concat(p.pages), search_array_concat(p.tfs), search_array_concat(p.lens), sum(p.n), false
      from search_segment_postings p
      where p.segment_id = any(v_ids)
      group by p.term;
    else
      -- higher levels (and any merge that must drop tombstoned postings): one impact order
      insert into search_segment_postings (deal_id, term, segment_id, chunk_ids, document_ids, pages, tfs, lens, n, ordered)
      select p_deal_id, p.term, v_new,
             array_agg(t.chunk_id order by search_posting_impact(t.tf, t.len, v_avgdl) desc, t.chunk_id),
             array_agg(t.document_id order by search_posting_impact(t.tf, t.len, v_avgdl) desc, t.chunk_id),
             array_agg(t.page order by search_posting_impact(t.tf, t.len, v_avgdl) desc, t.chunk_id),
             array_agg(t.tf order by search_posting_impact(t.tf, t.len, v_avgdl) desc, t.chunk_id),
             array_agg(t.len order by search_posting_impact(t.tf, t.len, v_avgdl) desc, t.chunk_id), count(*), true
      from search_segment_postings p
      cross join lateral unnest(p.chunk_ids, p.document_ids, p.pages, p.tfs, p.lens) as t(chunk_id, document_id, page, tf, len)
      where p.segment_id = any(v_ids)
        and not exists (select 1 from search_segment_tombstones x where x.segment_id = p.segment_id and x.document_id = t.document_id)
      group by p.term;
    end if;
    get diagnostics v_added = row_count;
    update search_segments s set postings = (select coalesce(sum(p.n), 0) from search_segment_postings p where p.segment_id = v_new)
    where s.id = v_new;
    delete from search_segment_postings p where p.segment_id = any(v_ids);
    get diagnostics v_removed = row_count;
    delete from search_segments where id = any(v_ids); -- and their tombstones (cascade)
    update search_deal_stats s set segment_rows = s.segment_rows + v_added - v_removed, segment_garbage = s.segment_garbage + v_removed
    where s.deal_id = p_deal_id;
  end loop;
end;
$$;

-- search_add_documents_segment: adds the current chunk terms of some documents as one new
-- level-0 segment. Called by search_chunk_terms_removed, which tombstones the segments of
-- documents whose chunks were deleted and re-adds whatever chunks of them remain.
create or replace function search_add_documents_segment(p_deal_id uuid, p_document_ids uuid[]) returns void language plpgsql as $$
declare
  v_new uuid := gen_random_uuid();
  v_added bigint;
  v_avgdl float8;
begin
  select s.total_length::float8 / greatest(s.chunk_count, 1) into v_avgdl from search_deal_stats s where s.deal_id = p_deal_id;
  if not exists (select 1 from search_chunk_terms c where c.deal_id = p_deal_id and c.document_id = any(p_document_ids)) then
    return;
  end if;
  insert into search_segments (id, deal_id, level, document_ids, postings)
  select v_new, p_deal_id, 0, array_agg(distinct c.document_id), coalesce(sum(cardinality(c.terms)), 0)
  from search_chunk_terms c where c.deal_id = p_deal_id and c.document_id = any(p_document_ids);
  insert into search_segment_postings (deal_id, term, segment_id, chunk_ids, document_ids, pages, tfs, lens, n)
  select p_deal_id, t.term, v_new,
           array_agg(c.chunk_id order by search_posting_impact(t.tf, c.len, v_avgdl) desc, c.chunk_id),
           array_agg(c.document_id order by search_posting_impact(t.tf, c.len, v_avgdl) desc, c.chunk_id),
           array_agg(c.page order by search_posting_impact(t.tf, c.len, v_avgdl) desc, c.chunk_id),
           array_agg(t.tf order by search_posting_impact(t.tf, c.len, v_avgdl) desc, c.chunk_id),
           array_agg(c.len order by search_posting_impact(t.tf, c.len, v_avgdl) desc, c.chunk_id), count(*)
  from search_chunk_terms c cross join lateral unnest(c.terms, c.tfs) as t(term, tf)
  where c.deal_id = p_deal_id and c.document_id = any(p_document_ids)
  group by t.term;
  get diagnostics v_added = row_count;
  update search_deal_stats s set segment_rows = s.segment_rows + v_added where s.deal_id = p_deal_id;
end;
$$;

-- search_segments_deleted (trigger on search_segments): deletes the postings of deleted
-- segments (merges, deal deletion), in place of a foreign key.
create or replace function search_segments_deleted() returns trigger language plpgsql as $$
begin
  delete from search_segment_postings p using gone g where p.segment_id = g.id;
  return null;
end;
$$;

create trigger search_segments_deleted after delete on search_segments
  referencing old table as gone for each statement execute function search_segments_deleted();

-- search_chunk_terms_added (trigger on search_chunk_terms, per statement): adds the
-- statement's chunks to the deal's totals and document frequencies and writes them as one
-- level-0 segment per deal (one unnest and one sort feed both), then merges full levels.
-- Fires for every writer of chunk terms (lib/search/indexer.ts, lib/search/upgrade.ts).
create or replace function search_chunk_terms_added() returns trigger language plpgsql as $$
declare
  r record;
  v_new uuid;
  v_added bigint;
  v_avgdl float8;
begin
  insert into search_deal_stats as s (deal_id, chunk_count, total_length)
  select n.deal_id, count(*), coalesce(sum(n.len), 0) from new_rows n group by n.deal_id
  on conflict (deal_id) do update
    set chunk_count = s.chunk_count + excluded.chunk_count, total_length = s.total_length + excluded.total_length;
  -- One level-0 segment per deal in the statement, then merge full levels.
  for r in select n.deal_id, array_agg(distinct n.document_id) as docs, coalesce(sum(cardinality(n.terms)), 0) as postings
           from new_rows n group by n.deal_id loop
    v_new := gen_random_uuid();
    select s.total_length::float8 / greatest(s.chunk_count, 1) into v_avgdl from search_deal_stats s where s.deal_id = r.deal_id;
    insert into search_segments (id, deal_id, level, document_ids, postings) values (v_new, r.deal_id, 0, r.docs, r.postings);
    with g as (
      select o.term, array_agg(o.chunk_id) as chunk_ids, array_agg(o.document_id) as document_ids, array_agg(o.page) as pages,
             array_agg(o.tf) as tfs, array_agg(o.len) as lens, count(*)::int as n
      from (
        select t.term, n.chunk_id, n.document_id, n.page, t.tf, n.len
        from new_rows n cross join lateral unnest(n.terms, n.tfs) as t(term, tf)
        where n.deal_id = r.deal_id
        order by t.term, search_posting_impact(t.tf, n.len, v_avgdl) desc, n.chunk_id
      ) o
      group by o.term
    ), added as (
      insert into search_segment_postings (deal_id, term, segment_id, chunk_ids, document_ids, pages, tfs, lens, n)
      select r.deal_id, g.term, v_new, g.chunk_ids, g.document_ids, g.pages, g.tfs, g.lens, g.n from g
    )
    -- sorted so concurrent ingestions into one deal lock term rows in the same order
    insert into search_term_df as s (deal_id, term, df)
    select r.deal_id, g.term, g.n from g order by g.term
    on conflict (deal_id, term) do update set df = s.df + excluded.df;
    get diagnostics v_added = row_count;
    update search_deal_stats s set segment_rows = s.segment_rows + v_added where s.deal_id = r.deal_id;
    perform search_merge_segments(r.deal_id);
  end loop;
  return null;
end;
$$;

-- search_chunk_terms_removed (trigger on search_chunk_terms, per statement, cascades
-- included): takes the removed chunks out of the totals and document frequencies,
-- tombstones every segment holding postings of their documents and re-adds what is left of
-- those documents (usually nothing: chunks are removed per document). Skips deals that are
-- being deleted themselves.
create or replace function search_chunk_terms_removed() returns trigger language plpgsql as $$
declare
  g record;
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
  -- Tombstone every segment holding postings of the affected documents; whatever is left
  -- of those documents (usually nothing: chunks are removed per document) is re-added.
  for g in select o.deal_id, array_agg(distinct o.document_id) as docs from old_rows o group by o.deal_id loop
    continue when not exists (select 1 from deals d where d.id = g.deal_id); -- the deal itself is going
    perform search_lock_segments(g.deal_id);
    insert into search_segment_tombstones (deal_id, segment_id, document_id)
    select g.deal_id, s.id, d.id
    from search_segments s cross join lateral unnest(s.document_ids) as d(id)
    where s.deal_id = g.deal_id and d.id = any(g.docs)
    on conflict do nothing;
    perform search_add_documents_segment(g.deal_id, g.docs);
    perform search_merge_segments(g.deal_id);
  end loop;
  return null;
end;
$$;

create trigger search_chunk_terms_added after insert on search_chunk_terms
  referencing new table as new_rows for each statement execute function search_chunk_terms_added();
create trigger search_chunk_terms_removed after delete on search_chunk_terms
  referencing old table as old_rows for each statement execute function search_chunk_terms_removed();

-- search_keyword_chunks: BM25 (k1, b; idf per deal = ln(1 + (N - df + 0.5) / (df + 0.5))) for
-- weighted query terms (synonym expansions carry weights < 1), best chunks first, optionally
-- limited to some documents and a page range. Called by the keyword retriever
-- (lib/search/retrievers.ts). OR semantics. To bound work on large deals, only the rarest
-- terms whose document frequencies add up to the candidate budget generate candidates (the
-- rarest term always does; when it alone exceeds the budget, only the budget's share of its
-- highest-impact postings); the commoner terms then add their share to the best 2 x k
-- candidates, read from those chunks' own term arrays (decompressed once per candidate).
-- Exact BM25 when every term fits. A document filter scales the budget by the share of the
-- deal outside it (up to 4x) and is applied as "= any(array)", which PostgreSQL hashes.
-- Filters are spliced into dynamic SQL so each call is planned with only what it needs.
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
  v_budget float8 := p_candidate_budget;
  v_share float8;
  v_rare text[] := '{}';
  v_rare_idf float8[] := '{}';
  v_rare_share float8[] := '{}';
  v_common text[] := '{}';
  v_common_idf float8[] := '{}';
  v_sum bigint := 0;
  v_filters text := '';
  v_hits text;
  r record;
begin
  select s.chunk_count, s.total_length::float8 / greatest(s.chunk_count, 1)
    into v_n, v_avgdl from search_deal_stats s where s.deal_id = p_deal_id;
  if v_n is null or v_n <= 0 then return; end if;
  if p_document_ids is not null then
    select sum(coalesce(d.page_count, 1)) filter (where d.id = any(p_document_ids))::float8 / greatest(sum(coalesce(d.page_count, 1)), 1)
      into v_share from documents d where d.deal_id = p_deal_id;
    v_budget := p_candidate_budget / greatest(coalesce(v_share, 1), 0.25);
    v_filters := v_filters || ' and t.document_id = any($4::uuid[])';
  end if;
  if exists (select 1 from search_segment_tombstones x where x.deal_id = p_deal_id) then
    v_filters := v_filters || ' and not exists (select 1 from search_segment_tombstones x where x.segment_id = p.segment_id and x.document_id = t.document_id)';
  end if;
  for r in
    select u.term, max(u.w) * ln(1 + (v_n - d.df + 0.5) / (d.df + 0.5)) as idf, d.df
    from unnest(p_terms, p_weights) as u(term, w)
    join search_term_df d on d.deal_id = p_deal_id and d.term = u.term and d.df > 0
    group by u.term, d.df
    order by d.df, u.term
  loop
    if cardinality(v_rare) = 0 or v_sum + r.df <= v_budget then
      -- the rarest term always generates candidates; when it alone exceeds the budget only
      -- the budget's worth of its highest-impact postings does (postings are impact-ordered)
      v_rare := v_rare || r.term; v_rare_idf := v_rare_idf || r.idf; v_sum := v_sum + r.df;
      v_rare_share := v_rare_share || least(1, v_budget / r.df);
    else
      v_common := v_common || r.term; v_common_idf := v_common_idf || r.idf;
    end if;
  end loop;
  if cardinality(v_rare) = 0 then return; end if;
  -- Postings are scored with plain arithmetic; the filters are spliced in so that each
  -- call is planned with only the conditions it needs (the document filter as a hashed
  -- subplan). When some terms are too common to generate candidates, the best candidates
  -- (2 x k) read their own term arrays for those terms' share.
  v_hits := format($q$
    select t.chunk_id, t.document_id, t.page,
           sum(q.idf * (t.tf * ($8::float8 + 1)) / (t.tf + $8::float8 * (1 - $9::float8 + $9::float8 * t.len / $10::float8))) as score
    from unnest($1::text[], $2::float8[], $13::float8[]) as q(term, idf, share)
    join search_segment_postings p on p.deal_id = $3::uuid and p.term = q.term
    cross join lateral (select case when q.share >= 1 or not p.ordered then p.n else ceil(p.n * q.share)::int + 16 end as m offset 0) m
    cross join lateral unnest(p.chunk_ids[1:m.m], p.document_ids[1:m.m], p.pages[1:m.m], p.tfs[1:m.m], p.lens[1:m.m]) as t(chunk_id, document_id, page, tf, len)
    where ($5::int is null or t.page >= $5) and ($6::int is null or t.page <= $6) %1$s
    group by t.chunk_id, t.document_id, t.page
  $q$, v_filters);
  if cardinality(v_common) = 0 then
    return query execute format($q$
      select h.chunk_id, h.document_id, h.page, h.score::real from (%1$s) h
      order by h.score::real desc, h.chunk_id
      limit $7::int
    $q$, v_hits)
    using v_rare, v_rare_idf, p_deal_id, p_document_ids, p_page_from, p_page_to, p_k,
          p_k1::float8, p_b::float8, v_avgdl, null::text[], null::float8[], v_rare_share;
    return;
  end if;
  return query execute format($q$
    with hits as (
      select * from (%1$s) h0
      order by h0.score desc, h0.chunk_id
      limit greatest($7::int * 2, 100)
    )
    select h.chunk_id, h.document_id, h.page, (h.score + coalesce((
             select sum(q.idf * (d.tfs[x.i] * ($8::float8 + 1)) / (d.tfs[x.i] + $8::float8 * (1 - $9::float8 + $9::float8 * c.len / $10::float8)))
             from unnest($11::text[], $12::float8[]) as q(term, idf)
             cross join lateral (select array_position(d.terms, q.term) as i offset 0) x -- once per term, not per use
             where x.i is not null), 0))::real as score
    from hits h join search_chunk_terms c on c.chunk_id = h.chunk_id
    -- array_cat with an empty array returns its first argument detoasted: each candidate's
    -- (usually compressed) term arrays are decompressed once, not once per term and use
    cross join lateral (select array_cat(c.terms, '{}'::text[]) as terms, array_cat(c.tfs, '{}'::int2[]) as tfs offset 0) d
    order by 4 desc, h.chunk_id
    limit $7::int
  $q$, v_hits)
  using v_rare, v_rare_idf, p_deal_id, p_document_ids, p_page_from, p_page_to, p_k,
        p_k1::float8, p_b::float8, v_avgdl, v_common, v_common_idf, v_rare_share;
end;
$$;

-- =======================================================================================
-- Page features
-- =======================================================================================

-- Computed at indexing (lib/search/page-annotations.ts): which financial statement a page
-- IS (its title near the top and a high share of numbers), so "… in the cash flow
-- statement" prefers the statement page over pages that merely mention it; the language
-- that stemmed it; its report section: `section` is the part covering most of the page
-- (10-K Items such as 'risk_factors', note topics such as 'segments', Swedish report
-- chapters; null before the first heading), `sections` every part in effect somewhere on
-- the page (lib/search/sections.ts; answers read them with lib/search/page-sections.ts).
create table search_page_features (
  document_id uuid not null references documents(id) on delete cascade,
  page_number int not null,
  deal_id uuid not null references deals(id) on delete cascade,
  statement text check (statement in ('income', 'balance', 'cash_flow', 'equity', 'comprehensive')),
  number_ratio real not null,
  language text check (language in ('en', 'sv')),
  section text,
  sections text[] not null default '{}',
  primary key (document_id, page_number)
);
create index search_page_features_statement_idx on search_page_features (deal_id, statement) where statement is not null;

-- =======================================================================================
-- Versions: the routing cache and the tokeniser
-- =======================================================================================

-- Searches route a question by the deal's document metadata (lib/search/routing.ts). A
-- per-deal version, bumped whenever a document routing can see appears, goes or changes,
-- lets the application cache that list (lib/search/routing-cache.ts).
create table search_routing_versions (
  deal_id uuid primary key references deals(id) on delete cascade,
  version bigint not null
);

-- search_bump_routing_version (trigger on documents, per row): bumps the deal's routing
-- version; not while the deal itself is being deleted.
create or replace function search_bump_routing_version() returns trigger language plpgsql as $$
declare
  v_deal uuid := case when tg_op = 'DELETE' then old.deal_id else new.deal_id end;
begin
  insert into search_routing_versions as v (deal_id, version)
  select v_deal, 1 where exists (select 1 from deals d where d.id = v_deal) -- not while the deal itself is deleted
  on conflict (deal_id) do update set version = v.version + 1;
  return null;
end;
$$;

create trigger documents_routing_version
  after insert or delete or update of filename, status, company, company_key, company_name, ticker, sec_file_number,
    fiscal_year, fiscal_period, kind, deal_id on documents
  for each row execute function search_bump_routing_version();

-- Which tokeniser version built each deal's keyword index. A change of tokeniser cannot be
-- applied in SQL: lib/search/upgrade.ts rebuilds the terms of every deal whose version is not
-- the application's SEARCH_INDEX_VERSION (at start, and before searching a stale deal).
create table search_index_versions (
  deal_id uuid primary key references deals(id) on delete cascade,
  version int not null
);
