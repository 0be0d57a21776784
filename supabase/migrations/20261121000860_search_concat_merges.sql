-- Cheaper level-0 merges (issue 2: ingestion throughput).
-- Runs unchanged on PostgreSQL 15 and on PGlite.
--
-- Merging unnests every posting, regroups and re-sorts it: ~5 us per posting on PGlite,
-- which cost the FinanceBench ingest ~3.4 s of 33 (0.23 x pdftotext against a 0.25
-- target). Most merges are level 0 -> 1, of many small rows. Those now concatenate each
-- term's rows instead (a copy: ~25x cheaper than regrouping postings), leaving a few
-- impact-ordered runs per row; such rows are marked unordered and read whole, which stays
-- cheap because a level-1 segment spans at most fanout level-0 segments. Merges above
-- level 1, and any merge that must drop tombstoned postings, still produce one impact
-- order, so an over-budget term is read as a prefix of the big rows only. Level-0
-- segments are written with a single sort (below).
-- ---------------------------------------------------------------------------------------

alter table search_segment_postings add column ordered boolean not null default true;

-- Postings rows no longer carry a foreign key to their segment: its per-row check was a
-- large share of writing a segment (~300k checks for the FinanceBench ingest). Postings go
-- with their segment through a statement trigger instead (merges, deal deletion).
alter table search_segment_postings drop constraint search_segment_postings_segment_id_fkey;

create or replace function search_segments_deleted() returns trigger language plpgsql as $$
begin
  delete from search_segment_postings p using gone g where p.segment_id = g.id;
  return null;
end;
$$;

create trigger search_segments_deleted after delete on search_segments
  referencing old table as gone for each statement execute function search_segments_deleted();

create aggregate search_array_concat(anycompatiblearray) (
  sfunc = array_cat,
  stype = anycompatiblearray,
  initcond = '{}'
);

-- Level-0 segments: one unnest and one sort of the statement's postings feed both the
-- segment rows (in impact order) and the document-frequency upsert, instead of two passes
-- and five sorts per term.
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
