#!/usr/bin/env bash
# Runs the service (src/main.ts) in this process, as `npm start` does after its set-up steps.
# A larger young generation (32 MB semi-spaces): the objects of searches in flight then die young
# instead of being promoted. At 10 concurrent searches this took full garbage collections from
# about one a second to none in a 3,000-search run. It is not settled: after longer load a process
# can still fall into a full collection every 2 s or so (README, roadmap), and V8's default 16 MB
# did better in one benchmark run and worse in another.
set -euo pipefail
cd "$(dirname "$0")/.."
exec node --max-semi-space-size=32 --import tsx src/main.ts
