#!/usr/bin/env bash
# npm run test:faults: the write pipeline under faults (test/faults/write-pipeline.ts). Starts a
# PostgreSQL and an Elasticsearch of its own, on ports and in a directory of their own (never those of
# `npm start` or the tests: the run kills them), runs the writes and the faults, checks, and stops them.
#   FAULT_WRITES (10000), FAULT_CLIENTS (4), FAULT_KILLS (kills of each kind; one per 2,500 writes)
#   FAULT_SEED: the seed of the writes and the faults (printed by every run; a new one when unset)
#   FAULT_PG_PORT (54339), FAULT_ES_PORT (9257), FAULT_ES_TRANSPORT_PORT (9357), FAULT_SERVICES_DIR
#   FAULT_ES_DOWNLOADS: a directory holding the Elasticsearch zip already (else services.sh fetches it)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/node-runtime.sh
export PG_PORT="${FAULT_PG_PORT:-54339}" ES_PORT="${FAULT_ES_PORT:-9257}" ES_TRANSPORT_PORT="${FAULT_ES_TRANSPORT_PORT:-9357}"
export SERVICES_DIR="${FAULT_SERVICES_DIR:-$PWD/.local/faults}"
export ES_HEAP="${ES_HEAP:-512m}"
mkdir -p "$SERVICES_DIR"
if [ -n "${FAULT_ES_DOWNLOADS:-}" ] && [ ! -e "$SERVICES_DIR/downloads" ]; then ln -s "$FAULT_ES_DOWNLOADS" "$SERVICES_DIR/downloads"; fi
unset DATABASE_URL ELASTICSEARCH_URL
stop() { bash scripts/services.sh down >/dev/null 2>&1 || true; }
trap stop EXIT
# durable, as npm start runs it: a crash must lose nothing acknowledged
eval "$(PG_DURABLE=on bash scripts/services.sh up)"
export ES_INDEX_PREFIX=faults ES_REPLICAS=0
npm run --silent db:migrate
npm run --silent db:reference >/dev/null
echo "[faults] PostgreSQL fsync: $(node --input-type=module -e "import pg from 'pg'; const c = new pg.Client(process.env.DATABASE_URL); await c.connect(); console.log((await c.query('SHOW fsync')).rows[0].fsync, '/ synchronous_commit', (await c.query('SHOW synchronous_commit')).rows[0].synchronous_commit); await c.end();")"
FAULT_API_KEY="$(npx tsx scripts/create-api-account.ts --name "Fault run $(date +%s)" --kind provider --tier premium --provider "Fault run $(date +%s)" | node -e "let s = ''; process.stdin.on('data', (d) => (s += d)).on('end', () => console.log(JSON.parse(s.slice(s.indexOf('{'))).apiKey))")"
export FAULT_API_KEY
node --import tsx test/faults/write-pipeline.ts
