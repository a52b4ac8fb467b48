#!/usr/bin/env bash
# npm run bench:alerts -- [--saved-searches=1000000] [--distribution=spread|crowded] [--events=200] [--daily=off] [--mailbox=counting|maildev]
# The saved-search alert benchmark on a database and index of its own for each distribution (BENCH_DATABASE
# and BENCH_INDEX_PREFIX name others, when several people run it on the same services): the demo listings,
# then N benchmark saved searches (npm run db:seed -- --saved-searches N --distribution D), then
# scripts/bench/alerts-bench.ts.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/node-runtime.sh
saved=1000000
distribution=spread
rest=()
for a in "$@"; do
  case "$a" in
    --saved-searches=*) saved="${a#*=}" ;;
    --distribution=*) distribution="${a#*=}"; rest+=("$a") ;;
    *) rest+=("$a") ;;
  esac
done
case "$distribution" in spread | crowded) ;; *) echo "--distribution must be spread or crowded" >&2; exit 2 ;; esac
bash scripts/setup.sh
# as the test run: without fsync, for speed (the figures were measured so)
eval "$(PG_DURABLE="${PG_DURABLE:-off}" bash scripts/services.sh up)"
export DATABASE_URL="$(node -e 'const u=new URL(process.argv[1]);u.pathname="/"+process.argv[2];console.log(u.toString())' "$DATABASE_URL" "${BENCH_DATABASE:-portal_bench_alerts_$distribution}")"
export ES_INDEX_PREFIX="${BENCH_INDEX_PREFIX:-benchalerts$distribution}" LOG_LEVEL=warn
npm run --silent db:migrate
npm run --silent db:reference >/dev/null
npm run --silent db:seed >/dev/null
npm run --silent reindex
npm run --silent db:seed -- --saved-searches "$saved" --distribution "$distribution"
# with the service's own V8 settings (scripts/serve.sh): the alert job runs in the service's process
exec node --max-semi-space-size=32 --heap-growing-percent=50 --no-memory-reducer --import tsx scripts/bench/alerts-bench.ts "${rest[@]}"
