-- Chat agent retrieval over promoted findings (seed 002, P1 "match_findings RPC").
-- Same pattern as the chunks (20261121000200): embeddings live in an unconstrained halfvec
-- beside their model id; each model gets a partial HNSW index over an expression with fixed
-- dimensions, and the query uses the same expression with the model as a literal so the
-- planner can prove the partial predicate. Runs on PostgreSQL 15 + pgvector >= 0.8 and PGlite.

create index findings_embedding_local_hnsw on findings
  using hnsw ((embedding::halfvec(384)) halfvec_cosine_ops)
  where embedding_model = 'local:hash-ngram-384';

create index findings_embedding_openai_1536_hnsw on findings
  using hnsw ((embedding::halfvec(1536)) halfvec_cosine_ops)
  where embedding_model = 'openai:text-embedding-3-large@1536';

-- Keyword half of finding retrieval: metric keys and periods per deal.
create index findings_deal_period_idx on findings (deal_id, period);

-- match_findings: the k findings nearest to a query embedding within a deal, with the P1
-- filters (document, domains, statuses, internal confidence range, superseded or not).
-- The distance is for internal ranking only: it is never shown to analysts.
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
             f.embedding::halfvec(%1$s) <=> $1::halfvec(%1$s) as distance
      from findings f
      where f.embedding_model = %2$L and f.deal_id = $2
        and ($3::uuid[] is null or f.document_id = any($3::uuid[]))
        and ($4::text[] is null or f.domain = any($4::text[]))
        and ($5::text[] is null or f.status = any($5::text[]))
        and ($6::real is null or f.confidence >= $6::real)
        and ($7::real is null or f.confidence <= $7::real)
        and ($8::boolean or not f.superseded)
      order by f.embedding::halfvec(%1$s) <=> $1::halfvec(%1$s)
      limit $9
    ) s order by s.distance, s.id
  $q$, v_dims, p_embedding_model)
  using p_query_embedding, p_deal_id, p_document_ids, p_domains, p_statuses,
        p_min_confidence, p_max_confidence, p_include_superseded, p_k;
end;
$$;
