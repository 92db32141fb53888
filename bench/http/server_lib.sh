# Helpers for the HTTP benchmark scripts (sourced): start einvoiced on a fresh SQLite file
# or a fresh PostgreSQL database with a PRO account and key, stop it, clean up.
# Needs: SERVER (binary; srv_build sets it), PLUGINS (plugin dir), TMP (scratch dir).
# Sets SPID, PORT, KEY.

SPID=""; PGDB=""; PORT=""; KEY=""

# srv_build NAME: when SERVER is unset, build Release in build-bench (log build-bench/NAME.log)
# and point SERVER and PLUGINS at it
srv_build() {
  [ -n "$SERVER" ] && return 0
  echo "== build (Release, build-bench)"
  mkdir -p build-bench
  { cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DEINV_TESTS=OFF &&
    cmake --build build-bench -j"$(nproc)"; } >"build-bench/$1.log" 2>&1 ||
    [ -x build-bench/bin/einvoiced ] || { echo "build failed: build-bench/$1.log" >&2; exit 1; }
  SERVER=$PWD/build-bench/bin/einvoiced; PLUGINS=$PWD/build-bench/lib/einvoice
}

srv_cleanup() {
  if [ -n "$SPID" ]; then kill "$SPID" 2>/dev/null || true; wait "$SPID" 2>/dev/null || true; SPID=""; fi
  if [ -n "$PGDB" ]; then psql "$PG" -qc "drop database if exists $PGDB with (force)" >/dev/null 2>&1 || true; PGDB=""; fi
}

# srv_db sqlite|postgresql: sets DB to the EINV_DATABASE of a fresh database
srv_db() {
  if [ "$1" = sqlite ]; then
    DB="sqlite:$TMP/bench-$RANDOM.db"
  else
    PGDB=einv_bench_$(head -c 6 /dev/urandom | od -An -tx1 | tr -d ' \n')
    psql "$PG" -v ON_ERROR_STOP=1 -qc "create database $PGDB" >/dev/null
    DB=$(python3 -c 'import sys,urllib.parse as u; p=u.urlsplit(sys.argv[1]); print(u.urlunsplit((p.scheme,p.netloc,"/"+sys.argv[2],p.query,p.fragment)))' "$PG" "$PGDB")
  fi
}

# srv_start LABEL DATABASE [KEY=VALUE...]: start, wait for /api/health, set PORT and KEY
srv_start() {
  local label=$1 db=$2; shift 2
  PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  export EINV_DATABASE=$db EINV_LISTEN=127.0.0.1:$PORT EINV_PLUGIN_DIR=$PLUGINS
  "$SERVER" admin create-account --email bench@load.test --plan PRO >/dev/null
  KEY=$("$SERVER" admin create-key --email bench@load.test --name bench | tail -n 1)
  env "$@" "$SERVER" >"$TMP/$label.log" 2>&1 &
  SPID=$!
  for _ in $(seq 100); do
    python3 -c 'import sys,urllib.request as u; u.urlopen("http://127.0.0.1:%s/api/health" % sys.argv[1], timeout=1)' "$PORT" 2>/dev/null && return 0
    kill -0 "$SPID" 2>/dev/null || { echo "einvoiced exited:"; tail -n 20 "$TMP/$label.log"; return 1; }
    sleep 0.1
  done
  echo "einvoiced did not answer /api/health"; return 1
}

srv_stop() {
  if [ -n "$SPID" ]; then kill "$SPID" 2>/dev/null || true; wait "$SPID" 2>/dev/null || true; SPID=""; fi
}
