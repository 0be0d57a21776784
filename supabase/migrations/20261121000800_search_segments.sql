-- Keyword index as merged segments (issue 2: hybrid p95 at 100k chunks on PGlite).
-- Runs unchanged on PostgreSQL 15 and on PGlite.
--
-- Why: search_postings (0700) held one row per (term, document, indexing statement). At 100k
-- chunks that was 8.2M rows (2 GB + a 283 MB btree) averaging two postings each, and a rare
-- term's postings lay in hundreds of rows on hundreds of heap pages: reading the ~760
-- postings of one rare term cost ~20-40 ms on PGlite, which does little per row quickly.
--
-- Now the postings live in segments, as in Lucene: every statement that adds chunk terms
-- writes one new level-0 segment (one row per term, parallel arrays of chunk, document,
-- page, term frequency and length); whenever a level holds search_segment_fanout()
-- segments, they are merged into one segment of the next level. A term is then a handful
-- of rows however many documents the deal holds, and each posting is rewritten about
-- log_fanout(statements) times over its life.
--
-- Deleting chunks (re-index, document or deal deletion) does not rewrite segments: the
-- affected (segment, document) pairs get tombstones that searches skip and merges purge;
-- chunks of those documents that still exist are re-added as a fresh segment. Merges and
-- tombstoning take a per-deal advisory lock so a merge never copies postings whose
-- tombstone it cannot see. Document frequencies and deal statistics stay exact through
-- the 0200 triggers (search_term_df, search_deal_stats).
-- ---------------------------------------------------------------------------------------

create table search_segments (
  id uuid primary key,
  seq bigserial not null,                -- creation order: merges take the oldest first
  deal_id uuid not null references deals(id) on delete cascade,
  level int not null,
  document_ids uuid[] not null,          -- documents with postings in the segment
  postings bigint not null
);
create index search_segments_deal_level_idx on search_segments (deal_id, level, seq);

create table search_segment_postings (
  deal_id uuid not null,
  term text not null,
  segment_id uuid not null references search_segments(id) on delete cascade,
  chunk_ids uuid[] not null,
  document_ids uuid[] not null,
  pages int[] not null,
  tfs int2[] not null,
  lens int[] not null,
  n int not null                         -- cardinality(chunk_ids)
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

-- Merging leaves the merged rows dead. PostgreSQL's autovacuum reclaims them; PGlite has no
-- autovacuum, and without a VACUUM every term lookup would wade through all the dead
-- versions of its rows (index entries and heap visits grow with every merge). The counts
-- below let the application vacuum when the dead rows outnumber the live ones
-- (lib/search/maintenance.ts), which keeps the work proportional to what was written.
alter table search_deal_stats add column segment_rows bigint not null default 0;
alter table search_deal_stats add column segment_garbage bigint not null default 0;

/** Segments per level before they merge into one of the next level. */
create or replace function search_segment_fanout() returns int language sql immutable as $$ select 10 $$;

/** Serialises merges and tombstoning within one deal (no-op cost on PGlite). */
create or replace function search_lock_segments(p_deal_id uuid) returns void language sql as $$
  select pg_advisory_xact_lock(hashtextextended('manda.search_segments:' || p_deal_id::text, 0))
$$;

-- Merges full levels of the deal, lowest first, until no level holds fanout segments.
create or replace function search_merge_segments(p_deal_id uuid) returns void language plpgsql as $$
declare
  v_level int;
  v_ids uuid[];
  v_new uuid;
  v_added bigint;
  v_removed bigint;
begin
  perform search_lock_segments(p_deal_id);
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
    insert into search_segment_postings (deal_id, term, segment_id, chunk_ids, document_ids, pages, tfs, lens, n)
    select p_deal_id, p.term, v_new, array_agg(t.chunk_id), array_agg(t.document_id), array_agg(t.page), array_agg(t.tf), array_agg(t.len), count(*)
    from search_segment_postings p
    cross join lateral unnest(p.chunk_ids, p.document_ids, p.pages, p.tfs, p.lens) as t(chunk_id, document_id, page, tf, len)
    where p.segment_id = any(v_ids)
      and not exists (select 1 from search_segment_tombstones x where x.segment_id = p.segment_id and x.document_id = t.document_id)
    group by p.term;
    get diagnostics v_added = row_count;
    update search_segments s set postings = (select coalesce(sum(p.n), 0) from search_segment_postings p where p.segment_id = v_new)
    where s.id = v_new;
    select count(*) into v_removed from search_segment_postings p where p.segment_id = any(v_ids);
    delete from search_segments where id = any(v_ids); -- cascades to their postings and tombstones
    update search_deal_stats s set segment_rows = s.segment_rows + v_added - v_removed, segment_garbage = s.segment_garbage + v_removed
    where s.deal_id = p_deal_id;
  end loop;
end;
$$;

-- Adds the current chunk terms of some documents as one new level-0 segment (used when
-- chunks of a document are deleted but others remain).
create or replace function search_add_documents_segment(p_deal_id uuid, p_document_ids uuid[]) returns void language plpgsql as $$
declare
  v_new uuid := gen_random_uuid();
  v_added bigint;
begin
  if not exists (select 1 from search_chunk_terms c where c.deal_id = p_deal_id and c.document_id = any(p_document_ids)) then
    return;
  end if;
  insert into search_segments (id, deal_id, level, document_ids, postings)
  select v_new, p_deal_id, 0, array_agg(distinct c.document_id), coalesce(sum(cardinality(c.terms)), 0)
  from search_chunk_terms c where c.deal_id = p_deal_id and c.document_id = any(p_document_ids);
  insert into search_segment_postings (deal_id, term, segment_id, chunk_ids, document_ids, pages, tfs, lens, n)
  select p_deal_id, t.term, v_new, array_agg(c.chunk_id), array_agg(c.document_id), array_agg(c.page), array_agg(t.tf), array_agg(c.len), count(*)
  from search_chunk_terms c cross join lateral unnest(c.terms, c.tfs) as t(term, tf)
  where c.deal_id = p_deal_id and c.document_id = any(p_document_ids)
  group by t.term;
  get diagnostics v_added = row_count;
  update search_deal_stats s set segment_rows = s.segment_rows + v_added where s.deal_id = p_deal_id;
end;
$$;

-- Existing data: one segment per deal (the level follows from its size, so later small
-- segments do not merge into it every time).
do $$
declare
  r record;
begin
  for r in select distinct c.deal_id from search_chunk_terms c loop
    perform search_add_documents_segment(r.deal_id, (select array_agg(distinct c.document_id) from search_chunk_terms c where c.deal_id = r.deal_id));
    update search_segments s set level = greatest(0, floor(ln(greatest((select count(*) from search_chunk_terms c where c.deal_id = r.deal_id), 1) / 16.0) / ln(search_segment_fanout()))::int)
    where s.deal_id = r.deal_id;
  end loop;
end;
$$;

drop table search_postings;

create or replace function search_chunk_terms_added() returns trigger language plpgsql as $$
declare
  r record;
  v_new uuid;
  v_added bigint;
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
  -- One level-0 segment per deal in the statement, then merge full levels.
  for r in select n.deal_id, array_agg(distinct n.document_id) as docs, coalesce(sum(cardinality(n.terms)), 0) as postings
           from new_rows n group by n.deal_id loop
    v_new := gen_random_uuid();
    insert into search_segments (id, deal_id, level, document_ids, postings) values (v_new, r.deal_id, 0, r.docs, r.postings);
    insert into search_segment_postings (deal_id, term, segment_id, chunk_ids, document_ids, pages, tfs, lens, n)
    select r.deal_id, t.term, v_new, array_agg(n.chunk_id), array_agg(n.document_id), array_agg(n.page), array_agg(t.tf), array_agg(n.len), count(*)
    from new_rows n cross join lateral unnest(n.terms, n.tfs) as t(term, tf)
    where n.deal_id = r.deal_id
    group by t.term;
    get diagnostics v_added = row_count;
    update search_deal_stats s set segment_rows = s.segment_rows + v_added where s.deal_id = r.deal_id;
    perform search_merge_segments(r.deal_id);
  end loop;
  return null;
end;
$$;

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

-- search_keyword_chunks: same contract and scoring as 0700 (BM25, k1, b; idf per deal =
-- ln(1 + (N - df + 0.5) / (df + 0.5)), weighted terms; the rarest terms whose postings add
-- up to the candidate budget generate candidates, commoner terms add their share to the
-- best candidates only; exact BM25 when every term fits). Postings now come from segments.
-- With a document filter, a term's postings are read deal-wide and filtered, so the budget
-- grows with the share of the deal outside the filter (up to 4x): a search inside one
-- filing of a few-dozen-document deal is exact BM25 for almost every question.
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
    v_filters := v_filters || ' and t.document_id in (select unnest($4::uuid[]))';
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
             select sum(q.idf * (c.tfs[x.i] * ($8::float8 + 1)) / (c.tfs[x.i] + $8::float8 * (1 - $9::float8 + $9::float8 * c.len / $10::float8)))
             from unnest($11::text[], $12::float8[]) as q(term, idf)
             cross join lateral (select array_position(c.terms, q.term) as i offset 0) x -- once per term, not per use
             where x.i is not null), 0))::real as score
    from hits h join search_chunk_terms c on c.chunk_id = h.chunk_id
    order by 4 desc, h.chunk_id
    limit $7::int
  $q$, v_hits)
  using v_rare, v_rare_idf, p_deal_id, p_document_ids, p_page_from, p_page_to, p_k,
        p_k1::float8, p_b::float8, v_avgdl, v_common, v_common_idf;
end;
$$;
