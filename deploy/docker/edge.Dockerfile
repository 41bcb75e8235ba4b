# syntax=docker/dockerfile:1
# The edge (apps/edge, built to dist/apps/edge/main.js): serves the deployed builds from the deploy root /srv/deploy
# (a volume shared by every edge and the release CLI) and proxies /api/ to API_URL. The image
# also carries this commit's storefront builds (dist/apps) and the release CLI, so the same
# image deploys them into the deploy root (deploy/k8s/deploy-builds-job.yaml) and runs releases
# (`kubectl exec deploy/eyewear-edge -- node tools/release/cli.mjs status --root /srv/deploy`).
# Build from the repository root (deploy/README.md):
#
#   docker build -f deploy/docker/edge.Dockerfile -t eyewear-edge:$(git rev-parse --short HEAD) .
#
# Every setting comes from the environment at run time (deploy/README.md); EDGE_SECRET from a
# secret store, never from the image.
ARG NODE_IMAGE=node:22-bookworm-slim

# 1. Every dependency, from the lockfile (`npm install`, not `npm ci`: TOOLCHAIN.md).
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

# 2. The build: Nx builds the edge (dist/apps/edge: its process, its library and its render
#    worker, TypeScript and the workspace libs bundled by webpack), the shell and the remotes
#    (dist/apps/<app>) and the federation lib (dist/libs/federation: the release CLI's manifest
#    check). The release CLI runs from source (tools/release); tests are left out.
FROM deps AS build
COPY . .
RUN npx nx run-many -t build --projects=edge,shell,catalog,product,cart-checkout,account,appointments,federation --outputStyle=static
RUN mkdir -p /out/tools/release /out/dist/apps /out/dist/libs \
  && cp tools/package.json /out/tools/ \
  && cp tools/release/*.mjs /out/tools/release/ \
  && cp -r dist/libs/federation /out/dist/libs/ \
  && for app in edge shell catalog product cart-checkout account appointments; do cp -r "dist/apps/$app" /out/dist/apps/; done

# 3. Production dependencies only (semver for the release CLI, and what the edge may import).
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

# 4. The image: Node, the edge and release CLI, the builds, production node_modules.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4200
WORKDIR /app
COPY --from=prod-deps /workspace/node_modules ./node_modules
COPY --from=build /out/ ./
# The deploy root: a volume in production; owned by the unprivileged user so the edge can write
# its release signal (.signal/) and the release CLI its builds.
RUN mkdir -p /srv/deploy && chown node:node /srv/deploy
USER node
EXPOSE 4200
# Liveness (the process answers); readiness (not draining, a deploy to serve) is GET /readyz.
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4200) + '/livez').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains (EDGE_DRAIN_MS); node is PID 1 and handles the signal itself.
CMD ["node", "dist/apps/edge/main.js", "--root", "/srv/deploy"]
