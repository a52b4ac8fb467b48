#!/usr/bin/env bash
# npm start: install, start local PostgreSQL and Elasticsearch unless DATABASE_URL / ELASTICSEARCH_URL
# are set, migrate, load reference data, demo content and demo data, rebuild the listing index if its
# mapping changed, then serve on $PORT (default 3000), loading the national postcode file beside it the first
# time (about 20 s; until it is in, /ready says `postcodes: districts` and a full postcode outside the sample
# stands for its district). Without SMTP_HOST the service runs a local mailbox
# (SMTP on 1025, web inbox on http://localhost:1080) that stops with it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/node-runtime.sh
[ -f .env ] && { set -a; . ./.env; set +a; }
bash scripts/setup.sh
# the portal's static files (web/dist), rebuilt only when web/ or the API document changed
npm run --silent build:web -- --if-needed
eval "$(bash scripts/services.sh up)"
npm run --silent db:migrate
npm run --silent db:reference >/dev/null
npm run --silent content:import >/dev/null
npm run --silent db:seed
npm run --silent reindex -- --if-outdated
export LOCAL_MAILBOX="${LOCAL_MAILBOX:-true}"
( npm run --silent db:postcodes || echo "[postcodes] the national postcode file was not loaded; postcodes stand for their districts until npm run db:postcodes succeeds" >&2 ) &
exec bash scripts/serve.sh
