#!/usr/bin/env bash
# npm run test:cluster [-- <test files>]: the whole suite (as npm test) against the local three-node
# Elasticsearch cluster (scripts/es-cluster.sh), with one replica of each shard. The cluster is left
# running for the next run, unless CI=true and this run started it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/node-runtime.sh
was_up=$(bash scripts/es-cluster.sh status 2>/dev/null | grep -c ' running ' || true)
eval "$(bash scripts/es-cluster.sh up)"
cleanup() {
  if [ "${CI:-}" = true ] && [ "$was_up" = 0 ]; then bash scripts/es-cluster.sh down >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT
echo "[test:cluster] ELASTICSEARCH_URL=$ELASTICSEARCH_URL ES_REPLICAS=$ES_REPLICAS" >&2
bash scripts/test.sh "$@"
