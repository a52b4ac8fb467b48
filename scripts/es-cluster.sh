#!/usr/bin/env bash
# A local Elasticsearch cluster of three nodes (three processes, each with its own ports, data and
# configuration), to run the service and the tests against more than one node. It runs from the
# distribution scripts/services.sh installs, beside (not instead of) the single local node.
#   scripts/es-cluster.sh up        start the nodes that are not running, wait for them, print the environment to use
#   scripts/es-cluster.sh down      stop every node (their data is kept)
#   scripts/es-cluster.sh status    each node's process and the cluster's health
#   scripts/es-cluster.sh kill N    SIGKILL node N (1-3), as a crash would; `up` starts it again
#   scripts/es-cluster.sh reset     stop every node and delete their data
#   scripts/es-cluster.sh env       print the environment of the last `up` again
# Node N answers HTTP on ES_CLUSTER_HTTP_PORT+N-1 (9250-9252) and talks to the others on
# ES_CLUSTER_TRANSPORT_PORT+N-1 (9350-9352).
set -euo pipefail
# shellcheck source=services.sh
source "$(dirname "${BASH_SOURCE[0]}")/services.sh"

CLUSTER_NAME="${ES_CLUSTER_NAME:-homeseeker-portal-cluster}"
CLUSTER_NODES=3
HTTP_BASE="${ES_CLUSTER_HTTP_PORT:-9250}"
TRANSPORT_BASE="${ES_CLUSTER_TRANSPORT_PORT:-9350}"
CLUSTER_HEAP="${ES_CLUSTER_HEAP:-512m}"

log() { printf '[es-cluster] %s\n' "$*" >&2; }
die() { printf '[es-cluster] ERROR: %s\n' "$*" >&2; exit 1; }

node_dir() { printf '%s/es-cluster/node%s' "$SERVICES_DIR" "$1"; }
http_port() { echo $((HTTP_BASE + $1 - 1)); }
node_pid() { cat "$(node_dir "$1")/es.pid" 2>/dev/null || true; }
node_running() {
  local pid; pid="$(node_pid "$1")"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null
}
urls() {
  local n list=""
  for n in $(seq 1 $CLUSTER_NODES); do list="${list:+$list,}http://127.0.0.1:$(http_port "$n")"; done
  printf '%s' "$list"
}
# the first node that answers
health() {
  local n
  for n in $(seq 1 $CLUSTER_NODES); do
    curl -fsS "http://127.0.0.1:$(http_port "$n")/_cluster/health$1" 2>/dev/null && return 0
  done
  return 1
}

write_node_config() {
  local n="$1" home="$2" dir; dir="$(node_dir "$n")"
  mkdir -p "$dir/config" "$dir/data" "$dir/logs"
  # the distribution's JVM and logging settings; elasticsearch.yml is the node's own
  [ -f "$dir/config/jvm.options" ] || cp -r "$home/config/." "$dir/config/"
  rm -f "$dir/config/elasticsearch.keystore"
  local seeds="" m
  for m in $(seq 1 $CLUSTER_NODES); do seeds="${seeds:+$seeds, }\"127.0.0.1:$((TRANSPORT_BASE + m - 1))\""; done
  cat > "$dir/config/elasticsearch.yml" <<YML
cluster.name: $CLUSTER_NAME
node.name: node-$n
path.data: $dir/data
path.logs: $dir/logs
network.host: 127.0.0.1
http.port: $(http_port "$n")
transport.port: $((TRANSPORT_BASE + n - 1))
discovery.seed_hosts: [$seeds]
xpack.security.enabled: false
cluster.routing.allocation.disk.threshold_enabled: false
action.destructive_requires_name: false
YML
}

# The cluster is bootstrapped once, by nodes that have never joined one; afterwards the setting must go.
bootstrapped() { compgen -G "$SERVICES_DIR/es-cluster/node*/data/_state" >/dev/null; }

start_node() {
  local n="$1" jdk="$2" home="$3" dir; dir="$(node_dir "$n")"
  own "$dir"
  log "starting node-$n on 127.0.0.1:$(http_port "$n") (heap $CLUSTER_HEAP)"
  run_as "ES_PATH_CONF='$dir/config' ES_JAVA_HOME='$jdk' ES_JAVA_OPTS='-Xms$CLUSTER_HEAP -Xmx$CLUSTER_HEAP' '$home/bin/elasticsearch' -d -p '$dir/es.pid'" >"$dir/startup.out" 2>&1 \
    || { tail -30 "$dir/startup.out" >&2; die "node-$n did not start (see $dir/logs)"; }
}

cluster_up() {
  local missing=() n
  for n in $(seq 1 $CLUSTER_NODES); do node_running "$n" || missing+=("$n"); done
  if [ ${#missing[@]} -gt 0 ]; then
    local jdk home="$SERVICES_DIR/es/elasticsearch-$ES_VERSION"
    jdk="$(find_jdk)"
    es_install
    local bootstrap=""
    if ! bootstrapped; then
      for n in $(seq 1 $CLUSTER_NODES); do bootstrap="${bootstrap:+$bootstrap, }\"node-$n\""; done
    fi
    for n in "${missing[@]}"; do
      write_node_config "$n" "$home"
      [ -z "$bootstrap" ] || echo "cluster.initial_master_nodes: [$bootstrap]" >> "$(node_dir "$n")/config/elasticsearch.yml"
    done
    own "$SERVICES_DIR/es-cluster"
    # together: a node waits for the others to form the cluster before `-d` returns
    local pids=()
    for n in "${missing[@]}"; do start_node "$n" "$jdk" "$home" & pids+=($!); done
    for pid in "${pids[@]}"; do wait "$pid"; done
  else
    log "all $CLUSTER_NODES nodes already running"
  fi
  local i
  for i in $(seq 1 180); do
    health "?wait_for_nodes=$CLUSTER_NODES&wait_for_status=green&timeout=1s" >/dev/null && break
    [ "$i" = 180 ] && die "the cluster did not become green with $CLUSTER_NODES nodes in 3 minutes (see $SERVICES_DIR/es-cluster/node*/logs)"
    sleep 1
  done
  log "cluster $CLUSTER_NAME green with $CLUSTER_NODES nodes"
  {
    printf 'export ELASTICSEARCH_URL="%s"\n' "$(urls)"
    printf 'export ES_REPLICAS=1\n'
  } > "$SERVICES_DIR/es-cluster/cluster.env"
  cat "$SERVICES_DIR/es-cluster/cluster.env"
}

cluster_down() {
  local n
  for n in $(seq 1 $CLUSTER_NODES); do es_stop "$(node_dir "$n")/es.pid" "node-$n" & done
  wait
}

cluster_status() {
  local n
  for n in $(seq 1 $CLUSTER_NODES); do
    if node_running "$n"; then echo "node-$n running (pid $(node_pid "$n"), http://127.0.0.1:$(http_port "$n"))"; else echo "node-$n stopped"; fi
  done
  health "?pretty" || echo "cluster not answering"
}

kill_node() {
  local n="$1"
  [[ "$n" =~ ^[1-9][0-9]*$ ]] && [ "$n" -le $CLUSTER_NODES ] || die "usage: $0 kill 1-$CLUSTER_NODES"
  node_running "$n" || die "node-$n is not running"
  local pid; pid="$(node_pid "$n")"
  kill -9 "$pid"
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
  log "node-$n (pid $pid) killed"
}

ensure_service_user
pick_services_dir
case "${1:-}" in
  up) cluster_up ;;
  down) cluster_down ;;
  status) cluster_status ;;
  kill) kill_node "${2:-}" ;;
  reset) cluster_down; rm -rf "$SERVICES_DIR/es-cluster" ;;
  env) cat "$SERVICES_DIR/es-cluster/cluster.env" ;;
  *) die "usage: $0 up|down|status|kill N|reset" ;;
esac
