#!/usr/bin/env bash
# npm run bench:search -- [--seconds=15] [--concurrency=1,10,50] (--help lists every option)
# Runs the search benchmark on the benchmark database and index that `npm run bench:sync` prepared.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/node-runtime.sh
case " $* " in *" --help "*) exec npx --no-install tsx scripts/bench/search-bench.ts --help ;; esac
bash scripts/setup.sh
# as the test run: without fsync, for speed (the figures were measured so)
eval "$(PG_DURABLE="${PG_DURABLE:-off}" bash scripts/services.sh up)"
export DATABASE_URL="$(node -e 'const u=new URL(process.argv[1]);u.pathname="/"+(process.env.BENCH_DATABASE||"portal_bench");console.log(u.toString())' "$DATABASE_URL")"
export ES_INDEX_PREFIX="${BENCH_INDEX_PREFIX:-bench}"
npm run --silent reindex -- --if-outdated
exec npx --no-install tsx scripts/bench/search-bench.ts "$@"
