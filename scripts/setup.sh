#!/usr/bin/env bash
# Installs dependencies when missing or stale and generates the Prisma client.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/node-runtime.sh
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[setup] npm ci" >&2
  npm ci --no-audit --no-fund >&2
fi
# `prisma generate` needs no schema engine; pointing at any executable stops the CLI from fetching one.
PRISMA_SCHEMA_ENGINE_BINARY="$(type -P true)" CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1 \
  npx --no-install prisma generate >/dev/null
