#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server for the tests, listening on 127.0.0.1 only, and
# prints the URL to use (EINV_TEST_PG_URL). usage:
#   eval "$(bash scripts/pg-test.sh start)"    # exports EINV_TEST_PG_URL, PG_TEST_DIR
#   bash scripts/pg-test.sh stop "$PG_TEST_DIR"
# PG_TEST_OPTS adds server options, e.g. for measuring what runs per verdict:
#   PG_TEST_OPTS="-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all"
set -euo pipefail
cmd=${1:-start}
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$BIN" ] || { echo "echo 'pg-test: PostgreSQL server binaries not installed' >&2"; exit 1; }
if [ "$cmd" = stop ]; then
  dir=${2:?data dir}
  runuser -u postgres -- "$BIN/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || \
    "$BIN/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  exit 0
fi
DIR=$(mktemp -d /tmp/einv-pg.XXXXXX)
chmod 755 "$DIR"
AS=()
if [ "$(id -u)" -eq 0 ]; then chown postgres "$DIR"; AS=(runuser -u postgres --); fi
"${AS[@]}" "$BIN/initdb" -D "$DIR/data" -U einv --auth=trust -E UTF8 >/dev/null

# A port below Linux's ephemeral range (32768+), so that no client connection of this or
# another program can be holding it; checked free first, and a few tries in case of a race.
free_port() {
  python3 -c 'import random,socket
for _ in range(200):
    p=random.randint(15000,32000); s=socket.socket()
    try: s.bind(("127.0.0.1",p)); s.close(); print(p); break
    except OSError: s.close()'
}
started=0
for try in 1 2 3 4 5; do
  PORT=${PG_TEST_PORT:-$(free_port)}
  if "${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w -t 60 \
       -o "-c listen_addresses=127.0.0.1 -p $PORT -c unix_socket_directories=$DIR -c fsync=off -c max_connections=200 ${PG_TEST_OPTS:-}" \
       start >/dev/null 2>&1; then
    started=1; break
  fi
  echo "pg-test: PostgreSQL did not start on port $PORT (try $try):" >&2
  tail -n 5 "$DIR/log" >&2 || true
  [ -z "${PG_TEST_PORT:-}" ] || break
done
if [ "$started" != 1 ]; then
  echo "echo 'pg-test: could not start PostgreSQL; log kept in $DIR/log' >&2; false"
  exit 1
fi
"${AS[@]}" "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U einv einvoice_test
echo "export EINV_TEST_PG_URL='postgresql://einv@127.0.0.1:$PORT/einvoice_test'"
echo "export PG_TEST_DIR='$DIR'"
echo "export PG_TEST_BIN='$BIN'"
