#!/usr/bin/env bash
# npm run bench:alerts -- [--saved-searches=1000000] [--events=200]
# The saved-search alert benchmark on a database and index of its own: the demo listings, then N
# benchmark saved searches (npm run db:seed -- --saved-searches N), then scripts/bench/alerts-bench.ts.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
saved=1000000
rest=()
for a in "$@"; do case "$a" in --saved-searches=*) saved="${a#*=}" ;; *) rest+=("$a") ;; esac; done
bash scripts/setup.sh
eval "$(bash scripts/services.sh up)"
export DATABASE_URL="$(node -e 'const u=new URL(process.argv[1]);u.pathname="/portal_bench_alerts";console.log(u.toString())' "$DATABASE_URL")"
export ES_INDEX_PREFIX=benchalerts LOG_LEVEL=warn
npm run --silent db:migrate
npm run --silent db:reference >/dev/null
npm run --silent db:seed >/dev/null
npm run --silent reindex
npm run --silent db:seed -- --saved-searches "$saved"
exec npx --no-install tsx scripts/bench/alerts-bench.ts "${rest[@]}"
