# The service's image: built with the dev dependencies, run on the production dependencies alone, as
# the unprivileged `node` user. One image serves and runs the operator's scripts (dist/scripts/*.js):
#   docker run IMAGE                                      the service on :3000
#   docker run IMAGE node --experimental-wasm-modules dist/scripts/migrate.js apply
#   docker run IMAGE node dist/scripts/load-reference-data.js
# (docs/operations.md lists them all).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# no install scripts: none is needed to build, and Prisma's would try to download engines
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json prisma.config.ts ./
COPY prisma ./prisma
COPY src ./src
COPY scripts ./scripts
COPY web ./web
# the client generator needs no schema engine: pointing at any executable stops the CLI fetching one
RUN PRISMA_SCHEMA_ENGINE_BINARY=/bin/true CHECKPOINT_DISABLE=1 npx --no-install prisma generate \
 && npm run build

FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
# npm keeps the optional peers of production packages that are dev dependencies here (the Prisma CLI
# and TypeScript, peers of @prisma/client) with their trees: the lockfile marks every package that
# only the dev tree or an optional peer needs `devOptional`, and none of them is needed to run.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && node -e 'for (const [dir, entry] of Object.entries(require("./package-lock.json").packages)) if (entry.devOptional) require("node:fs").rmSync(dir, { recursive: true, force: true })'

FROM ${NODE_IMAGE}
# MALLOC_ARENA_MAX: the V8 and libuv threads allocate in two malloc arenas, not one each (scripts/serve.sh)
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# the reference portal's static files, served at /
COPY --from=build /app/web/dist ./web/dist
# package.json marks the project root (and dist/ as ES modules); the service and the scripts read the
# index mapping, the schema, migrations and reference data, and the demo content, from these folders
COPY package.json ./
COPY es-mappings ./es-mappings
COPY prisma ./prisma
COPY content ./content
USER node
EXPOSE 3000
# liveness: the process answers (readiness, with the database and the engine, is GET /ready)
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The V8 settings of scripts/serve.sh, where they are explained (a test keeps the two the same).
# node runs as PID 1 and handles SIGTERM itself: it stops accepting, finishes requests in flight
# (SHUTDOWN_TIMEOUT_MS) and closes its pools.
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=50", "--no-memory-reducer", "dist/main.js"]
