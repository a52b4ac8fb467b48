#!/usr/bin/env bash
# npm run bench:cache-curve -- [--clients=10] [--seconds=10] [--sizes=0,4,8,16,32,64]
# The search response memo's size against its hit ratio, the API's p50 and CPU a search, and its peak
# resident size: one bench:search run per size (realistic mix, built API, engine and API sharing the
# cores), on the benchmark database and index that `npm run bench:sync` prepared. The map caches keep
# their defaults; the last column says what they held.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/node-runtime.sh
CLIENTS=10; SECONDS_EACH=10; SIZES=0,4,8,16,32,64
for arg in "$@"; do
  case "$arg" in
    --clients=*) CLIENTS="${arg#*=}" ;;
    --seconds=*) SECONDS_EACH="${arg#*=}" ;;
    --sizes=*) SIZES="${arg#*=}" ;;
    *) echo "unknown option $arg" >&2; exit 2 ;;
  esac
done
npm run --silent build >/dev/null
rows=()
for mb in ${SIZES//,/ }; do
  out="$(npm run --silent bench:search -- --built --concurrency="$CLIENTS" --seconds="$SECONDS_EACH" --rounds=1 --response-cache-mb="$mb" 2>&1)"
  api="$(grep -E '^  API +p50' <<<"$out" | tail -1)"
  engine="$(grep -E '^  engine +p50' <<<"$out" | tail -1)"
  caches="$(grep -E 'API resident size' <<<"$out" | tail -1)"
  p50="$(sed -E 's/.*p50 ([0-9.]+) ms.*/\1/' <<<"$api")"
  rps="$(sed -E 's/.* ([0-9]+) searches\/s.*/\1/' <<<"$api")"
  cpu="$(sed -E 's/.*server ([0-9.]+) ms.*/\1/' <<<"$api")"
  engine_p50="$(sed -E 's/.*p50 ([0-9.]+) ms.*/\1/' <<<"$engine")"
  peak="$(sed -E 's/.* ([0-9]+) MiB at most.*/\1/' <<<"$caches")"
  memo="$(sed -E 's/.*search_responses ([0-9]+)% of ([0-9]+) \(([0-9]+) MiB\).*/\1% (\3 MiB held)/' <<<"$caches")"
  maps="$(sed -E 's/.*caches so far: (map_arrays [^;]*map_listings [0-9]+% of [0-9]+ \([0-9]+ MiB\)).*/\1/' <<<"$caches")"
  rows+=("| $mb | $memo | $p50 ms (engine $engine_p50 ms) | $rps | $cpu ms | $peak MiB | $maps |")
  echo "memo ${mb} MB done" >&2
done
echo
echo "| memo MB | memo hit ratio | API p50 | API searches/s | API CPU a search | API peak RSS | map caches |"
echo "|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
