#!/usr/bin/env bash
# CI-only: native PostgreSQL 15 with pgvector built from Debian's source package (bookworm has
# no pgvector binary for PG 15; trixie's source builds against it in ~35 s). Idempotent.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config

if [ ! -f "$($PG_CONFIG --sharedir)/extension/vector.control" ]; then
  if [ ! -f /etc/apt/sources.list.d/trixie-src.sources ]; then
    cat > /etc/apt/sources.list.d/trixie-src.sources <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  fi
  apt-get update -qq
  apt-get install -y -qq postgresql-server-dev-15 build-essential dpkg-dev >/dev/null
  work=$(mktemp -d)
  (cd "$work" && apt-get source -qq pgvector >/dev/null 2>&1 && cd pgvector-*/ && make -s PG_CONFIG=$PG_CONFIG >/dev/null && make -s PG_CONFIG=$PG_CONFIG install >/dev/null)
  rm -rf "$work"
fi

pg_ctlcluster 15 main start 2>/dev/null || true
for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
su postgres -c "psql -q -c \"alter user postgres password 'postgres'\""
echo "postgres ready with pgvector $(su postgres -c "psql -tAc \"select default_version from pg_available_extensions where name='vector'\"")"
