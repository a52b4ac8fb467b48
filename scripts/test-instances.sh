#!/usr/bin/env bash
# npm run test:instances [-- --short]: three instances of the service behind HAProxy, one killed with
# SIGKILL under load and started again (test/instances/instance-drill.ts). Uses a database
# (<database>_instances) and an index prefix (instances) of its own, seeded with INSTANCES_LISTINGS (300)
# listings on the first run; HAProxy comes from Debian (scripts/ensure-system-packages.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/node-runtime.sh
bash scripts/setup.sh >/dev/null
command -v haproxy >/dev/null || bash scripts/ensure-system-packages.sh
command -v haproxy >/dev/null || { echo "[instances] haproxy is missing (apt-get install haproxy)" >&2; exit 1; }
if [ -z "${DATABASE_URL:-}" ] || [ -z "${ELASTICSEARCH_URL:-}" ]; then eval "$(PG_DURABLE="${PG_DURABLE:-off}" bash scripts/services.sh up)"; fi
export DATABASE_URL="${INSTANCES_DATABASE_URL:-$(node -e 'const u=new URL(process.argv[1]);u.pathname=u.pathname.replace(/\/?$/,"")+"_instances";console.log(u.toString())' "$DATABASE_URL")}"
export ES_INDEX_PREFIX="${INSTANCES_INDEX_PREFIX:-instances}" LOG_LEVEL=warn
npm run --silent db:migrate >/dev/null
npm run --silent db:reference >/dev/null
npm run --silent db:seed -- --listings "${INSTANCES_LISTINGS:-300}" --distribution crowded | tail -1
npm run --silent reindex -- --if-outdated >/dev/null
exec npx --no-install tsx test/instances/instance-drill.ts "$@"
