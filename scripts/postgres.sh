#!/usr/bin/env bash
# A throw-away PostgreSQL for tests and benchmarks, on 127.0.0.1 only, trust auth.
#
#   bash scripts/postgres.sh [start]   install (apt, only if missing), init and start; prints DATABASE_URL
#   bash scripts/postgres.sh stop      stop it and delete its directory
#   bash scripts/postgres.sh status    exit 0 and print DATABASE_URL if it is running, else exit 1
#   bash scripts/postgres.sh restart   fast restart of the running cluster (cuts every connection)
#
# Settings (environment):
#   WEFT_PG_PORT  port, default 55432
#   WEFT_PG_DIR   directory holding data/ and run/ (socket, log), default ${TMPDIR:-/tmp}/weft-postgres-<port>
#
# Only the DATABASE_URL goes to stdout, so `url=$(bash scripts/postgres.sh)` works; progress goes to stderr.
# Durability is switched off (fsync, synchronous_commit, full_page_writes): the data is disposable.
set -euo pipefail

PORT="${WEFT_PG_PORT:-55432}"
DIR="${WEFT_PG_DIR:-${TMPDIR:-/tmp}/weft-postgres-${PORT}}"
DATA="$DIR/data"
RUN="$DIR/run"
URL="postgresql://postgres@127.0.0.1:${PORT}/postgres"

say() { echo "postgres.sh: $*" >&2; }
die() { say "error: $*"; exit 1; }

find_pgbin() {
  local best="" v
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] || continue
    v="$(basename "$(dirname "$d")")"
    if [ -z "$best" ] || [ "$(printf '%s\n%s\n' "$best" "$v" | sort -V | tail -n1)" = "$v" ]; then best="$v"; fi
  done
  [ -n "$best" ] && echo "/usr/lib/postgresql/$best/bin"
}

install_postgres() {
  [ "$(id -u)" = 0 ] || die "PostgreSQL server binaries are missing and installing them needs root (apt-get install postgresql)"
  say "installing PostgreSQL from apt ..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >&2
  apt-get install -y -q --no-install-recommends postgresql >&2
}

# Runs a command as the cluster's owner: `postgres` when we are root (initdb refuses root), else ourselves.
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    if command -v runuser >/dev/null 2>&1; then runuser -u postgres -- "$@"
    else su postgres -s /bin/sh -c "$(printf '%q ' "$@")"; fi
  else
    "$@"
  fi
}

is_ours_running() {
  [ -f "$DATA/PG_VERSION" ] && as_owner "$PGBIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1
}

accepting() {
  "$PGBIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" -U postgres -d postgres
}

wait_ready() {
  local i
  for i in $(seq 1 120); do
    accepting && return 0
    sleep 0.25
  done
  say "PostgreSQL did not accept connections within 30 s; log:"
  tail -n 40 "$RUN/postgres.log" >&2 || true
  return 1
}

start() {
  PGBIN="$(find_pgbin || true)"
  if [ -z "$PGBIN" ]; then
    install_postgres
    PGBIN="$(find_pgbin || true)"
    [ -n "$PGBIN" ] || die "apt installed postgresql but no /usr/lib/postgresql/<version>/bin/initdb was found"
  fi

  if is_ours_running; then
    wait_ready
    say "already running (port $PORT, dir $DIR)"
    echo "$URL"
    return 0
  fi
  if accepting; then
    die "port $PORT is already served by another PostgreSQL (not $DATA); stop it or set WEFT_PG_PORT"
  fi

  mkdir -p "$DIR" "$RUN"
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || die "the postgres OS user does not exist (is the postgresql package installed?)"
    chown postgres "$DIR" "$RUN"
    chmod 0755 "$DIR"
    # Every directory above it must be searchable by postgres too (mktemp -d makes 0700 directories).
    as_owner test -w "$DIR" 2>/dev/null \
      || die "the postgres user cannot reach $DIR: make its parent directories searchable (chmod o+x) or set WEFT_PG_DIR elsewhere"
  fi

  if [ ! -f "$DATA/PG_VERSION" ]; then
    say "initdb ($PGBIN) in $DATA"
    as_owner "$PGBIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$RUN/initdb.log" 2>&1 \
      || as_owner "$PGBIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 >"$RUN/initdb.log" 2>&1 \
      || { cat "$RUN/initdb.log" >&2; die "initdb failed"; }
  fi

  local opts="-p $PORT -k $RUN -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
  # pg_stat_statements (contrib, shipped with the server package) lets the benchmark count SQL per request.
  if [ -f "$("$PGBIN/pg_config" --pkglibdir 2>/dev/null || echo /nonexistent)/pg_stat_statements.so" ]; then
    opts="$opts -c shared_preload_libraries=pg_stat_statements"
  fi
  say "starting on 127.0.0.1:$PORT"
  as_owner "$PGBIN/pg_ctl" -D "$DATA" -l "$RUN/postgres.log" -w -t 60 -o "$opts" \
    start >&2 || { tail -n 40 "$RUN/postgres.log" >&2 || true; die "pg_ctl start failed"; }
  wait_ready
  say "ready: $URL"
  echo "$URL"
}

stop() {
  PGBIN="$(find_pgbin || true)"
  if [ -n "$PGBIN" ] && is_ours_running; then
    say "stopping (dir $DIR)"
    as_owner "$PGBIN/pg_ctl" -D "$DATA" -m fast -w -t 60 stop >&2 \
      || as_owner "$PGBIN/pg_ctl" -D "$DATA" -m immediate -w stop >&2 || true
  else
    say "not running (dir $DIR)"
  fi
  # Only ever delete a directory this script made: it holds data/PG_VERSION or run/.
  if [ -d "$DIR" ] && { [ -f "$DATA/PG_VERSION" ] || [ -d "$RUN" ]; }; then
    rm -rf "$DIR"
  fi
}

# A fast restart of a running cluster (fault tests): connections are cut, the server comes back on the same port.
restart() {
  PGBIN="$(find_pgbin || true)"
  is_ours_running || die "not running (dir $DIR)"
  say "restarting (dir $DIR)"
  as_owner "$PGBIN/pg_ctl" -D "$DATA" -l "$RUN/postgres.log" -m fast -w -t 60 restart >&2
  wait_ready
}

status() {
  PGBIN="$(find_pgbin || true)"
  if [ -n "$PGBIN" ] && is_ours_running && accepting; then
    echo "$URL"
    return 0
  fi
  return 1
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  restart) restart ;;
  url) echo "$URL" ;;
  *) echo "usage: bash scripts/postgres.sh [start|stop|status|restart|url]" >&2; exit 2 ;;
esac
