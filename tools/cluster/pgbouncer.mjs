// PgBouncer between the API (and worker) processes and PostgreSQL (issue 38; docs/adr/045):
// Debian's `pgbouncer` package in transaction mode, bookworm's 1.18 on this machine. One place
// says how it is set up: the cluster writes its configuration with `pgbouncerConfig`, and the
// Kubernetes ConfigMap (deploy/k8s/pgbouncer-config.yaml, trixie's 1.21+ in its image) carries
// the same settings, which tools/cluster/pgbouncer.test.ts compares.
//
// What transaction pooling asks of the clients (checked in the API's code, docs/adr/045):
// - advisory locks only for a transaction (`pg_advisory_xact_lock`), never for a session: a
//   session's lock would stay on a server connection other clients then get;
// - `set local` only, never a session's `set`; no LISTEN, no temporary tables, no cursors WITH
//   HOLD;
// - no named prepared statements before PgBouncer 1.21: 1.18 hands a client's next transaction to
//   any server connection, where its statement is missing ("prepared statement ... does not
//   exist") or another client's of the same name is ("... already exists"). The API names its
//   statements (apps/api/src/db/database.ts, `prepared`): the cluster's processes run unnamed
//   (DB_NAMED_STATEMENTS=false, which the API reads: apps/api/src/db/database.ts `prepared`).
//   The image's PgBouncer keeps them (max_prepared_statements);
// - no startup parameters PgBouncer does not know: node-postgres sends `statement_timeout` as one
//   (DB_STATEMENT_TIMEOUT_MS), which PgBouncer refuses unless told to ignore it. It is ignored, and
//   the server connections get the timeout from PgBouncer instead (`connect_query`).
// The migrate step does not go through PgBouncer: it connects to PostgreSQL itself (its lock and
// its `set local statement_timeout = 0` would work through it, but a schema change wants the
// server, not a pool that queues it behind the store's traffic).

/**
 * The settings the cluster and the Kubernetes ConfigMap share (pool sizes differ: the cluster's
 * are for one small machine, the ConfigMap's for the arithmetic in docs/production.md).
 */
export const SHARED_SETTINGS = {
  pool_mode: 'transaction',
  // node-postgres sends statement_timeout at connect; the server side gets it from connect_query.
  ignore_startup_parameters: 'statement_timeout,extra_float_digits',
  // A client waits this long (s) for a server connection, then is told the database is away
  // (the API answers 503 with Retry-After), rather than holding a shopper for PgBouncer's 120 s.
  query_wait_timeout: '10',
  // A client that opens a transaction and goes quiet gives its server connection back (s).
  idle_transaction_timeout: '30',
  server_lifetime: '3600',
  server_idle_timeout: '600',
  log_connections: '0',
  log_disconnections: '0',
  log_pooler_errors: '1',
};

/** The statement timeout every server connection gets (ms): the API's DB_STATEMENT_TIMEOUT_MS default. */
export const STATEMENT_TIMEOUT_MS = 5000;

/**
 * The cluster's pgbouncer.ini: listens on 127.0.0.1 only (no Unix socket), lets the loopback
 * clients in as the cluster's PostgreSQL does (trust; PgBouncer still wants the user in its
 * auth file), and pools one database.
 * @param {object} options
 * @param {number} options.port PgBouncer's port
 * @param {number} options.serverPort PostgreSQL's port (on 127.0.0.1)
 * @param {string} options.database
 * @param {string} options.user the server's user (the cluster's: postgres)
 * @param {string} options.authFile the auth file's path (`pgbouncerAuthFile`)
 * @param {number} [options.poolSize] server connections per database and user
 * @param {number} [options.reservePoolSize] more when a client has waited reserve_pool_timeout
 * @param {number} [options.maxClientConn]
 */
export function pgbouncerConfig({ port, serverPort, database, user, authFile, poolSize = 10, reservePoolSize = 2, maxClientConn = 200 }) {
  return `; Written by tools/cluster/pgbouncer.mjs for one cluster run.
[databases]
${database} = host=127.0.0.1 port=${serverPort} dbname=${database} user=${user} connect_query='set statement_timeout = ${STATEMENT_TIMEOUT_MS}'

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${authFile}
admin_users = ${user}
max_client_conn = ${maxClientConn}
default_pool_size = ${poolSize}
reserve_pool_size = ${reservePoolSize}
reserve_pool_timeout = 3
max_db_connections = ${poolSize + reservePoolSize}
${Object.entries(SHARED_SETTINGS)
  .map(([key, value]) => `${key} = ${value}`)
  .join('\n')}
`;
}

/** The auth file: with trust, only the user's name counts. */
export function pgbouncerAuthFile(user) {
  return `"${user}" ""\n`;
}

/** Settings of an ini text's [pgbouncer] section, for comparing two configurations. */
export function iniSection(text, section = 'pgbouncer') {
  const settings = {};
  let current = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith(';') || line.startsWith('#')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      current = header[1];
      continue;
    }
    const match = /^([^=]+?)\s*=\s*(.*)$/.exec(line);
    if (match && current === section) settings[match[1]] = match[2];
  }
  return settings;
}
