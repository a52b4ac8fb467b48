#!/usr/bin/env bash
# npm test: install (chromium too, for the browser tests), start local PostgreSQL and Elasticsearch unless
# DATABASE_URL / ELASTICSEARCH_URL are set, migrate a separate test database, type-check, lint, then run
# every test against the real services, then (the whole run) the short instance drill (npm run test:instances).
# Services this run started are stopped at the end when CI=true.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/node-runtime.sh
bash scripts/setup.sh
bash scripts/ensure-system-packages.sh
# the portal the browser tests drive (web/dist), rebuilt only when web/ or the API document changed
npm run --silent build:web -- --if-needed

SERVICES_DIR="$(bash scripts/services.sh dir)"
pg_was_up=$([ -f "$SERVICES_DIR/pg/started-here" ] && echo 1 || echo 0)
es_was_up=$([ -f "$SERVICES_DIR/es/started-here" ] && echo 1 || echo 0)
# the test run's PostgreSQL trades durability for speed (fsync and synchronous_commit off): its data is
# thrown away anyway; services.sh says so when it starts it. PG_DURABLE=on keeps them on.
eval "$(PG_DURABLE="${PG_DURABLE:-off}" bash scripts/services.sh up)"
cleanup() {
  if [ "${CI:-}" = true ] && [ "$pg_was_up$es_was_up" = 00 ]; then bash scripts/services.sh down >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT

# Tests never touch the demo database or index: their own database and index prefix.
export DATABASE_URL="${TEST_DATABASE_URL:-$(node -e 'const u=new URL(process.argv[1]);u.pathname=u.pathname.replace(/\/?$/,"")+"_test";console.log(u.toString())' "$DATABASE_URL")}"
export ES_INDEX_PREFIX="${TEST_INDEX_PREFIX:-test}" APP_ENV=test LOG_LEVEL="${LOG_LEVEL:-silent}"

npm run --silent db:migrate
npm run --silent db:reference >/dev/null
# every UK postcode (about 20 s the first time in a database, then a one-row check)
npm run --silent db:postcodes
echo "[test] type-check and lint" >&2
npx --no-install tsc --noEmit
npx --no-install eslint --max-warnings 0 .
# the conformance suite last: it reads the shared search fixture and must not leave the other files its writes
if [ $# -eq 0 ]; then set -- "test/browser/**/*.test.ts" "test/contract/**/*.test.ts" "test/faults/**/*.test.ts" "test/integration/**/*.test.ts" "test/unit/**/*.test.ts" "test/conformance/**/*.test.ts"; fi
npx --no-install mocha "$@"
# after the other suites, when the whole run was asked for: three instances behind HAProxy, one killed (about a minute)
if [ "$#" -eq 6 ] && [ "$1" = "test/browser/**/*.test.ts" ]; then
  echo "[test] instance drill (short)" >&2
  INSTANCES_DATABASE_URL="${INSTANCES_DATABASE_URL:-${DATABASE_URL}_instances}" INSTANCES_INDEX_PREFIX="${INSTANCES_INDEX_PREFIX:-${ES_INDEX_PREFIX}instances}" \
    bash scripts/test-instances.sh --short
fi
