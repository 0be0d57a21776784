-- Pipeline: the task table the agents share (blackboard) and processes (public inquiries
-- tracked inside a deal, with the documents that belong to each).
--
-- Baseline, part 3 of 6 (see 20261125000100_documents.sql). Runs on PostgreSQL >= 15 and PGlite.

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

create table process_documents (
  process_id uuid not null references processes(id) on delete cascade,
  document_id uuid not null references documents(id) on delete cascade,
  role text not null check (role in ('directive', 'sou', 'remiss', 'proposition', 'law', 'other')),
  primary key (process_id, document_id)
);

-- Blackboard (lib/pipeline). Agents talk only through this table. Workers claim with
-- FOR UPDATE SKIP LOCKED and hold a lease; a lease that runs out (crashed worker) returns
-- the task to pending (lib/pipeline/queue.ts).
create table agent_tasks (
  id uuid primary key,
  deal_id uuid not null references deals(id) on delete cascade,
  document_id uuid references documents(id) on delete cascade,
  process_id uuid constraint agent_tasks_process_fk references processes(id) on delete cascade,
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
