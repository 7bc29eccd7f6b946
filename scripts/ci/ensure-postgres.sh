#!/usr/bin/env bash
# Prints a PostgreSQL URL for the test suite: the server already running on 127.0.0.1:5432 (CI and dev
# machines have one), else Debian's PostgreSQL installed and started here. Prints nothing if neither works.
set -uo pipefail
URL="postgres://postgres@127.0.0.1:5432/test"
ready() { command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432; }
if ! ready; then
  if ! command -v pg_ctlcluster >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql; } >&2 || exit 0
  fi
  version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -1)
  [ -n "$version" ] && pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 || true
  for _ in $(seq 1 30); do ready && break; sleep 1; done
  ready || exit 0
  # A fresh Debian cluster has peer auth only on the socket: allow the local test user over TCP.
  su postgres -c "psql -qc \"ALTER USER postgres PASSWORD NULL\"" >&2 2>/dev/null || true
  su postgres -c "psql -qtAc \"SELECT 1 FROM pg_database WHERE datname='test'\"" 2>/dev/null | grep -q 1 || su postgres -c "createdb test" >&2 || true
fi
psql "$URL" -qtAc 'select 1' >/dev/null 2>&1 && echo "$URL"
exit 0
