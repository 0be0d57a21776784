-- Knowledge layer: the task table (blackboard), staged candidates with their validation audit,
-- promoted findings / timeline events / entities, relations, and processes (public inquiries
-- tracked inside a deal). Every row belongs to a deal.

-- Blackboard. Agents talk only through this table. Workers claim with FOR UPDATE SKIP LOCKED
-- and hold a lease; a lease that runs out (crashed worker) returns the task to pending.
create table agent_tasks (
  id uuid primary key,
  deal_id uuid not null references deals(id) on delete cascade,
  document_id uuid references documents(id) on delete cascade,
  process_id uuid,
  parent_task_id uuid references agent_tasks(id) on delete set null,
  task_type text not null,          -- orchestration | findings_extraction | timeline_extraction | entity_extraction | relation_detection | reembedding
  status text not null default 'pending' check (status in ('pending', 'running', 'completed', 'failed')),
  idempotency_key text not null unique,
  input jsonb not null default '{}'::jsonb,
  output_data jsonb,                -- audit trail: agent, version, model, timings, tokens, cost, skipped, uncertainties
  error_message text,
  error_kind text check (error_kind in ('transient', 'permanent')),
  attempts int not null default 0,
  max_attempts int not null default 4,   -- first try + at most 3 retries (transient errors only)
  run_after timestamptz not null default now(),
  lease_until timestamptz,
  locked_by text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  completed_at timestamptz
);
create index agent_tasks_claim_idx on agent_tasks (status, run_after) where status in ('pending', 'running');
create index agent_tasks_deal_idx on agent_tasks (deal_id, task_type, status);

create table processes (
  id uuid primary key,
  deal_id uuid not null references deals(id) on delete cascade,
  process_key text not null,        -- e.g. sou-2014-67
  title text,
  stage text not null default 'directive' check (stage in ('directive', 'writing', 'published', 'remiss', 'proposition', 'law')),
  stage_explanation text,
  updated_at timestamptz not null default now(),
  unique (deal_id, process_key)
);
alter table agent_tasks add constraint agent_tasks_process_fk foreign key (process_id) references processes(id) on delete cascade;

create table process_documents (
  process_id uuid not null references processes(id) on delete cascade,
  document_id uuid not null references documents(id) on delete cascade,
  role text not null check (role in ('directive', 'sou', 'remiss', 'proposition', 'law', 'other')),
  primary key (process_id, document_id)
);

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
