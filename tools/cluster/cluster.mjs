// A cluster of the store on this machine, with real parts (issue 21): PostgreSQL (Debian's
// package), N API instances and N edge instances as separate processes, and HAProxy (Debian's
// package) in front with health checks: one URL for shoppers, one for the edges' API calls.
// `npm run cluster` starts one (main.mjs); the cluster bench and the failover check use this.
import { spawn, spawnSync } from 'node:child_process';
import { openSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianPackage, ensurePostgres, startPostgres } from '../scripts/postgres.mjs';

const haproxyPresent = () => spawnSync('sh', ['-c', 'command -v haproxy || test -x /usr/sbin/haproxy'], { stdio: 'ignore' }).status === 0;
const HAPROXY = () => spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim() || '/usr/sbin/haproxy';

/** Why a cluster cannot run here (PostgreSQL or HAProxy missing and not installable), or null. */
export function ensureClusterParts() {
  return ensurePostgres() ?? ensureDebianPackage('haproxy', haproxyPresent);
}

/**
 * @param {string} url
 * @param {number} seconds
 * @param {{ process?: import('node:child_process').ChildProcess | null }} [options]
 */
async function waitFor(url, seconds, { process: child } = {}) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not yet
    }
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode}) before it answered`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

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
  // once its readiness fails): what the edge's own retries (tools/serve/edge-server.mjs) face.
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

/**
 * @param {object} options
 * @param {string} options.workspace the repository (built: dist/ and the deploy root's builds)
 * @param {string} options.root a deploy root with the builds (tools/release/deploy.mjs)
 * @param {number} [options.apis] API instances (2)
 * @param {number} [options.edges] edge instances (2)
 * @param {number} [options.port] the one URL's port (8080)
 * @param {number} [options.basePort] first port of the parts behind it (18000)
 * @param {Record<string,string>} [options.env] more environment for the API instances
 * @param {'http' | 'tcp'} [options.apiBalancer] what stands between the edges and the API instances:
 *   HAProxy in HTTP mode (retries a request on another instance when that is safe), or a plain TCP
 *   balancer (the Kubernetes Service path)
 * @param {(line: string) => void} [options.log]
 */
export async function startCluster({ workspace, root, apis = 2, edges = 2, port = 8080, basePort = 18000, env = {}, apiBalancer = 'http', log = console.log }) {
  const scratch = await mkdtemp(join(tmpdir(), 'eyewear-cluster-'));
  const children = new Set();
  const pg = startPostgres({ port: basePort, database: 'eyewear', maxConnections: 40 + apis * 25 });
  log(`  postgresql      ${pg.url}`);
  const apiLbPort = basePort + 1;
  const apiPorts = Array.from({ length: apis }, (_, i) => basePort + 10 + i);
  const edgePorts = Array.from({ length: edges }, (_, i) => basePort + 30 + i);

  /** A part: a process that can be killed (as a crash or a stop) and started again. */
  function part(name, ready, make) {
    const self = {
      name,
      child: null,
      start() {
        const child = make();
        children.add(child);
        child.on('exit', () => children.delete(child));
        self.child = child;
        return self;
      },
      async ready(seconds = 120) {
        await waitFor(ready, seconds, { process: self.child });
      },
      /** Stops the process without ending it (SIGSTOP): it holds its connections and answers nothing. */
      pause() {
        self.child?.kill('SIGSTOP');
      },
      resume() {
        self.child?.kill('SIGCONT');
      },
      async kill(signal = 'SIGKILL') {
        const child = self.child;
        if (!child || child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // A paused process takes no signal but SIGKILL until it runs again.
        child.kill('SIGCONT');
        child.kill(signal);
        await exited;
      },
    };
    return self;
  }

  const apiParts = apiPorts.map((p, i) =>
    part(`api${i}`, `http://127.0.0.1:${p}/ready`, () =>
      spawn(process.execPath, [join(workspace, 'dist/apps/api/main.js')], {
        cwd: workspace,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          PORT: String(p),
          HOST: '127.0.0.1',
          DATABASE_URL: pg.url,
          // Each instance's admin listener (local mode) on its own loopback port.
          ADMIN_PORT: String(basePort + 20 + i),
          // A few connections per instance: on a machine with few cores, more connections than
          // cores only queue inside PostgreSQL (measured: cart p99 62 ms with 20, 38 ms with 5).
          DB_POOL_MAX: process.env.DB_POOL_MAX || '5',
          DB_APPLICATION_NAME: `eyewear-api-${i}`,
          LOG_LEVEL: 'warn',
          ...env,
        },
      }),
    ),
  );
  const edgeParts = edgePorts.map((p, i) =>
    part(`edge${i}`, `http://127.0.0.1:${p}/readyz`, () =>
      spawn(process.execPath, [join(workspace, 'tools/serve/edge.mjs'), '--root', root, '--port', String(p), '--api', `http://127.0.0.1:${apiLbPort}`], {
        cwd: workspace,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, EDGE_INSTANCE: `edge${i}`, EDGE_TRUST_PROXY: '127.0.0.1', EDGE_DRAIN_MS: '3000' },
      }),
    ),
  );

  const stop = async () => {
    for (const p of [...edgeParts, ...apiParts]) await p.kill('SIGTERM').catch(() => undefined);
    for (const child of children) child.kill('SIGKILL');
    pg.stop();
    await rm(scratch, { recursive: true, force: true });
  };
  try {
    // The first instance migrates and seeds the empty database; the others start on it.
    await apiParts[0].start().ready(180);
    await Promise.all(apiParts.slice(1).map((p) => p.start().ready()));
    log(`  api             ${apiPorts.map((p) => `127.0.0.1:${p}`).join(', ')}`);
    const configFile = join(scratch, 'haproxy.cfg');
    await writeFile(configFile, haproxyConfig({ port, apiPort: apiLbPort, edges: edgePorts, apis: apiPorts, apiBalancer }));
    // Its log (servers going down and up) in a file: printed when it does not start.
    const lbLog = join(scratch, 'haproxy.log');
    const lb = part('haproxy', `http://127.0.0.1:${port}/readyz`, () => {
      const out = openSync(lbLog, 'a');
      return spawn(HAPROXY(), ['-db', '-f', configFile], { stdio: ['ignore', out, out] });
    }).start();
    await waitFor(`http://127.0.0.1:${apiLbPort}/ready`, 30, { process: lb.child }).catch(async (error) => {
      const { readFile } = await import('node:fs/promises');
      throw new Error(`${error.message}\n${await readFile(lbLog, 'utf8').catch(() => '')}`);
    });
    await Promise.all(edgeParts.map((p) => p.start().ready()));
    log(`  edge            ${edgePorts.map((p) => `127.0.0.1:${p}`).join(', ')}`);
    await lb.ready(30);
    log(
      `  haproxy         127.0.0.1:${port} (shoppers), 127.0.0.1:${apiLbPort} (API, ${apiBalancer === 'tcp' ? 'plain TCP, as a Kubernetes Service' : 'HTTP'})`,
    );
    return {
      url: `http://127.0.0.1:${port}`,
      apiUrl: `http://127.0.0.1:${apiLbPort}`,
      apiUrls: apiPorts.map((p) => `http://127.0.0.1:${p}`),
      adminUrls: apiPorts.map((_, i) => `http://127.0.0.1:${basePort + 20 + i}`),
      databaseUrl: pg.url,
      apis: apiParts,
      edges: edgeParts,
      lb,
      lbLog,
      async stop() {
        await lb.kill('SIGTERM');
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
