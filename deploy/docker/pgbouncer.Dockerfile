# syntax=docker/dockerfile:1
# PgBouncer between the API (and worker) pods and PostgreSQL (docs/adr/045): Debian's package in
# transaction mode. Debian trixie's, not bookworm's: bookworm has 1.18, which cannot keep the
# named prepared statements the API sends (apps/api/src/db/database.ts); 1.21 and later keep them
# with max_prepared_statements (deploy/k8s/pgbouncer-config.yaml), and the build refuses an older
# one. (`npm run cluster` runs bookworm's 1.18 with the statements unnamed: ADR 045.) Build from the
# repository root (deploy/README.md):
#
#   docker build -f deploy/docker/pgbouncer.Dockerfile -t eyewear-pgbouncer:$(git rev-parse --short HEAD) .
#
# The configuration is the ConfigMap eyewear-pgbouncer-config (deploy/k8s/pgbouncer-config.yaml)
# mounted at /etc/pgbouncer, the auth file the Secret eyewear-pgbouncer-secrets mounted at
# /etc/pgbouncer-auth: nothing of either is baked in. `--build-arg DEBIAN_IMAGE=...` pins a digest.
ARG DEBIAN_IMAGE=debian:trixie-slim

FROM ${DEBIAN_IMAGE} AS runtime
# The package's own service is not used (no init in a container): the CMD runs it in the
# foreground, logging to stderr. Its unprivileged user: uid 1000, as the other images.
RUN apt-get update \
  && apt-get install -y --no-install-recommends pgbouncer \
  && rm -rf /var/lib/apt/lists/* \
  && /usr/sbin/pgbouncer --version | awk 'NR == 1 { split($2, v, "."); exit !(v[1] > 1 || (v[1] == 1 && v[2] >= 21)) }' \
  && useradd --uid 1000 --user-group --no-create-home --shell /usr/sbin/nologin pgbouncer
USER 1000:1000
EXPOSE 6432
# Liveness: the port takes a connection (bash's /dev/tcp; the image has no PostgreSQL client).
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/6432"]
# SIGINT is PgBouncer's safe shutdown (it stops listening, lets transactions in flight finish and
# sends clients that come back to reconnect elsewhere); SIGTERM waits for every client to leave,
# which pooled clients never do. deploy/k8s/pgbouncer-deployment.yaml's preStop sends SIGINT and waits.
CMD ["/usr/sbin/pgbouncer", "/etc/pgbouncer/pgbouncer.ini"]
