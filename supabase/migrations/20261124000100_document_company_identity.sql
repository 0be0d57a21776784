-- Company identity from the documents themselves (issue 10: company scope).
-- Runs unchanged on PostgreSQL 15 and on PGlite.
--
-- A deal may hold several companies' filings. Which company a document is about is read
-- from the document (an SEC cover's registrant, ticker, commission file number and fiscal
-- year end; a release's issuer: lib/ingest/metadata-cover.ts), the file name only a hint.
-- `company` stays the short name shown to users; `company_key` is the normalised key that
-- routing, the knowledge base and relation detection compare ("AMAZON.COM, INC." = "amazon").
-- ---------------------------------------------------------------------------------------

alter table documents add column company_key text;            -- normalised: lib/ingest/metadata-company-key.ts
alter table documents add column company_name text;           -- as the document writes it ("AMAZON.COM, INC.")
alter table documents add column ticker text;                 -- "AMZN"
alter table documents add column sec_file_number text;        -- SEC commission file number ("000-22513")
alter table documents add column cik text;                    -- SEC central index key, when printed
alter table documents add column fiscal_year_end_month int check (fiscal_year_end_month between 1 and 12);

-- Documents indexed before this migration keep company_key null: readers fall back to the key
-- of `company` (lib/ingest/metadata-company-key.ts); re-ingesting reads the cover.

-- Routing reads the identity columns: a change to them must invalidate its per-deal cache.
drop trigger documents_routing_version on documents;
create trigger documents_routing_version
  after insert or delete or update of filename, status, company, company_key, company_name, ticker, sec_file_number,
    fiscal_year, fiscal_period, kind, deal_id on documents
  for each row execute function search_bump_routing_version();
