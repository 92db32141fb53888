#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server for the tests, listening on 127.0.0.1 only, and
# prints the URL to use (EINV_TEST_PG_URL). usage:
#   eval "$(bash scripts/pg-test.sh start)"    # exports EINV_TEST_PG_URL, PG_TEST_DIR
#   bash scripts/pg-test.sh stop "$PG_TEST_DIR"
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
PORT=${PG_TEST_PORT:-$(( 20000 + RANDOM % 20000 ))}
DIR=$(mktemp -d /tmp/einv-pg.XXXXXX)
chmod 755 "$DIR"
AS=()
if [ "$(id -u)" -eq 0 ]; then chown postgres "$DIR"; AS=(runuser -u postgres --); fi
"${AS[@]}" "$BIN/initdb" -D "$DIR/data" -U einv --auth=trust -E UTF8 >/dev/null
"${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -c unix_socket_directories=$DIR -c fsync=off -c max_connections=200" start >/dev/null
"${AS[@]}" "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U einv einvoice_test
echo "export EINV_TEST_PG_URL='postgresql://einv@127.0.0.1:$PORT/einvoice_test'"
echo "export PG_TEST_DIR='$DIR'"
echo "export PG_TEST_BIN='$BIN'"
