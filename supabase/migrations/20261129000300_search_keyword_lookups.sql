-- The keyword half's two per-posting and per-candidate loops made cheaper (issue 23, item 3);
-- results are the same chunks with the same scores (tests/db/search-keyword-lookups.test.ts).
-- Query-time only: replaces search_keyword_chunks (20261125000200_search.sql) and stores nothing.
--
-- 1. Candidate generation with a document filter (a routed question: a few documents of a large
--    deal) read every posting of the candidate terms through five parallel arrays and dropped
--    those of other documents. Now only document_ids is unnested; the other four arrays are
--    detoasted once per segment row and subscripted for the postings kept. Without a filter
--    the cost is the same.
-- 2. Re-scoring the best candidates for the commoner terms looked each term up in the chunk's
--    sorted term array with array_position (a comparison with every term before it, ~166 terms
--    a chunk); width_bucket finds its place by binary search. The arrays are sorted by
--    lib/search/tokenize.ts (termStats) in JavaScript's order, UTF-16 code units, which is
--    byte order ("C") for every term whose characters are below U+D800; a term with a
--    character from U+E000 up or beyond the BMP is still looked up linearly.
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
  v_common_unsorted boolean[] := '{}';
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
      -- a term with a character from U+E000 up (or beyond the BMP) may sort elsewhere in
      -- JavaScript's order (which wrote the chunk's terms) than in byte order: looked up linearly
      v_common_unsorted := v_common_unsorted || (r.term ~ '[\uE000-\U0010FFFF]');
    end if;
  end loop;
  if cardinality(v_rare) = 0 then return; end if;
  -- Postings are scored with plain arithmetic; the filters are spliced in so that each
  -- call is planned with only the conditions it needs (the document filter as a hashed
  -- subplan). When some terms are too common to generate candidates, the best candidates
  -- (2 x k) read their own term arrays for those terms' share. Only document_ids is
  -- unnested: the other arrays are detoasted once per row (array_cat) and read by subscript
  -- for the postings the filters keep.
  v_hits := format($q$
    select a.chunk_ids[t.i] as chunk_id, t.document_id, a.pages[t.i] as page,
           sum(q.idf * (a.tfs[t.i] * ($8::float8 + 1)) / (a.tfs[t.i] + $8::float8 * (1 - $9::float8 + $9::float8 * a.lens[t.i] / $10::float8))) as score
    from unnest($1::text[], $2::float8[], $13::float8[]) as q(term, idf, share)
    join search_segment_postings p on p.deal_id = $3::uuid and p.term = q.term
    cross join lateral (select case when q.share >= 1 or not p.ordered then p.n else ceil(p.n * q.share)::int + 16 end as m offset 0) m
    cross join lateral (select array_cat(p.chunk_ids, '{}'::uuid[]) as chunk_ids, array_cat(p.pages, '{}'::int[]) as pages,
                               array_cat(p.tfs, '{}'::int2[]) as tfs, array_cat(p.lens, '{}'::int[]) as lens offset 0) a
    cross join lateral unnest(p.document_ids[1:m.m]) with ordinality as t(document_id, i)
    where ($5::int is null or a.pages[t.i] >= $5) and ($6::int is null or a.pages[t.i] <= $6) %1$s
    group by 1, 2, 3
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
             from unnest($11::text[], $12::float8[], $14::boolean[]) as q(term, idf, unsorted)
             -- the chunk's terms are sorted: a binary search (width_bucket in byte order) finds a
             -- term's place in ~8 comparisons where array_position compared it with every term before it
             cross join lateral (select case when q.unsorted then array_position(d.terms, q.term)
                                             else width_bucket(q.term collate "C", d.terms) end as i offset 0) x
             where x.i > 0 and d.terms[x.i] = q.term), 0))::real as score
    from hits h join search_chunk_terms c on c.chunk_id = h.chunk_id
    -- array_cat with an empty array returns its first argument detoasted: each candidate's
    -- (usually compressed) term arrays are decompressed once, not once per term and use
    cross join lateral (select array_cat(c.terms, '{}'::text[]) as terms, array_cat(c.tfs, '{}'::int2[]) as tfs offset 0) d
    order by 4 desc, h.chunk_id
    limit $7::int
  $q$, v_hits)
  using v_rare, v_rare_idf, p_deal_id, p_document_ids, p_page_from, p_page_to, p_k,
        p_k1::float8, p_b::float8, v_avgdl, v_common, v_common_idf, v_rare_share, v_common_unsorted;
end;
$$;
