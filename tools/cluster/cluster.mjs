// A cluster of the store on this machine, with real parts (issues 21 and 38): PostgreSQL
// (Debian's package, durable), PgBouncer (Debian's package) in transaction mode in front of it,
// N API instances, M worker processes and K edge instances as separate processes, HAProxy
// (Debian's package) in front with health checks, and Varnish (Debian's, with xkey from
// varnish-modules) in front of it as the shared page cache (issue 39): one URL for shoppers, one
// for the edges' API calls. Every process but PostgreSQL runs under the supervisor `npm start` uses
// (tools/scripts/supervise.mjs): a crashed one is started again, 1 s, 2 s, 4 s ... apart.
// `npm run cluster` starts one (main.mjs); the cluster bench and the failover check use this.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, closeSync, openSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureDebianPackage, ensurePgBouncer, ensurePostgres, pgbouncerBin, serverUser, startPostgres } from '../scripts/postgres.mjs';
import { supervise } from '../scripts/supervise.mjs';
import { ensureVarnish, varnishdBin } from '../scripts/varnish.mjs';
import { pgbouncerAuthFile, pgbouncerConfig } from './pgbouncer.mjs';
import { metricsPorts, prometheusArgs, prometheusBin, prometheusConfig } from './prometheus.mjs';
import { clusterVcl, varnishArgs } from './varnish.mjs';

const haproxyPresent = () => spawnSync('sh', ['-c', 'command -v haproxy || test -x /usr/sbin/haproxy'], { stdio: 'ignore' }).status === 0;
const HAPROXY = () => spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim() || '/usr/sbin/haproxy';

/**
 * Why a cluster cannot run here (PostgreSQL, PgBouncer, HAProxy or, with the cache, Varnish and
 * its xkey module missing and not installable), or null.
 */
export function ensureClusterParts({ cache = true } = {}) {
  return ensurePostgres() ?? ensurePgBouncer() ?? ensureDebianPackage('haproxy', haproxyPresent) ?? (cache ? ensureVarnish() : null);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `check` passes. Gives up when `failed()` names a reason (the process exited before
 * it was ready), when the cluster is stopping, or after `seconds`.
 * @param {string} what
 * @param {() => Promise<boolean>} check
 * @param {number} seconds
 * @param {{ failed?: () => string | null, stopping?: () => boolean }} [options]
 */
async function waitUntil(what, check, seconds, { failed = () => null, stopping = () => false } = {}) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (stopping()) throw new Error(`${what}: the cluster is stopping`);
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    const why = failed();
    if (why) throw new Error(`${what}: ${why}`);
    if (Date.now() > deadline) throw new Error(`${what} did not answer within ${seconds} s`);
    await sleep(200);
  }
}

const answers = (url) => async () => (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
const queryAnswers = (connectionString) => async () => {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } finally {
    await client.end().catch(() => undefined);
  }
};

/**
 * The HAProxy configuration: shoppers' frontend -> edges (health: /readyz, which does not depend
 * on the API, so the edges keep serving the shell when the API is down), the internal API
 * frontend -> API instances (health: /ready, which turns 503 as soon as an instance drains).
 * A request whose connection fails is sent again to another server (it never reached one). One
 * whose server died before answering, or answered nothing in time, is sent again only when a
 * repeat cannot apply a write twice: a read, or a write carrying an Idempotency-Key (the API
 * answers a repeat with the first answer, whichever instance got it; issue 38: replayed bare
 * POSTs had applied 3 of 8,734 cart adds twice).
 */
export function haproxyConfig({ port, apiPort, edges, apis, host = '127.0.0.1', apiBalancer = 'http' }) {
  const servers = (list, name, check) => list.map((p, i) => `  server ${name}${i} 127.0.0.1:${p} check ${check}`).join('\n');
  // The Kubernetes path (deploy/k8s: edge -> Service): a plain TCP balancer in front of the API
  // instances, as kube-proxy is. A connection stays on the instance it reached, a request is never
  // sent again by it, and a stopped instance keeps its open connections (only new ones avoid it
  // once its readiness fails): what the edge's own retries (apps/edge/src/proxy/proxy.ts) face.
  const apiSections =
    apiBalancer === 'tcp'
      ? `frontend api
  mode tcp
  no option http-buffer-request
  bind 127.0.0.1:${apiPort}
  default_backend apis

backend apis
  mode tcp
  no option http-buffer-request
  balance roundrobin
  retries 0
  option httpchk GET /ready
  http-check expect status 200
${servers(apis, 'api', '')}`
      : `frontend api
  bind 127.0.0.1:${apiPort}
  acl keyed req.hdr(idempotency-key) -m found
  http-request disable-l7-retry if !METH_GET !METH_HEAD !METH_OPTIONS !keyed
  default_backend apis

backend apis
  balance leastconn
  option httpchk GET /ready
  http-check expect status 200
${servers(apis, 'api', '')}`;
  return `global
  maxconn 4000
  log stdout format raw local0 warning

defaults
  mode http
  log global
  option dontlognull
  timeout connect 1s
  timeout client 60s
  timeout server 30s
  timeout http-request 10s
  timeout queue 10s
  option redispatch
  retries 3
  retry-on conn-failure empty-response response-timeout
  option http-buffer-request
  default-server inter 500ms fastinter 250ms downinter 1s fall 2 rise 2 on-marked-down shutdown-sessions

frontend shop
  bind ${host}:${port}
  option forwardfor
  acl keyed req.hdr(idempotency-key) -m found
  http-request disable-l7-retry if !METH_GET !METH_HEAD !METH_OPTIONS !keyed
  default_backend edges

backend edges
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
${servers(edges, 'edge', '')}

${apiSections}
`;
}

/** Where each part listens when no option says otherwise: offsets from `basePort`. */
export const PORT_OFFSETS = { postgres: 0, apiLb: 1, pgbouncer: 2, balancer: 3, api: 10, admin: 20, edge: 30 };

/**
 * Every port of a cluster, each from its option, else the shoppers' 8080 and the others from
 * `basePort` (PORT_OFFSETS); an instance's port is its first port + its index. With the cache
 * (Varnish on the shoppers' port), HAProxy's shoppers' frontend moves to `balancer`; without it,
 * HAProxy takes the shoppers' port. Throws when two parts would share a port or one is out of
 * range, naming them.
 * @param {{ apis: number, edges: number, cache?: boolean, basePort?: number, port?: number, postgresPort?: number,
 *   pgbouncerPort?: number, balancerPort?: number, apiLbPort?: number, apiPort?: number, adminPort?: number, edgePort?: number }} options
 */
export function clusterPorts({
  apis,
  edges,
  cache = false,
  basePort = 18000,
  port = 8080,
  postgresPort,
  pgbouncerPort,
  balancerPort,
  apiLbPort,
  apiPort,
  adminPort,
  edgePort,
}) {
  const range = (first, n) => Array.from({ length: n }, (_, i) => first + i);
  const ports = {
    shop: port,
    ...(cache ? { balancer: balancerPort ?? basePort + PORT_OFFSETS.balancer } : {}),
    postgres: postgresPort ?? basePort + PORT_OFFSETS.postgres,
    pgbouncer: pgbouncerPort ?? basePort + PORT_OFFSETS.pgbouncer,
    apiLb: apiLbPort ?? basePort + PORT_OFFSETS.apiLb,
    apis: range(apiPort ?? basePort + PORT_OFFSETS.api, apis),
    admins: range(adminPort ?? basePort + PORT_OFFSETS.admin, apis),
    edges: range(edgePort ?? basePort + PORT_OFFSETS.edge, edges),
  };
  const owners = new Map();
  const problems = [];
  for (const [part, value] of Object.entries(ports)) {
    for (const [i, p] of (Array.isArray(value) ? value : [value]).entries()) {
      const name = Array.isArray(value) ? `${part.replace(/s$/, '')}${i}` : part;
      if (!Number.isInteger(p) || p < 1 || p > 65535) problems.push(`${name}: port ${p} is not a port`);
      else if (owners.has(p)) problems.push(`${owners.get(p)} and ${name} both on port ${p}`);
      else owners.set(p, name);
    }
  }
  if (problems.length) throw new Error(`The cluster's ports clash: ${problems.join('; ')} (set them apart with the port options)`);
  return ports;
}

/**
 * Makes a cluster; nothing runs until `start()`. `stop()` may be called at any time (while it
 * starts, after a part died, twice): it stops what runs, PostgreSQL included, and removes the
 * temporary folders.
 * @param {object} options
 * @param {string} options.workspace the repository (built: dist/ and the deploy root's builds)
 * @param {string} options.root a deploy root with the builds (tools/release/deploy.mjs)
 * @param {number} [options.apis] API instances (2)
 * @param {number} [options.edges] edge instances (2)
 * @param {number} [options.workers] worker processes (`main.js worker`; 1): they run the job queue
 * @param {number} [options.port] the one URL's port (8080)
 * @param {string} [options.host] the address the one URL listens on (127.0.0.1)
 * @param {number} [options.basePort] first port of the parts behind it (18000; clusterPorts)
 * @param {number} [options.postgresPort] PostgreSQL's (basePort)
 * @param {number} [options.pgbouncerPort] PgBouncer's (basePort + 2)
 * @param {boolean} [options.cache] Varnish in front of HAProxy, on `port` (true); false: HAProxy on `port`
 * @param {number} [options.balancerPort] with the cache, HAProxy's shoppers' frontend (basePort + 3)
 * @param {number} [options.apiLbPort] HAProxy's API frontend (basePort + 1)
 * @param {number} [options.apiPort] the first API instance's (basePort + 10; the next ones + 1 each)
 * @param {number} [options.adminPort] the first API instance's admin listener (basePort + 20)
 * @param {number} [options.edgePort] the first edge instance's (basePort + 30)
 * @param {number} [options.poolSize] PgBouncer's server connections (10; DB_POOL_MAX per process is 5)
 * @param {boolean} [options.durable] PostgreSQL with fsync on (true; postgres.mjs: off only to
 *   measure what durability costs)
 * @param {Record<string,string>} [options.env] more environment for the API and worker processes
 * @param {'http' | 'tcp'} [options.apiBalancer] what stands between the edges and the API instances:
 *   HAProxy in HTTP mode (retries a request on another instance when that is safe), or a plain TCP
 *   balancer (the Kubernetes Service path)
 * @param {string} [options.apiEntry] the API's built entry (dist/apps/api/main.js)
 * @param {string} [options.edgeEntry] the edge's entry (dist/apps/edge/main.js, the build of apps/edge)
 * @param {boolean | string} [options.prometheus] run Prometheus scraping every instance (true), or why it is missing (a string, said at start; false: nothing said)
 * @param {number} [options.prometheusPort] Prometheus's UI and API (basePort + 4; the instances' metrics ports: prometheus.mjs metricsPorts)
 * @param {(line: string) => void} [options.log]
 */
export function createCluster({
  workspace,
  root,
  apis = 2,
  edges = 2,
  workers = 1,
  port = 8080,
  host = '127.0.0.1',
  basePort = 18000,
  postgresPort,
  pgbouncerPort,
  cache = true,
  balancerPort,
  apiLbPort,
  apiPort,
  adminPort,
  edgePort,
  poolSize = 10,
  durable = true,
  env = {},
  apiBalancer = 'http',
  apiEntry = join(workspace, 'dist/apps/api/main.js'),
  edgeEntry = join(workspace, 'dist/apps/edge/main.js'),
  prometheus = false,
  prometheusPort,
  log = console.log,
}) {
  const ports = clusterPorts({ apis, edges, cache, basePort, port, postgresPort, pgbouncerPort, balancerPort, apiLbPort, apiPort, adminPort, edgePort });
  // Every instance's metrics on a loopback port of its own, never its public one (docs/adr/055).
  const metrics = metricsPorts({ basePort, edges, apis, workers, prometheusPort });
  // Where HAProxy takes shoppers: behind Varnish, or the shoppers' port itself.
  const balancer = cache ? ports.balancer : ports.shop;
  const local = (p) => `http://127.0.0.1:${p}`;
  let stopping = false;
  let stopped = null;
  let scratch = null;
  let pg = null;
  /** Every process started, until it exits: what a stop ends whatever else happened. */
  const children = new Set();

  /**
   * A part: a supervised process (restarted when it dies), its readiness, and the faults the
   * failover check makes (kill, pause).
   * @param {string} name
   * @param {{ command: string, args: string[], spawnOptions?: import('node:child_process').SpawnOptions,
   *   ready: () => Promise<boolean>, graceMs?: number, logFile?: string,
   *   onStart?: (child: import('node:child_process').ChildProcess) => void }} how
   */
  function part(name, { command, args, spawnOptions = {}, ready, graceMs = 5_000, logFile, onStart = () => {} }) {
    let supervisor = null;
    // The log file stays open while the part may be started again.
    let logFd = null;
    const self = {
      name,
      logFile,
      /** How the last process ended: its exit status or signal (null while none has). */
      lastExit: null,
      /** The running process, or null between a crash and its restart. */
      get child() {
        return supervisor?.child ?? null;
      },
      /** How many times the supervisor started it again. */
      get restarts() {
        return supervisor?.restarts ?? 0;
      },
      start() {
        if (stopping) throw new Error(`${name}: the cluster is stopping`);
        if (supervisor) return self;
        supervisor = supervise({
          name,
          command,
          args,
          spawnOptions: logFile ? { ...spawnOptions, stdio: ['ignore', (logFd = openSync(logFile, 'a')), logFd] } : spawnOptions,
          log: (line) => log(`  ${line}`),
          onStart(child) {
            children.add(child);
            child.once('exit', (code, signal) => {
              children.delete(child);
              self.lastExit = signal ?? code;
            });
            onStart(child);
          },
        });
        return self;
      },
      /**
       * Until it answers. `startup`: an exit before that is a refusal to start (configuration, a
       * port in use, a schema it does not know), not a crash to restart from: it fails.
       */
      async ready(seconds = 120, { startup = false } = {}) {
        await waitUntil(name, ready, seconds, {
          failed: () => (startup && self.exited ? `it exited before it was ready${logFile ? ` (its log: ${logFile})` : ''}` : null),
          stopping: () => stopping,
        });
      },
      /** Whether it exited (crashed or refused to start) since it was first started. */
      get exited() {
        return Boolean(supervisor && supervisor.delays.length > 0);
      },
      /** Stops the process without ending it (SIGSTOP): it holds its connections and answers nothing. */
      pause() {
        self.child?.kill('SIGSTOP');
      },
      resume() {
        self.child?.kill('SIGCONT');
      },
      /** A crash (SIGKILL by default): returns once the process is gone; the supervisor starts it again. */
      async kill(signal = 'SIGKILL') {
        const child = self.child;
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // A paused process takes no signal but SIGKILL until it runs again.
        child.kill('SIGCONT');
        child.kill(signal);
        await exited;
      },
      /** The end: no restart; SIGTERM (the graceful stop), SIGKILL after `graceMs`. */
      async stop() {
        if (!supervisor) return;
        self.child?.kill('SIGCONT');
        await supervisor.stop(graceMs);
        if (logFd !== null) closeSync(logFd);
        logFd = null;
      },
    };
    return self;
  }

  const direct = () => pg.url;
  const pooled = () => `postgres://postgres@127.0.0.1:${ports.pgbouncer}/${pg.database}`;
  // The API's and the worker's environment: PostgreSQL through PgBouncer, never migrating (the
  // migrate step did), statements unnamed (PgBouncer 1.18 in transaction mode: pgbouncer.mjs).
  const appEnv = (extra) => ({
    ...process.env,
    DATABASE_URL: pooled(),
    MIGRATE_ON_START: 'false',
    DB_NAMED_STATEMENTS: 'false',
    // A few connections per process: on a machine with few cores, more connections than cores
    // only queue inside PostgreSQL (measured: cart p99 62 ms with 20, 38 ms with 5).
    DB_POOL_MAX: process.env.DB_POOL_MAX || '5',
    LOG_LEVEL: 'warn',
    ...extra,
    ...env,
  });

  let pgbouncer = null;
  let lb = null;
  let varnish = null;
  let prometheusPart = null;
  const apiParts = [];
  const workerParts = [];
  const edgeParts = [];
  const lbLog = () => join(scratch, 'haproxy.log');

  async function stop() {
    stopping = true;
    stopped ??= (async () => {
      // Shoppers' side first, then the API and the workers (their drain), then the pool.
      await prometheusPart?.stop().catch(() => undefined);
      await varnish?.stop().catch(() => undefined);
      await Promise.all(edgeParts.map((p) => p.stop().catch(() => undefined)));
      await lb?.stop().catch(() => undefined);
      await Promise.all([...apiParts, ...workerParts].map((p) => p.stop().catch(() => undefined)));
      await pgbouncer?.stop().catch(() => undefined);
      // Whatever still runs (a process that ignored its SIGTERM past its grace, a restart that
      // raced the stop).
      for (const child of children) child.kill('SIGKILL');
      pg?.stop();
      if (scratch) await rm(scratch, { recursive: true, force: true });
    })();
    return stopped;
  }

  async function start() {
    scratch = await mkdtemp(join(tmpdir(), 'eyewear-cluster-'));
    if (stopping) return;
    // Durable (fsync on), as a production server: postgres.mjs says why.
    pg = startPostgres({ port: ports.postgres, database: 'eyewear', durable });
    log(`  postgresql      ${pg.url}`);
    if (stopping) return;

    // PgBouncer runs as the server's user when this is root (it refuses root), so its folder is that user's.
    const bouncerDir = join(scratch, 'pgbouncer');
    await mkdir(bouncerDir);
    const user = serverUser();
    if (user.uid !== undefined) {
      await chmod(scratch, 0o711);
      chownSync(bouncerDir, user.uid, user.gid);
    }
    await writeFile(join(bouncerDir, 'userlist.txt'), pgbouncerAuthFile('postgres'));
    await writeFile(
      join(bouncerDir, 'pgbouncer.ini'),
      pgbouncerConfig({
        port: ports.pgbouncer,
        serverPort: ports.postgres,
        database: pg.database,
        user: 'postgres',
        authFile: join(bouncerDir, 'userlist.txt'),
        poolSize,
        maxClientConn: 200,
      }),
    );
    pgbouncer = part('pgbouncer', {
      command: pgbouncerBin() ?? 'pgbouncer',
      args: [join(bouncerDir, 'pgbouncer.ini')],
      spawnOptions: { ...user },
      ready: queryAnswers(pooled()),
      logFile: join(scratch, 'pgbouncer.log'),
    }).start();
    await pgbouncer.ready(30, { startup: true });
    log(`  pgbouncer       postgres://postgres@127.0.0.1:${ports.pgbouncer}/${pg.database} (transaction pooling, ${poolSize} server connections)`);

    // The schema (and in local mode the demo seed), once, straight to PostgreSQL: the deploy's
    // migrate step (deploy/k8s/api-migrate-job.yaml does the same, past PgBouncer).
    const migrated = await new Promise((resolve) => {
      const child = spawn(process.execPath, [apiEntry, 'migrate'], {
        cwd: workspace,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, ...env, DATABASE_URL: direct(), DB_POOL_MAX: '1', LOG_LEVEL: 'warn' },
      });
      children.add(child);
      child.once('exit', (code, signal) => {
        children.delete(child);
        resolve(signal ?? code);
      });
    });
    if (stopping) return;
    if (migrated !== 0) throw new Error(`the migrate step failed (${migrated})`);
    log('  migrate         done (straight to PostgreSQL)');

    apiParts.push(
      ...ports.apis.map((p, i) =>
        part(`api${i}`, {
          command: process.execPath,
          args: [apiEntry],
          spawnOptions: {
            cwd: workspace,
            stdio: ['ignore', 'ignore', 'inherit'],
            // Each instance's admin listener (local mode) on its own loopback port.
            env: appEnv({
              PORT: String(p),
              HOST: '127.0.0.1',
              ADMIN_PORT: String(ports.admins[i]),
              API_METRICS_PORT: String(metrics.apis[i]),
              DB_APPLICATION_NAME: `eyewear-api-${i}`,
            }),
          },
          ready: answers(`http://127.0.0.1:${p}/ready`),
          // Above the API's own drain bound (API_DRAIN_MS, 10 s).
          graceMs: 15_000,
        }),
      ),
    );
    await Promise.all(apiParts.map((p) => p.start().ready(180, { startup: true })));
    log(`  api             ${ports.apis.map((p) => `127.0.0.1:${p}`).join(', ')} (admin ${ports.admins.map((p) => `127.0.0.1:${p}`).join(', ')})`);

    if (workers > 0) {
      for (let i = 0; i < workers; i += 1) {
        let started = false;
        workerParts.push(
          part(`worker${i}`, {
            command: process.execPath,
            args: [apiEntry, 'worker'],
            spawnOptions: {
              cwd: workspace,
              stdio: ['ignore', 'pipe', 'inherit'],
              env: appEnv({ DB_APPLICATION_NAME: `eyewear-worker-${i}`, API_METRICS_PORT: String(metrics.workers[i]) }),
            },
            // A worker serves no HTTP: it is ready once it says it started (jobs/worker.ts), which
            // each start (a restart too) says again; the rest of its output is dropped.
            ready: async () => started,
            onStart(child) {
              started = false;
              child.stdout?.on('data', (chunk) => {
                if (/"msg":"worker started"/.test(String(chunk))) started = true;
              });
            },
            graceMs: 15_000,
          }).start(),
        );
      }
      try {
        await Promise.all(workerParts.map((p) => p.ready(120, { startup: true })));
        log(`  worker          ${workers} process${workers === 1 ? '' : 'es'} (the job queue)`);
      } catch (error) {
        // An API built before `main.js worker` existed answers "Unknown command" (64): no workers then.
        if (!workerParts.some((p) => p.lastExit === 64)) throw error;
        await Promise.all(workerParts.map((p) => p.stop()));
        workerParts.length = 0;
        log('  worker          skipped: this API build has no `worker` command (rebuild it: npx nx run api:build); queued jobs wait');
      }
    } else {
      log('  worker          none (--workers 0): queued jobs wait');
    }

    const configFile = join(scratch, 'haproxy.cfg');
    await writeFile(
      configFile,
      haproxyConfig({ port: balancer, host: cache ? '127.0.0.1' : host, apiPort: ports.apiLb, edges: ports.edges, apis: ports.apis, apiBalancer }),
    );
    // Its log (servers going down and up) in a file: printed when it does not start.
    lb = part('haproxy', {
      command: HAPROXY(),
      args: ['-db', '-f', configFile],
      ready: answers(`${local(balancer)}/readyz`),
      logFile: lbLog(),
    }).start();
    await waitUntil('haproxy (API frontend)', answers(`http://127.0.0.1:${ports.apiLb}/ready`), 30, {
      failed: () => (lb.exited ? 'it exited' : null),
      stopping: () => stopping,
    }).catch(async (error) => {
      throw new Error(`${error.message}\n${await readFile(lbLog(), 'utf8').catch(() => '')}`);
    });

    edgeParts.push(
      ...ports.edges.map((p, i) =>
        part(`edge${i}`, {
          command: process.execPath,
          args: [edgeEntry, '--root', root, '--port', String(p), '--api', `http://127.0.0.1:${ports.apiLb}`],
          spawnOptions: {
            cwd: workspace,
            stdio: ['ignore', 'ignore', 'inherit'],
            env: {
              ...process.env,
              EDGE_INSTANCE: `edge${i}`,
              EDGE_METRICS_PORT: String(metrics.edges[i]),
              // HAProxy and Varnish (both on loopback): their X-Forwarded-For is believed.
              EDGE_TRUST_PROXY: '127.0.0.1',
              EDGE_DRAIN_MS: '3000',
              // The edges purge Varnish's pages by key (xkey) when what they show changes.
              ...(cache ? { CDN_PURGE: 'varnish', CDN_PURGE_URLS: local(ports.shop) } : {}),
            },
          },
          ready: answers(`http://127.0.0.1:${p}/readyz`),
        }),
      ),
    );
    await Promise.all(edgeParts.map((p) => p.start().ready(120, { startup: true })));
    log(`  edge            ${ports.edges.map((p) => `127.0.0.1:${p}`).join(', ')}`);
    await lb.ready(30);
    log(
      `  haproxy         ${cache ? '127.0.0.1' : host}:${balancer} (shoppers${cache ? ', behind Varnish' : ''}), 127.0.0.1:${ports.apiLb} (API, ${apiBalancer === 'tcp' ? 'plain TCP, as a Kubernetes Service' : 'HTTP'})`,
    );
    await startPrometheus();
    if (!cache) return;

    // Varnish in front of HAProxy: the checked-in VCL, its backend this cluster's HAProxy. As root
    // varnishd drops to Debian's varnish users: its folder (and the VCL in it) must be theirs to read.
    const varnishDir = join(scratch, 'varnish');
    await mkdir(varnishDir, { mode: 0o755 });
    await chmod(scratch, 0o711);
    const vclFile = join(varnishDir, 'cluster.vcl');
    await writeFile(vclFile, clusterVcl({ workspace, host: '127.0.0.1', port: balancer }), { mode: 0o644 });
    varnish = part('varnish', {
      command: varnishdBin() ?? 'varnishd',
      args: varnishArgs({ workDir: join(varnishDir, 'work'), vclFile, listen: `${host}:${ports.shop}` }),
      ready: answers(`${local(ports.shop)}/readyz`),
      logFile: join(scratch, 'varnish.log'),
    }).start();
    await varnish.ready(60, { startup: true }).catch(async (error) => {
      throw new Error(`${error.message}\n${await readFile(join(scratch, 'varnish.log'), 'utf8').catch(() => '')}`);
    });
    log(`  varnish         ${host}:${ports.shop} (shoppers; the page cache, in front of HAProxy; purged by the edges)`);
  }

  /** Prometheus scraping every instance started (workers that were skipped are not scraped), or says why not. */
  async function startPrometheus() {
    if (prometheus !== true) {
      if (prometheus) log(`  prometheus      missing: ${prometheus} (the instances still serve their metrics: ${local(metrics.edges[0] ?? 0)}/metrics)`);
      return;
    }
    const dir = join(scratch, 'prometheus');
    await mkdir(dir);
    const configFile = join(dir, 'prometheus.yml');
    await writeFile(configFile, prometheusConfig({ edges: metrics.edges, apis: metrics.apis, workers: metrics.workers.slice(0, workerParts.length) }));
    prometheusPart = part('prometheus', {
      command: prometheusBin() ?? 'prometheus',
      args: prometheusArgs({ configFile, dataDir: join(dir, 'data'), listen: `127.0.0.1:${metrics.prometheus}` }),
      ready: answers(`${local(metrics.prometheus)}/-/ready`),
      logFile: join(dir, 'prometheus.log'),
    }).start();
    await prometheusPart.ready(60, { startup: true }).catch(async (error) => {
      throw new Error(`${error.message}\n${await readFile(join(dir, 'prometheus.log'), 'utf8').catch(() => '')}`);
    });
    log(
      `  prometheus      ${local(metrics.prometheus)}/ (scraping ${edges} edge, ${apis} API and ${workerParts.length} worker instances every 5 s; metrics ports: edges ${metrics.edges.join(', ')}, APIs ${metrics.apis.join(', ')}${workerParts.length ? `, workers ${metrics.workers.slice(0, workerParts.length).join(', ')}` : ''})`,
    );
  }

  const cluster = {
    ports,
    metricsPorts: metrics,
    /** Prometheus's URL (null when it does not run). */
    get prometheusUrl() {
      return prometheusPart ? local(metrics.prometheus) : null;
    },
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${ports.shop}`,
    /** HAProxy's shoppers' frontend (behind Varnish with the cache; the same as `url` without). */
    balancerUrl: local(balancer),
    cache,
    apiUrl: `http://127.0.0.1:${ports.apiLb}`,
    apiUrls: ports.apis.map((p) => `http://127.0.0.1:${p}`),
    adminUrls: ports.admins.map((p) => `http://127.0.0.1:${p}`),
    /** PostgreSQL itself (the migrate step's, and checks'). */
    get databaseUrl() {
      return pg?.url ?? null;
    },
    /** Through PgBouncer (the API's and the workers'). */
    get pooledDatabaseUrl() {
      return pg ? pooled() : null;
    },
    get scratch() {
      return scratch;
    },
    apis: apiParts,
    workers: workerParts,
    edges: edgeParts,
    get pgbouncer() {
      return pgbouncer;
    },
    get lb() {
      return lb;
    },
    /** Varnish (null without the cache). */
    get varnish() {
      return varnish;
    },
    get lbLog() {
      return scratch ? lbLog() : null;
    },
    /** Every running process's pid (PostgreSQL's are pg_ctl's, not these). */
    get pids() {
      return [...children].map((child) => child.pid);
    },
    /** Starts it; on a failure stops what started and throws. */
    async start() {
      try {
        await start();
      } catch (error) {
        await stop();
        throw error;
      }
      if (stopping) throw new Error('the cluster was stopped while it started');
      return cluster;
    },
    stop,
  };
  return cluster;
}

/** Makes a cluster and starts it (createCluster's options). */
export async function startCluster(options) {
  return createCluster(options).start();
}
