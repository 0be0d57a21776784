-- ---------------------------------------------------------------------------------------
-- Routing cache (issue 2). Searches route a question by the deal's document metadata (lib/search/routing.ts),
-- which used to be read in full (hundreds of rows) on every query. A per-deal version,
-- bumped whenever a document that routing can see appears, goes or changes, lets the
-- application cache that list and re-read it only when it changed.
-- ---------------------------------------------------------------------------------------
create table search_routing_versions (
  deal_id uuid primary key references deals(id) on delete cascade,
  version bigint not null
);

create or replace function search_bump_routing_version() returns trigger language plpgsql as $$
declare
  v_deal uuid := case when tg_op = 'DELETE' then old.deal_id else new.deal_id end;
begin
  insert into search_routing_versions as v (deal_id, version)
  select v_deal, 1 where exists (select 1 from deals d where d.id = v_deal) -- not while the deal itself is deleted
  on conflict (deal_id) do update set version = v.version + 1;
  return null;
end;
$$;

create trigger documents_routing_version
  after insert or delete or update of filename, status, company, fiscal_year, fiscal_period, kind, deal_id on documents
  for each row execute function search_bump_routing_version();
