-- Why a staged candidate waits in review, as a code (lib/extraction/decision.ts, ReviewReason)
-- the review page words for the analyst; validation_decisions.reason keeps the audit's sentence.
-- Null on rows that are not in review, and on review rows written before this column.
alter table staging_extractions add column review_reason text
  check (review_reason in ('low_confidence', 'medium_confidence', 'missing_fields', 'held', 'refinement_failed'));
