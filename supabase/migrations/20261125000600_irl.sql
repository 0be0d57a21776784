-- IRL and Q&A: the deal's Information Request List with its cached coverage, and the Q&A
-- list of questions for the target company.
--
-- Baseline, part 6 of 6 (see 20261125000100_documents.sql). Runs on PostgreSQL >= 15 and PGlite.

create table irl_items (
  id uuid primary key,
  deal_id uuid not null references deals(id) on delete cascade,
  domain text not null,             -- Financial | Legal | Operational | Commercial | People | …
  item text not null,
  priority text not null default 'medium' check (priority in ('high', 'medium', 'low')),
  status text not null default 'open' check (status in ('open', 'requested', 'received', 'not_applicable')),
  notes text,
  keywords text[] not null default '{}',   -- terms used to match findings and pages for coverage
  source_document_id uuid references documents(id) on delete set null,
  source_cell text,                 -- where the item came from in the IRL template
  sort_order int not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (deal_id, domain, item)
);

-- Coverage is computed from findings and pages (lib/irl/coverage.ts); the covering evidence
-- is cached here.
create table irl_coverage (
  irl_item_id uuid not null references irl_items(id) on delete cascade,
  deal_id uuid not null references deals(id) on delete cascade,
  coverage text not null check (coverage in ('covered', 'partial', 'gap')),
  finding_ids uuid[] not null default '{}',
  evidence jsonb not null default '[]'::jsonb,  -- [{document, page, cell?, excerpt}]
  computed_at timestamptz not null default now(),
  primary key (irl_item_id)
);

create table qa_items (
  id uuid primary key,
  deal_id uuid not null references deals(id) on delete cascade,
  question text not null,
  domain text,
  priority text not null default 'medium' check (priority in ('high', 'medium', 'low')),
  status text not null default 'open' check (status in ('open', 'sent', 'answered', 'closed')),
  origin text not null check (origin in ('gap', 'contradiction', 'chat', 'manual')),
  answer text,
  irl_item_id uuid references irl_items(id) on delete set null,
  related_finding_ids uuid[] not null default '{}',
  conversation_id uuid references conversations(id) on delete set null,
  created_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (deal_id, question)
);
create index qa_items_deal_idx on qa_items (deal_id, status, priority);
