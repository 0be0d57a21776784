-- Documents: users, deals and their members, documents, their pages and their chunks.
--
-- Baseline, part 1 of 6. The schema was squashed on 2026-11-25 from the migrations
-- 20261121000100 … 20261124001100 (their history is in git); the six baseline files, one per
-- area, are documents → search → pipeline → knowledge → chat → irl. From here on migrations
-- are append-only: change the schema with a new, later file (README "Schema"), never by
-- editing these. The live schema, every function included, is dumped in
-- supabase/schema/catalog.json (`npm run schema:dump`).
--
-- Runs on PostgreSQL >= 15 + pgvector >= 0.8 (Supabase or any server) and on PGlite.
-- Every row belongs to a deal; deleting a deal cascades to everything in it.
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

-- One uploaded file. Metadata (kind, company, period) is read from the file at ingestion
-- (lib/ingest/metadata*.ts); the file name is only a hint.
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
  company text,           -- short company name shown to users (from the filename or first pages)
  fiscal_year int,
  fiscal_period text,     -- FY, Q1..Q4, H1, H2
  document_date date,
  version_group text,     -- filename stem shared by versions (report, report_v2, report_CORRECTED)
  embedding_model text,
  created_at timestamptz not null default now(),
  indexed_at timestamptz,
  -- Company identity read from the document itself (an SEC cover's registrant, ticker,
  -- commission file number and fiscal year end; a release's issuer: lib/ingest/metadata-cover.ts).
  -- `company_key` is what routing, the knowledge base and relation detection compare
  -- ("AMAZON.COM, INC." = "amazon"); null on documents indexed before it was read, whose
  -- readers fall back to the key of `company` (lib/ingest/metadata-company-key.ts).
  company_key text,
  company_name text,      -- as the document writes it ("AMAZON.COM, INC.")
  ticker text,
  sec_file_number text,   -- SEC commission file number ("000-22513")
  cik text,               -- SEC central index key, when printed
  fiscal_year_end_month int check (fiscal_year_end_month between 1 and 12),
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

-- Page-bounded chunks (lib/ingest/chunk.ts). Embeddings are stored in an unconstrained
-- float4 `vector` with the model id beside them; each model gets its own partial HNSW index
-- over an expression with fixed dimensions (20261125000200_search.sql, and
-- lib/db/embedding-index.ts for a configured model without one), so spaces never mix and a
-- model change re-embeds (lib/search/reembed.ts).
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
  embedding vector,
  embedding_model text,
  unique (document_id, chunk_index)
);
create index chunks_deal_doc_idx on chunks (deal_id, document_id, page_start);
