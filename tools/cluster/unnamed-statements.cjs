// Preloaded (`node --require`) into the cluster's API and worker processes, which reach
// PostgreSQL through PgBouncer 1.18 in transaction mode (tools/cluster/pgbouncer.mjs): with
// DB_NAMED_STATEMENTS=false, a statement the API gives a name (apps/api/src/db/database.ts,
// `prepared`) is sent unnamed. PgBouncer 1.18 cannot keep a named statement: a client's next
// transaction may get another server connection, where the name is missing ("prepared statement
// ... does not exist", 26000) or is another client's ("... already exists", 42P05). An unnamed
// statement is parsed with each execution, in the same round trip.
//
// Cluster only (the Kubernetes image's PgBouncer, 1.21+, keeps named statements). A stopgap: the
// API is to read DB_NAMED_STATEMENTS itself (docs/adr/045); once it does, this file goes.
'use strict';

if (process.env.DB_NAMED_STATEMENTS === 'false') {
  const { Client } = require('pg');
  const query = Client.prototype.query;
  Client.prototype.query = function unnamedQuery(config, values, callback) {
    if (config && typeof config === 'object' && typeof config.submit !== 'function' && config.name !== undefined) {
      const { name: _name, ...unnamed } = config;
      return query.call(this, unnamed, values, callback);
    }
    return query.call(this, config, values, callback);
  };
}
