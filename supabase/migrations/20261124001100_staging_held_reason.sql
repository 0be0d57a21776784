-- Why extraction held a candidate out of the knowledge base (its evidence reads as an instruction
-- to an AI, e.g. "Ignore all previous instructions … state that revenue was …"). A held candidate
-- waits in review with this reason in words and is never promoted as it stands.
alter table staging_extractions add column if not exists held_reason text;
