-- Retrieval for narrative questions (issue 10): stemmed terms, page language and sections.
-- Runs unchanged on PostgreSQL 15 and on PGlite.
--
-- Terms are made by the application (lib/search/tokenize.ts), so a change of tokeniser
-- cannot be applied here: search_index_versions records which tokeniser built each deal's
-- keyword index, and lib/search/upgrade.ts rebuilds the terms of every deal whose version is
-- not the application's SEARCH_INDEX_VERSION (at start, and before searching a stale deal),
-- instead of mixing old and new stems in one index. Existing deals were built with version 8.
--
-- search_page_features gains the page's language (which stemmer indexed it) and its report
-- section: `section` is the part covering most of the page (10-K Items such as
-- 'legal_proceedings', 'risk_factors', 'mdna', note topics such as 'segments', Swedish report
-- chapters such as 'background'; null before the first heading), `sections` every part in
-- effect somewhere on the page (lib/search/sections.ts). Answers read them with
-- sectionOfPage (lib/search/page-sections.ts).
-- ---------------------------------------------------------------------------------------

create table search_index_versions (
  deal_id uuid primary key references deals(id) on delete cascade,
  version int not null
);

insert into search_index_versions (deal_id, version)
select distinct c.deal_id, 8 from search_chunk_terms c
on conflict (deal_id) do nothing;

alter table search_page_features add column language text check (language in ('en', 'sv'));
alter table search_page_features add column section text;
alter table search_page_features add column sections text[] not null default '{}';
