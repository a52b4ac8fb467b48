#!/usr/bin/env bash
# Runs the service (src/main.ts) in this process, as `npm start` does after its set-up steps (npm start
# also sets LOCAL_MAILBOX=true: without SMTP_HOST the service then runs the development mailbox).
# Three V8 settings and one of malloc, each measured with the search benchmark (docs/benchmarks.md):
# - 16 MB semi-spaces: the objects of searches in flight die young instead of being promoted (32 MB
#   took about 45 MB more resident memory under load for no CPU measurably saved; V8's default, 8 MB
#   at first, promoted them).
# - A fixed heap growth of 50%: after a major collection at low load V8 would otherwise set the next
#   limit only 10% above the live heap, start marking again at once (less room than the young
#   generation's size is left) and fall into a major collection every 2-3 s that keeps the limit
#   there.
# - No memory reducer: it shrank the heap and the young generation after a few idle seconds, and
#   searches after such a pause cost 2.5-2.8 instead of 1.6-1.9 ms of CPU at one client. Without it
#   the process keeps the memory that load gave it (481 against 457 MB resident after 30 s idle).
# - MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (V8's helpers, libuv's pool) an arena
#   of its own, each holding on to what it freed; two arenas held about 15 MB less under load.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/node-runtime.sh
# after a bare `npm ci` the generated Prisma client is missing (or older than the schema): make it first
if [ ! -f src/generated/prisma/client.ts ] || [ prisma/schema.prisma -nt src/generated/prisma/client.ts ]; then bash scripts/setup.sh; fi
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
exec node ${SERVE_NODE_FLAGS:-} --max-semi-space-size=16 --heap-growing-percent=50 --no-memory-reducer --import tsx src/main.ts
