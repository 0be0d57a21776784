-- Foundation: users, deals, members, documents, pages, chunks.
-- Runs on PostgreSQL >= 15 (Supabase) and on PGlite. Every row belongs to a deal.
create extension if not exists vector;

create table users (
  id uuid primary key,
  email text unique,
  name text not null,
  created_at timestamptz not null default now()
);

create table deals (
  id uuid primary key,
  slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  name text not null,
  target_company text,
  stage text not null default 'empty',
  stage_explanation text,
  created_at timestamptz not null default now()
);

create table deal_members (
  deal_id uuid not null references deals(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  role text not null default 'analyst' check (role in ('owner', 'analyst', 'viewer')),
  created_at timestamptz not null default now(),
  primary key (deal_id, user_id)
);

create table documents (
  id uuid primary key,
  deal_id uuid not null references deals(id) on delete cascade,
  filename text not null,
  mime text,
  format text check (format in ('pdf', 'xlsx', 'csv', 'docx', 'text')),
  sha256 text not null,
  bytes bigint not null,
  storage_path text not null,
  status text not null default 'uploaded' check (status in ('uploaded', 'parsing', 'indexed', 'failed')),
  error_code text,
  error text,
  page_count int,
  page_labelling text,
  title text,
  kind text,              -- annual report, quarterly report, presentation, spreadsheet, public inquiry …
  company text,           -- company named in the filename or first pages
  fiscal_year int,
  fiscal_period text,     -- FY, Q1..Q4, H1, H2
  document_date date,
  version_group text,     -- filename stem shared by versions (report, report_v2, report_CORRECTED)
  embedding_model text,
  created_at timestamptz not null default now(),
  indexed_at timestamptz,
  unique (deal_id, sha256)
);
create index documents_deal_idx on documents (deal_id, created_at);

create table document_pages (
  document_id uuid not null references documents(id) on delete cascade,
  deal_id uuid not null references deals(id) on delete cascade,
  page_number int not null check (page_number >= 1),
  label text,
  text text not null,
  spans jsonb,            -- PDF text runs [{start,length,x,y,width,height}] for highlighting
  cells jsonb,            -- sheets: [{ref,value,num,start}]
  width real,
  height real,
  primary key (document_id, page_number)
);
create index document_pages_deal_idx on document_pages (deal_id);

-- Embeddings are stored in an unconstrained halfvec with the model id beside them.
-- Each model gets its own partial HNSW index over an expression with fixed dimensions,
-- so spaces never mix and a model change re-embeds (see lib/search/embeddings.ts).
create table chunks (
  id uuid primary key,
  deal_id uuid not null references deals(id) on delete cascade,
  document_id uuid not null references documents(id) on delete cascade,
  chunk_index int not null,
  page_start int not null,
  page_end int not null,
  char_start int not null,  -- offset in page_start's text
  char_end int not null,    -- offset in page_end's text (exclusive)
  text text not null,
  embedding halfvec,
  embedding_model text,
  unique (document_id, chunk_index)
);
create index chunks_deal_doc_idx on chunks (deal_id, document_id, page_start);
