# syntax=docker/dockerfile:1
# The storefront API (apps/api): Fastify on PostgreSQL (DATABASE_URL) or, without it, PGlite
# in DATA_DIR. Build from the repository root (deploy/README.md):
#
#   docker build -f deploy/docker/api.Dockerfile -t eyewear-api:$(git rev-parse --short HEAD) .
#
# Every setting comes from the environment at run time (deploy/README.md lists them); nothing
# of the configuration and no secret is baked in.
ARG NODE_IMAGE=node:22-bookworm-slim

# 1. Every dependency, from the lockfile. `npm install` (not `npm ci`, which fails on the other
#    platforms' optional binaries missing from the lockfile: TOOLCHAIN.md) keeps it unchanged.
#    Only the package.json files first, so this layer is rebuilt only when dependencies change.
FROM ${NODE_IMAGE} AS deps
WORKDIR /workspace
ENV NX_DAEMON=false NX_NO_CLOUD=true PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json .npmrc ./
COPY apps/account/package.json apps/account/
COPY apps/api/package.json apps/api/
COPY apps/appointments/package.json apps/appointments/
COPY apps/cart-checkout/package.json apps/cart-checkout/
COPY apps/catalog/package.json apps/catalog/
COPY apps/edge/package.json apps/edge/
COPY apps/product/package.json apps/product/
COPY apps/shell/package.json apps/shell/
COPY libs/api-client/package.json libs/api-client/
COPY libs/event-bus/package.json libs/event-bus/
COPY libs/face/package.json libs/face/
COPY libs/federation/package.json libs/federation/
COPY libs/i18n/package.json libs/i18n/
COPY libs/router/package.json libs/router/
COPY libs/ui/package.json libs/ui/
COPY tools/package.json tools/
COPY e2e/package.json e2e/
RUN npm install --no-audit --no-fund

# 2. The build: Nx runs api:build (webpack + swc: TypeScript and the workspace libs bundled into
#    dist/apps/api/main.js; npm packages stay external).
FROM deps AS build
COPY . .
RUN npx nx run api:build --outputStyle=static

# 3. Production dependencies only, for the bundle's external packages (PGlite's WebAssembly
#    included). The workspace links are dropped: the bundle holds the libs.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /workspace
COPY package.json package-lock.json .npmrc ./
COPY apps/account/package.json apps/account/
COPY apps/api/package.json apps/api/
COPY apps/appointments/package.json apps/appointments/
COPY apps/cart-checkout/package.json apps/cart-checkout/
COPY apps/catalog/package.json apps/catalog/
COPY apps/edge/package.json apps/edge/
COPY apps/product/package.json apps/product/
COPY apps/shell/package.json apps/shell/
COPY libs/api-client/package.json libs/api-client/
COPY libs/event-bus/package.json libs/event-bus/
COPY libs/face/package.json libs/face/
COPY libs/federation/package.json libs/federation/
COPY libs/i18n/package.json libs/i18n/
COPY libs/router/package.json libs/router/
COPY libs/ui/package.json libs/ui/
COPY tools/package.json tools/
COPY e2e/package.json e2e/
RUN npm install --omit=dev --ignore-scripts --no-audit --no-fund \
  && rm -rf node_modules/@eyewear node_modules/.package-lock.json

# 4. The image: Node, the built entry and production node_modules. No sources, no dev tools.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/eyewear-api
WORKDIR /app
COPY --from=prod-deps /workspace/node_modules ./node_modules
COPY --from=build /workspace/dist/apps/api ./dist/apps/api
# PGlite's folder when no DATABASE_URL is given (a single instance; mount a volume there).
RUN mkdir -p /var/lib/eyewear-api && chown node:node /var/lib/eyewear-api
# The node image's unprivileged user (uid 1000).
USER node
EXPOSE 3000
# Liveness (the process answers); readiness with the database is GET /ready.
HEALTHCHECK --interval=15s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains (API_DRAIN_MS); node is PID 1 and handles the signal itself.
CMD ["node", "dist/apps/api/main.js"]
