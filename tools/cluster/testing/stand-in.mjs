#!/usr/bin/env node
// A stand-in for the API and the edge in the cluster tool's own test (tools/cluster/
// cluster.test.ts): the same command lines as theirs (`main.js`, `main.js migrate`, `main.js
// worker`; `edge.mjs --port P ...`), no build needed. The API's readiness asks PostgreSQL through
// DATABASE_URL (PgBouncer) with a named statement unless DB_NAMED_STATEMENTS=false, as the API
// does (apps/api/src/db/database.ts `prepared`), so the cluster's pooling and its statement
// setting are on the path. Every answer names this process's pid.
import { createServer } from 'node:http';
import pg from 'pg';

const [command] = process.argv.slice(2);
const flag = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
};

if (command === 'migrate') {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query('select 1');
  await client.end();
  process.exit(0);
}

const pool = process.env.DATABASE_URL ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 }) : null;
pool?.on('error', () => undefined);
const stop = () => {
  void Promise.resolve(pool?.end()).finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

if (command === 'worker') {
  console.log(JSON.stringify({ level: 'info', msg: 'worker started', pid: process.pid }));
  setInterval(() => undefined, 1000);
} else {
  const port = Number(flag('port') ?? process.env.PORT);
  createServer(async (req, res) => {
    let database = null;
    res.setHeader('content-type', 'application/json');
    try {
      // Named, as the API's: through PgBouncer 1.18 in transaction mode, concurrent readiness
      // checks fail ("prepared statement ... already exists") unless the name is dropped.
      if (pool && req.url === '/ready')
        database = (await pool.query({ ...(process.env.DB_NAMED_STATEMENTS === 'false' ? {} : { name: 'ready' }), text: 'select $1::int as n', values: [1] }))
          .rows[0].n;
    } catch (error) {
      res.statusCode = 503;
      database = error.message;
    }
    res.end(JSON.stringify({ pid: process.pid, database }));
  }).listen(port, '127.0.0.1');
}
