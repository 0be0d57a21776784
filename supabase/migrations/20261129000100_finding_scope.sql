-- What a finding's figure covers and over how long (issue 19, item 4): a company's total is never
-- compared with, replaced by or answered from one segment's, one region's, a per-share line or a
-- non-operating line, and a quarter is never compared with the year ending the same day.
--
-- scope: consolidated (the company's own total) | segment | geography | programme (a product,
-- programme or line of business) | per_share | non_operating. scope_name names the part as printed
-- ("Americas", "Government Services"). period_type: year | quarter | ytd (six or nine months to a
-- date) | instant (a balance at a date); period_months its length (12, 3, 6, 9; 0 for an instant).
-- The period's last day is period_end. Null on rows written before these columns (the pipeline
-- re-runs; no backfill): readers treat a null scope as unknown, never as consolidated.
alter table findings add column scope text
  check (scope in ('consolidated', 'segment', 'geography', 'programme', 'per_share', 'non_operating'));
alter table findings add column scope_name text;
alter table findings add column period_type text check (period_type in ('year', 'quarter', 'ytd', 'instant'));
alter table findings add column period_months smallint check (period_months between 0 and 12);
create index findings_deal_metric_scope_idx on findings (deal_id, metric_key, scope);
