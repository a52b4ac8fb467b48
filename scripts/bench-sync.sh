#!/usr/bin/env bash
# npm run bench:sync -- [--listings 100000] [--distribution spread|crowded] [--skip-seed]
# Seeds a separate benchmark database (portal_bench) and index prefix (bench) with N listings (about
# ten properties each), then measures full reindex, raw bulk and write-to-search delay.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/node-runtime.sh
LISTINGS=100000; DISTRIBUTION=spread; SEED=1
while [ $# -gt 0 ]; do
  case "$1" in
    --listings) LISTINGS="$2"; shift 2 ;;
    --distribution) DISTRIBUTION="$2"; shift 2 ;;
    --skip-seed) SEED=0; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
bash scripts/setup.sh
# as the test run: without fsync, for speed (the figures were measured so)
eval "$(PG_DURABLE="${PG_DURABLE:-off}" bash scripts/services.sh up)"
export DATABASE_URL="$(node -e 'const u=new URL(process.argv[1]);u.pathname="/"+(process.env.BENCH_DATABASE||"portal_bench");console.log(u.toString())' "$DATABASE_URL")"
export ES_INDEX_PREFIX="${BENCH_INDEX_PREFIX:-bench}" LOG_LEVEL=warn REINDEX_WORKER=false
npm run --silent db:migrate
npm run --silent db:reference >/dev/null
if [ "$SEED" = 1 ]; then npm run --silent db:seed -- --listings "$LISTINGS" --distribution "$DISTRIBUTION"; fi
exec npx --no-install tsx scripts/bench/sync-bench.ts
