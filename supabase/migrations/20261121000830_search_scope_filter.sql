-- search_keyword_chunks: the document filter as "= any(array)" (issue 2). Written as
-- "in (select unnest(...))" the planner turned it into a semi-join with the document list
-- on the outer side, unnesting every posting row once per document: 2.3 s for a question
-- routed to one company's 50 filings at 100k chunks. EXECUTE plans with the array as a
-- constant, and PostgreSQL (14+) hashes "= any" over a constant array of 9+ elements, so
-- each posting is one hash probe: 46 ms for the same postings, and the budgeted query reads
-- far fewer. Everything else is as in 0820.

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
      v_rare := v_rare || r.term; v_rare_idf := v_rare_idf || r.idf; v_sum := v_sum + r.df;
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
    from unnest($1::text[], $2::float8[]) as q(term, idf)
    join search_segment_postings p on p.deal_id = $3::uuid and p.term = q.term
    cross join lateral unnest(p.chunk_ids, p.document_ids, p.pages, p.tfs, p.lens) as t(chunk_id, document_id, page, tf, len)
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
          p_k1::float8, p_b::float8, v_avgdl;
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
        p_k1::float8, p_b::float8, v_avgdl, v_common, v_common_idf;
end;
$$;
