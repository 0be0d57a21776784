-- Conversations are private to their author (conversations.user_id) in multi-user mode, unless
-- the author shares them with the deal; deal owners see all (lib/chat/visibility.ts decides).
-- Local single-user mode has one user and ignores both.
alter table conversations add column if not exists shared boolean not null default false;
create index if not exists conversations_deal_user_idx on conversations (deal_id, user_id, updated_at desc);
