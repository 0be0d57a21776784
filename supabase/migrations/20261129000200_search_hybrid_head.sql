-- Hybrid search's fusion in one round trip (issue 23, item 3): the keyword half
-- (search_keyword_chunks), the vector half (match_chunks), the statement pages the question names
-- or implies, chunk hits grouped into pages, weighted reciprocal rank fusion, the routing prior
-- and the statement boost, and the texts of the fused head, which lib/search/search.ts then
-- re-ranks. It computes what the JavaScript fusion computed before (lib/search/fusion.ts), with
-- the same floating-point operations in the same order and the same tie-breaks, so the head is
-- the same pages in the same order (tests/db/search-hybrid-head.test.ts); the knobs stay in
-- lib/search/search.ts (RANKING) and come in as parameters.
--
-- Page score within one list: its best chunk's score plus p_second_share times the sum of its
-- other chunks' (added best first). A list's pages rank by score, then by the key
-- document_id || ':' || page in code-point order. A statement list ranks by the document's
-- prior, then by the page's keyword rank, then by document and page. Fused score:
-- sum of weight / (p_rrf_k + rank) over the lists in order keyword, vector, statement, implied;
-- times the prior, times the named or implied statement boost. The halves' real scores are read
-- through their text form (::text::float8), as a client reads them, so the sums are the ones the
-- JavaScript fusion made of the numbers it received.
create or replace function search_hybrid_head(
  p_deal_id uuid,
  p_terms text[],
  p_weights real[],
  p_keyword_k int,
  p_candidate_budget int,
  p_embedding halfvec,            -- null: no vector half
  p_embedding_model text,
  p_vector_k int,
  p_vector_min_similarity float8,
  p_named text[],                 -- statements the question names
  p_implied text[],               -- statements it implies (none of the named)
  p_prior_documents uuid[],
  p_priors float8[],
  p_document_ids uuid[],
  p_page_from int,
  p_page_to int,
  p_rrf_k float8,
  p_list_weights float8[],        -- keyword, vector, statement, implied
  p_named_boost float8,
  p_implied_boost float8,
  p_second_share float8,
  p_head int
) returns table (
  document_id uuid, page int, score float8,
  text text, label text, filename text, language text, section text, sections text[]
)
language plpgsql stable
as $$
#variable_conflict use_column
begin
  return query
  with kw as (
    select k.document_id, k.page, k.score::text::float8 as s
    from search_keyword_chunks(p_deal_id, p_terms, p_weights, p_keyword_k, p_document_ids, p_page_from, p_page_to, p_candidate_budget) k
    where cardinality(p_terms) > 0
  ),
  vec as (
    select v.document_id, v.page, v.s from (
      select m.document_id, m.page, 1 - m.distance::text::float8 as s
      from match_chunks(p_deal_id, p_embedding, p_embedding_model, p_vector_k, p_document_ids, p_page_from, p_page_to) m
      where p_embedding is not null
    ) v where v.s >= p_vector_min_similarity
  ),
  hits as (
    select 1 as list, kw.document_id, kw.page, kw.s from kw
    union all
    select 2, vec.document_id, vec.page, vec.s from vec
  ),
  ordered_hits as (
    select h.list, h.document_id, h.page, h.s,
           row_number() over (partition by h.list, h.document_id, h.page order by h.s desc) as nth
    from hits h
  ),
  chunk_pages as (
    select o.list, o.document_id, o.page,
           max(o.s) + p_second_share * coalesce(sum(o.s order by o.s desc) filter (where o.nth > 1), 0) as s
    from ordered_hits o
    group by o.list, o.document_id, o.page
  ),
  ranked_chunk_pages as (
    select c.list, c.document_id, c.page,
           row_number() over (partition by c.list order by c.s desc, (c.document_id::text || ':' || c.page::text) collate "C") as rank
    from chunk_pages c
  ),
  priors as (
    select u.document_id, u.prior from unnest(p_prior_documents, p_priors) as u(document_id, prior)
  ),
  statements as (
    select f.document_id, f.page_number as page, f.statement, row_number() over (order by f.document_id, f.page_number) as ord
    from (
      select f0.document_id, f0.page_number, f0.statement from search_page_features f0
      where f0.deal_id = p_deal_id and f0.statement = any(p_named || p_implied)
        and (p_document_ids is null or f0.document_id = any(p_document_ids))
        and (p_page_from is null or f0.page_number >= p_page_from)
        and (p_page_to is null or f0.page_number <= p_page_to)
      order by f0.document_id, f0.page_number
      limit 500
    ) f
  ),
  statement_lists as (
    select case when s.statement = any(p_named) then 3 else 4 end as list, s.document_id, s.page,
           row_number() over (
             partition by s.statement = any(p_named)
             order by coalesce(pr.prior, 1) desc, coalesce(k.rank, 1000000000), s.ord
           ) as rank
    from statements s
    left join priors pr on pr.document_id = s.document_id
    left join ranked_chunk_pages k on k.list = 1 and k.document_id = s.document_id and k.page = s.page
  ),
  fused as (
    select l.document_id, l.page, sum(p_list_weights[l.list] / (p_rrf_k + l.rank) order by l.list) as s
    from (select * from ranked_chunk_pages union all select * from statement_lists) l
    group by l.document_id, l.page
  ),
  head as (
    select f.document_id, f.page,
           f.s * coalesce(pr.prior, 1)
             * case when s.statement = any(p_named) then p_named_boost when s.statement = any(p_implied) then p_implied_boost else 1 end as s
    from fused f
    left join priors pr on pr.document_id = f.document_id
    left join statements s on s.document_id = f.document_id and s.page = f.page
    order by 3 desc, (f.document_id::text || ':' || f.page::text) collate "C"
    limit p_head
  )
  select h.document_id, h.page, h.s, p.text, p.label, d.filename, pf.language, pf.section, pf.sections
  from head h
  left join document_pages p on p.document_id = h.document_id and p.page_number = h.page and p.deal_id = p_deal_id
  left join documents d on d.id = h.document_id and p.document_id is not null
  left join search_page_features pf on pf.document_id = h.document_id and pf.page_number = h.page and p.document_id is not null
  order by h.s desc, (h.document_id::text || ':' || h.page::text) collate "C";
end;
$$;
