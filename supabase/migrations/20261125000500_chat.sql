-- Chat: conversations and their messages (AI SDK UI message parts as JSON, tool calls and
-- results included).
--
-- Baseline, part 5 of 6 (see 20261125000100_documents.sql). Runs on PostgreSQL >= 15 and PGlite.

-- In multi-user mode a conversation is private to its author (user_id) unless the author
-- shares it with the deal; deal owners see all (lib/chat/visibility.ts decides). Local
-- single-user mode has one user and ignores both.
create table conversations (
  id uuid primary key,
  deal_id uuid not null references deals(id) on delete cascade,
  user_id uuid references users(id) on delete set null,
  title text,
  mode text not null default 'chat' check (mode in ('chat', 'agent')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  shared boolean not null default false
);
create index conversations_deal_idx on conversations (deal_id, updated_at desc);
create index conversations_deal_user_idx on conversations (deal_id, user_id, updated_at desc);

create table messages (
  id text primary key,              -- the UI message id (client or server generated)
  conversation_id uuid not null references conversations(id) on delete cascade,
  deal_id uuid not null references deals(id) on delete cascade,
  role text not null check (role in ('user', 'assistant', 'system')),
  parts jsonb not null,             -- AI SDK UIMessage parts: text, tool calls and results, sources
  metadata jsonb,                   -- model, token usage, timings (never shown as scores)
  created_at timestamptz not null default now()
);
create index messages_conversation_idx on messages (conversation_id, created_at);
