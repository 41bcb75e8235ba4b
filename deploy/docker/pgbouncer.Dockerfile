# syntax=docker/dockerfile:1
# PgBouncer between the API (and worker) pods and PostgreSQL (docs/adr/045): Debian's package in
# transaction mode, the same package and version `npm run cluster` and the failover check run
# (1.18 on bookworm), so what they exercise is what ships. Build from the repository root
# (deploy/README.md):
#
#   docker build -f deploy/docker/pgbouncer.Dockerfile -t eyewear-pgbouncer:$(git rev-parse --short HEAD) .
#
# The configuration is the ConfigMap eyewear-pgbouncer-config (deploy/k8s/pgbouncer-config.yaml)
# mounted at /etc/pgbouncer, the auth file the Secret eyewear-pgbouncer-secrets mounted at
# /etc/pgbouncer-auth: nothing of either is baked in. `--build-arg DEBIAN_IMAGE=...` pins a digest.
ARG DEBIAN_IMAGE=debian:bookworm-slim

FROM ${DEBIAN_IMAGE} AS runtime
# The package's own service is not used (no init in a container): the CMD runs it in the
# foreground, logging to stderr. Its unprivileged user: uid 1000, as the other images.
RUN apt-get update \
  && apt-get install -y --no-install-recommends pgbouncer \
  && rm -rf /var/lib/apt/lists/* \
  && useradd --uid 1000 --user-group --no-create-home --shell /usr/sbin/nologin pgbouncer
USER 1000:1000
EXPOSE 6432
# Liveness: the port takes a connection (bash's /dev/tcp; the image has no PostgreSQL client).
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/6432"]
# SIGINT is PgBouncer's safe shutdown (PAUSE: transactions in flight finish; then SHUTDOWN); SIGTERM
# its immediate one. deploy/k8s/pgbouncer-deployment.yaml's preStop sends SIGINT and waits.
CMD ["/usr/sbin/pgbouncer", "/etc/pgbouncer/pgbouncer.ini"]
