#!/usr/bin/env bash
# npm run test:failover: one node of the local three-node Elasticsearch cluster killed (SIGKILL) under
# search and write load through the service's HTTP API (test/failover/failover-drill.ts). Starts the
# cluster when it is not running (scripts/es-cluster.sh) and PostgreSQL unless DATABASE_URL is set; uses
# a database (<database>_failover) and an index prefix (failover) of its own, seeded with
# FAILOVER_LISTINGS listings (5000) on the first run. Settings: FAILOVER_SECONDS (30), FAILOVER_KILL_AT
# (10), FAILOVER_CLIENTS (8 reading clients), FAILOVER_WRITERS (2), FAILOVER_KILL (primary: the node
# holding the listing primary; master: the elected master).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/node-runtime.sh
bash scripts/setup.sh >/dev/null
eval "$(bash scripts/es-cluster.sh up)"
# as the test run: without fsync, for speed
eval "$(PG_DURABLE="${PG_DURABLE:-off}" bash scripts/services.sh up)"
export DATABASE_URL="${FAILOVER_DATABASE_URL:-$(node -e 'const u=new URL(process.argv[1]);u.pathname=u.pathname.replace(/\/?$/,"")+"_failover";console.log(u.toString())' "$DATABASE_URL")}"
export ES_INDEX_PREFIX="${FAILOVER_INDEX_PREFIX:-failover}" LOG_LEVEL=warn
npm run --silent db:migrate >/dev/null
npm run --silent db:reference >/dev/null
npm run --silent db:seed -- --listings "${FAILOVER_LISTINGS:-5000}" --distribution crowded | tail -3
npm run --silent reindex -- --if-outdated
exec npx --no-install tsx test/failover/failover-drill.ts
