-- Knowledge: staged candidates with their validation audit, promoted findings, timeline
-- events and entities, and the relations between them (the graph's default store).
--
-- Baseline, part 4 of 6 (see 20261125000100_documents.sql). Runs on PostgreSQL >= 15 +
-- pgvector >= 0.8 and on PGlite. Every row belongs to a deal.

-- Candidates waiting for validation and a decision (seed 003). Evidence is mandatory.
create table staging_extractions (
  id uuid primary key,
  deal_id uuid not null references deals(id) on delete cascade,
  document_id uuid not null references documents(id) on delete cascade,
  task_id uuid references agent_tasks(id) on delete set null,
  candidate_type text not null check (candidate_type in ('finding', 'timeline_event', 'entity')),
  candidate_key text not null,      -- stable identity of the candidate within its document (dedup)
  payload jsonb not null,
  confidence_score real not null check (confidence_score between 0 and 1),
  confidence_reason text not null,
  evidence jsonb not null,          -- {text, page, cell?}
  evidence_type text not null check (evidence_type in ('formal', 'prose', 'inference')),
  status text not null default 'pending'
    check (status in ('pending', 'needs_refinement', 'validated', 'promoted', 'review', 'rejected', 'duplicate')),
  review_priority text check (review_priority in ('high', 'normal')),
  refinement_round int not null default 0,
  refinement_request text,
  missing_fields text[] not null default '{}',
  promoted_to uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Why extraction held the candidate out of the knowledge base (its evidence reads as an
  -- instruction to an AI); a held candidate waits in review and is never promoted as it stands.
  held_reason text,
  unique (document_id, candidate_type, candidate_key)
);
create index staging_extractions_review_idx on staging_extractions (deal_id, status, review_priority);

create table validation_decisions (
  id uuid primary key,
  deal_id uuid not null references deals(id) on delete cascade,
  extraction_id uuid not null references staging_extractions(id) on delete cascade,
  decided_by text not null,         -- validator | decision_maker | user:<id>
  decision text not null check (decision in ('valid', 'refine', 'reject', 'promote', 'review', 'approve', 'edit_approve')),
  reason text not null,
  confidence_at_decision real,
  changes jsonb,
  created_at timestamptz not null default now()
);
create index validation_decisions_extraction_idx on validation_decisions (extraction_id, created_at);

-- Promoted, citation-backed facts. confidence is internal: never shown to analysts.
-- Embeddings as on chunks: an unconstrained halfvec beside the model id (findings are few
-- and always searched through their HNSW index, so half floats cost little).
create table findings (
  id uuid primary key,
  deal_id uuid not null references deals(id) on delete cascade,
  document_id uuid not null references documents(id) on delete cascade,
  extraction_id uuid references staging_extractions(id) on delete set null,
  domain text not null default 'financial' check (domain in ('financial', 'legal', 'operational', 'commercial', 'people', 'technology', 'other')),
  metric text not null,             -- as written ("Purchases of property, plant and equipment")
  metric_key text not null,         -- normalised ("capital_expenditure")
  value_text text not null,
  value_num double precision,       -- normalised to units (EUR 5.2 million → 5200000)
  unit text,                        -- currency | percent | count | ratio …
  currency text,
  period text,                      -- FY2023, Q3 2024, H1 2024, FY2024 (ending Jun)
  period_end date,
  is_forecast boolean not null default false,
  date_referenced date,
  source_page int not null check (source_page >= 1),
  source_cell text,                 -- Sheet!B15 for spreadsheets
  source_excerpt text not null check (length(source_excerpt) > 0),
  confidence real not null default 0.8,
  status text not null default 'active' check (status in ('active', 'rejected')),
  superseded boolean not null default false,
  embedding halfvec,
  embedding_model text,
  created_at timestamptz not null default now(),
  unique nulls not distinct (deal_id, document_id, metric_key, period, source_page)
);
create index findings_deal_metric_idx on findings (deal_id, metric_key, period);
create index findings_document_idx on findings (document_id);
-- keyword half of finding retrieval: metric keys and periods per deal
create index findings_deal_period_idx on findings (deal_id, period);

-- Vector half of finding retrieval: one partial HNSW index per model, as for chunks
-- (20261125000200_search.sql; lib/db/embedding-index.ts adds one for another configured model).
create index findings_embedding_local_hnsw on findings
  using hnsw ((embedding::vector(384)) vector_cosine_ops)
  where embedding_model = 'local:hash-ngram-384';

create index findings_embedding_openai_1536_hnsw on findings
  using hnsw ((embedding::vector(1536)) vector_cosine_ops)
  where embedding_model = 'openai:text-embedding-3-large@1536';

-- match_findings (seed 002, P1): the k findings nearest to a query embedding within a deal,
-- with the P1 filters (documents, domains, statuses, internal confidence range, superseded
-- or not). The distance ranks internally and is never shown. Called by the chat agent's
-- knowledge retrieval (lib/agent/knowledge/findings.ts, query.ts, retrieve.ts).
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

create table timeline_events (
  id uuid primary key,
  deal_id uuid not null references deals(id) on delete cascade,
  document_id uuid not null references documents(id) on delete cascade,
  process_id uuid references processes(id) on delete set null,
  extraction_id uuid references staging_extractions(id) on delete set null,
  event_type text not null,         -- directive_issued | committee_formed | report_handed_over | published | signed | appointed | closing | fiscal_year_end …
  event_date date not null,
  date_precision text not null check (date_precision in ('day', 'month', 'year')),
  description text,
  actors jsonb not null default '[]'::jsonb,
  source_page int not null check (source_page >= 1),
  source_excerpt text not null check (length(source_excerpt) > 0),
  created_at timestamptz not null default now(),
  unique (document_id, event_type, event_date, source_page)
);
create index timeline_events_deal_idx on timeline_events (deal_id, event_date);

create table entities (
  id uuid primary key,
  deal_id uuid not null references deals(id) on delete cascade,
  entity_type text not null check (entity_type in ('person', 'organisation', 'committee', 'ministry')),
  name text not null,
  normalized_name text not null,
  aliases text[] not null default '{}',
  created_at timestamptz not null default now(),
  unique (deal_id, entity_type, normalized_name)
);

create table entity_mentions (
  id uuid primary key,
  deal_id uuid not null references deals(id) on delete cascade,
  entity_id uuid not null references entities(id) on delete cascade,
  document_id uuid not null references documents(id) on delete cascade,
  extraction_id uuid references staging_extractions(id) on delete set null,
  role text,                        -- särskild utredare, sekreterare, CEO …
  page int not null check (page >= 1),
  excerpt text not null check (length(excerpt) > 0),
  created_at timestamptz not null default now(),
  unique nulls not distinct (entity_id, document_id, page, role)
);

-- Graph edges, default store. A Neo4j store mirrors these (lib/graph).
create table relations (
  id uuid primary key,
  deal_id uuid not null references deals(id) on delete cascade,
  from_kind text not null check (from_kind in ('document', 'finding', 'timeline_event', 'entity')),
  from_id uuid not null,
  to_kind text not null check (to_kind in ('document', 'finding', 'timeline_event', 'entity')),
  to_id uuid not null,
  relation_type text not null check (relation_type in ('SUPERSEDES', 'CONTRADICTS', 'SUPPORTS', 'EXTRACTED_FROM')),
  reason text not null,
  created_by text not null,         -- filename_pattern | content_phrase | restatement | value_comparison | pipeline
  created_at timestamptz not null default now(),
  unique (deal_id, from_id, to_id, relation_type)
);
create index relations_to_idx on relations (deal_id, to_id, relation_type);
create index relations_from_idx on relations (deal_id, from_id, relation_type);
