-- Hybrid page search: per-model HNSW indexes for the vector half, a BM25 keyword index
-- for the lexical half, and page features (financial statement pages) for routing.
-- Runs unchanged on PostgreSQL 15 + pgvector >= 0.8 and on PGlite (pgvector 0.8.x).
-- Tokenisation happens in the application (lib/search/tokenize.ts) so that indexing and
-- querying normalise text the same way for English and Swedish.

-- ---------------------------------------------------------------------------------------
-- Vector half: one partial HNSW index per embedding model, over an expression with fixed
-- dimensions. Queries must use the same expression and model literal (match_chunks does).
-- ---------------------------------------------------------------------------------------
create index chunks_embedding_local_hnsw on chunks
  using hnsw ((embedding::halfvec(384)) halfvec_cosine_ops)
  where embedding_model = 'local:hash-ngram-384';

create index chunks_embedding_openai_1536_hnsw on chunks
  using hnsw ((embedding::halfvec(1536)) halfvec_cosine_ops)
  where embedding_model = 'openai:text-embedding-3-large@1536';

-- match_chunks: the k chunks nearest to a query embedding within a deal, optionally limited
-- to some documents and a page range. The dimension comes from the model id's trailing
-- number ('local:hash-ngram-384' → 384). The statement is built with the model as a literal
-- so the planner can prove the partial index's predicate and use the HNSW index.
-- hnsw.iterative_scan lets a filtered scan (deal, documents, pages) keep walking the graph
-- instead of stopping at ef_search candidates; relaxed order is re-sorted by the outer query.
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
begin
  if v_dims is null or v_dims < 1 or vector_dims(p_query_embedding) <> v_dims then
    raise exception 'match_chunks: query embedding does not match model %', p_embedding_model;
  end if;
  return query execute format($q$
    select s.id, s.document_id, s.page_start, s.distance::real from (
      select c.id, c.document_id, c.page_start,
             c.embedding::halfvec(%1$s) <=> $1::halfvec(%1$s) as distance
      from chunks c
      where c.embedding_model = %2$L and c.deal_id = $2
        and ($3::uuid[] is null or c.document_id = any($3::uuid[]))
        and ($4::int is null or c.page_start >= $4::int)
        and ($5::int is null or c.page_start <= $5::int)
      order by c.embedding::halfvec(%1$s) <=> $1::halfvec(%1$s)
      limit $6
    ) s order by s.distance
  $q$, v_dims, p_embedding_model)
  using p_query_embedding, p_deal_id, p_document_ids, p_page_from, p_page_to, p_k;
end;
$$;

-- ---------------------------------------------------------------------------------------
-- Keyword half: Okapi BM25 over chunks.
-- search_chunk_terms holds each chunk's distinct normalised terms (sorted) with their term
-- frequencies in a parallel array, and the chunk length in tokens. A GIN index over the
-- terms array is the inverted index. Per-deal document frequencies and lengths are kept
-- exact by statement-level triggers (insert and delete, cascades included).
-- ---------------------------------------------------------------------------------------
create table search_chunk_terms (
  chunk_id uuid primary key references chunks(id) on delete cascade,
  deal_id uuid not null references deals(id) on delete cascade,
  document_id uuid not null references documents(id) on delete cascade,
  page int not null,
  terms text[] not null,      -- distinct terms, sorted
  tfs int2[] not null,        -- term frequency of terms[i]
  len int not null            -- tokens in the chunk (BM25 document length)
);
create index search_chunk_terms_terms_gin on search_chunk_terms using gin (terms);
create index search_chunk_terms_deal_doc_idx on search_chunk_terms (deal_id, document_id, page);

create table search_term_df (
  deal_id uuid not null references deals(id) on delete cascade,
  term text not null,
  df int not null,            -- chunks of the deal containing the term
  primary key (deal_id, term)
);

create table search_deal_stats (
  deal_id uuid primary key references deals(id) on delete cascade,
  chunk_count bigint not null,
  total_length bigint not null
);

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
  return null;
end;
$$;

create trigger search_chunk_terms_added after insert on search_chunk_terms
  referencing new table as new_rows for each statement execute function search_chunk_terms_added();
create trigger search_chunk_terms_removed after delete on search_chunk_terms
  referencing old table as old_rows for each statement execute function search_chunk_terms_removed();

-- search_keyword_chunks: BM25 (k1, b; idf = ln(1 + (N - df + 0.5) / (df + 0.5)) per deal)
-- for weighted query terms (synonym expansions carry weights < 1), best chunks first.
-- OR semantics: a chunk matching any term is a candidate. To bound work on large deals,
-- only the rarest terms whose document frequencies add up to p_candidate_budget generate
-- candidates (the rarest term always does); the commoner terms then add their BM25 share
-- to the best candidates only. Below the budget this is exact BM25.
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
  r record;
begin
  select s.chunk_count, s.total_length::float8 / greatest(s.chunk_count, 1)
    into v_n, v_avgdl from search_deal_stats s where s.deal_id = p_deal_id;
  if v_n is null or v_n <= 0 then return; end if;
  for r in
    select u.term, max(u.w) * ln(1 + (v_n - d.df + 0.5) / (d.df + 0.5)) as idf, d.df
    from unnest(p_terms, p_weights) as u(term, w)
    join search_term_df d on d.deal_id = p_deal_id and d.term = u.term and d.df > 0
    group by u.term, d.df
    order by d.df, u.term
  loop
    if cardinality(v_rare) = 0 or v_sum + r.df <= p_candidate_budget then
      v_rare := v_rare || r.term; v_rare_idf := v_rare_idf || r.idf; v_sum := v_sum + r.df;
    else
      v_common := v_common || r.term; v_common_idf := v_common_idf || r.idf;
    end if;
  end loop;
  if cardinality(v_rare) = 0 then return; end if;
  return query
  with q as (select * from unnest(v_rare, v_rare_idf) as q(term, idf)),
  scored as (
    -- one GIN lookup per rare term; tf read from the parallel array
    select c.chunk_id, c.document_id, c.page, c.terms, c.tfs, c.len,
           sum(q.idf * (c.tfs[array_position(c.terms, q.term)] * (p_k1 + 1))
               / (c.tfs[array_position(c.terms, q.term)] + p_k1 * (1 - p_b + p_b * c.len / v_avgdl))) as score
    from q join search_chunk_terms c on c.terms @> array[q.term]
    where c.deal_id = p_deal_id
      and (p_document_ids is null or c.document_id = any(p_document_ids))
      and (p_page_from is null or c.page >= p_page_from)
      and (p_page_to is null or c.page <= p_page_to)
    group by c.chunk_id -- the primary key: the other columns depend on it
    order by score desc
    limit greatest(p_k * 4, 200)
  ),
  common as (
    select s.chunk_id,
           coalesce(sum(q.idf * (s.tfs[array_position(s.terms, q.term)] * (p_k1 + 1))
               / (s.tfs[array_position(s.terms, q.term)] + p_k1 * (1 - p_b + p_b * s.len / v_avgdl))), 0) as extra
    from scored s join unnest(v_common, v_common_idf) as q(term, idf) on array_position(s.terms, q.term) is not null
    group by s.chunk_id
  )
  select s.chunk_id, s.document_id, s.page, (s.score + coalesce(m.extra, 0))::real as score
  from scored s left join common m on m.chunk_id = s.chunk_id
  order by 4 desc, s.chunk_id
  limit p_k;
end;
$$;

-- ---------------------------------------------------------------------------------------
-- Page features computed at indexing: which financial statement a page IS (its title near
-- the top and a high share of numbers), so "… in the cash flow statement" prefers the
-- statement page over pages that merely mention it.
-- ---------------------------------------------------------------------------------------
create table search_page_features (
  document_id uuid not null references documents(id) on delete cascade,
  page_number int not null,
  deal_id uuid not null references deals(id) on delete cascade,
  statement text check (statement in ('income', 'balance', 'cash_flow', 'equity', 'comprehensive')),
  number_ratio real not null,
  primary key (document_id, page_number)
);
create index search_page_features_statement_idx on search_page_features (deal_id, statement) where statement is not null;
