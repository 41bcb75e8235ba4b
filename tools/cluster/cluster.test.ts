// The cluster tool itself (tools/cluster/main.mjs), with stand-ins for the API and the edge
// (testing/stand-in.mjs: no build needed) and the real PostgreSQL, PgBouncer and HAProxy
// (Debian's packages, installed as root when missing; skipped where they cannot be). A crashed
// instance is started again by the supervisor, and a SIGINT or SIGTERM to the tool leaves no
// process and no temporary folder behind, even when an instance died by a signal just before or
// the cluster was still starting. Each run takes TMPDIR of its own, so what is left is found by it.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { clusterPorts, ensureClusterParts, haproxyConfig } from './cluster.mjs';

const HERE = resolve(__dirname);
const STAND_IN = join(HERE, 'testing/stand-in.mjs');
const missing: string | null = ensureClusterParts();
const withParts = missing ? it.skip : it;
if (missing) console.warn(`cluster tool test skipped: ${missing}`);

/** Processes whose command line or environment names `text` (a run's TMPDIR), zombies aside. */
function processesNaming(text: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))) continue;
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      let environ = '';
      try {
        environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
      } catch {
        // another user's
      }
      if (cmdline.includes(text) || environ.includes(text)) found.push(`${pid}: ${cmdline.trim()}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function until<T>(what: string, check: () => Promise<T | undefined>, ms: number, output = () => '', ended = () => false): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (ended()) throw new Error(`${what}: the tool exited\n${output()}`);
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms\n${output()}`);
    await sleep(100);
  }
}

const pidAt = async (url: string) => {
  const answer = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return answer.ok ? ((await answer.json()) as { pid: number; database: unknown }) : undefined;
};

/** The tool on its own TMPDIR and ports, with its output kept. */
function startTool(basePort: number) {
  const scratch = mkdtempSync(join(tmpdir(), 'cluster-tool-test-'));
  // PostgreSQL and PgBouncer run as the postgres user when this is root: they must reach their folders.
  chmodSync(scratch, 0o755);
  let output = '';
  const tool: ChildProcess = spawn(
    process.execPath,
    [
      join(HERE, 'main.mjs'),
      '--no-build',
      '--root',
      join(scratch, 'no-root'),
      '--api-entry',
      STAND_IN,
      '--edge-entry',
      STAND_IN,
      '--workers',
      '1',
      '--base-port',
      String(basePort),
      '--port',
      String(basePort + 90),
    ],
    { env: { ...process.env, TMPDIR: scratch }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  tool.stdout!.on('data', (chunk) => (output += chunk));
  tool.stderr!.on('data', (chunk) => (output += chunk));
  let ended = false;
  const exited = new Promise<number | string | null>((done) =>
    tool.once('exit', (code, signal) => {
      ended = true;
      done(signal ?? code);
    }),
  );
  return { scratch, tool, exited, output: () => output, ended: () => ended };
}

// Apart from the cluster's defaults, the failover check's and the bench's, and from each other.
const basePort = 21000 + (process.pid % 80) * 100;

describe('the cluster tool', () => {
  withParts(
    'restarts a crashed instance, and on SIGINT stops everything though an edge was just killed',
    async () => {
      const run = startTool(basePort);
      try {
        await until('the cluster', async () => (/The store \(cluster\)/.test(run.output()) ? true : undefined), 90_000, run.output, run.ended);
        expect(run.output()).toMatch(/pgbouncer +postgres:\/\/postgres@127\.0\.0\.1:\d+\/eyewear \(transaction pooling/);
        expect(run.output()).toMatch(/worker +1 process \(the job queue\)/);
        // Varnish in front of HAProxy, on the shoppers' port: the health check passes through, a page is
        // looked up (the stand-in says nothing of caching: a miss, not kept), a PURGE from loopback is taken.
        expect(run.output()).toMatch(/varnish +127\.0\.0\.1:\d+ \(shoppers; the page cache/);
        const shop = `http://127.0.0.1:${basePort + 90}`;
        expect((await fetch(`${shop}/readyz`)).headers.get('x-cache')).toBe('PASS');
        expect((await fetch(`${shop}/eyeglasses?utm_source=x`)).headers.get('x-cache')).toBe('MISS');
        const purged = await fetch(shop, { method: 'PURGE', headers: { 'xkey-purge': 'product-1' } });
        expect([purged.status, await purged.json()]).toEqual([200, { purged: 0 }]);

        // Through PgBouncer in transaction mode, named statements and all (the preload drops the names).
        const answers = await Promise.all(Array.from({ length: 12 }, () => pidAt(`http://127.0.0.1:${basePort + 10}/ready`)));
        expect(answers.map((a) => a?.database)).toEqual(Array(12).fill(1));

        const first = answers[0]!.pid;
        process.kill(first, 'SIGKILL');
        const second = await until(
          'api0 started again',
          async () => {
            const answer = await pidAt(`http://127.0.0.1:${basePort + 10}/ready`);
            return answer && answer.pid !== first ? answer.pid : undefined;
          },
          15_000,
        );
        expect(second).not.toBe(first);
        expect(run.output()).toMatch(/\[api0\] stopped \(SIGKILL\); restarting in 1\.0 s/);

        // An edge dies; the tool is told to stop before its supervisor has even restarted it.
        process.kill((await pidAt(`http://127.0.0.1:${basePort + 30}/readyz`))!.pid, 'SIGKILL');
        run.tool.kill('SIGINT');
        expect(await run.exited).toBe(0);
        expect(processesNaming(run.scratch)).toEqual([]);
        expect(readdirSync(run.scratch)).toEqual([]);
      } finally {
        run.tool.kill('SIGKILL');
        rmSync(run.scratch, { recursive: true, force: true });
      }
    },
    120_000,
  );

  withParts(
    'on SIGTERM while it starts, stops what started (PostgreSQL included)',
    async () => {
      const run = startTool(basePort + 50);
      try {
        await until('PgBouncer up', async () => (/pgbouncer +postgres/.test(run.output()) ? true : undefined), 60_000, run.output, run.ended);
        run.tool.kill('SIGTERM');
        expect(await run.exited).toBe(0);
        expect(run.output()).toMatch(/stopping the cluster/);
        expect(processesNaming(run.scratch)).toEqual([]);
        expect(readdirSync(run.scratch)).toEqual([]);
      } finally {
        run.tool.kill('SIGKILL');
        rmSync(run.scratch, { recursive: true, force: true });
      }
    },
    90_000,
  );
});

describe('the cluster ports', () => {
  it('come from the options, else from the base port', () => {
    expect(clusterPorts({ apis: 2, edges: 1 })).toEqual({
      shop: 8080,
      postgres: 18000,
      apiLb: 18001,
      pgbouncer: 18002,
      apis: [18010, 18011],
      admins: [18020, 18021],
      edges: [18030],
    });
    expect(clusterPorts({ apis: 1, edges: 1, basePort: 30000, port: 9000, pgbouncerPort: 6432, edgePort: 4200 })).toMatchObject({
      shop: 9000,
      postgres: 30000,
      pgbouncer: 6432,
      apis: [30010],
      edges: [4200],
    });
  });

  it('with the cache, put HAProxy behind Varnish at base + 3', () => {
    expect(clusterPorts({ apis: 1, edges: 1, cache: true })).toMatchObject({ shop: 8080, balancer: 18003 });
    expect(clusterPorts({ apis: 1, edges: 1, cache: true, balancerPort: 9001 })).toMatchObject({ balancer: 9001 });
    expect(() => clusterPorts({ apis: 1, edges: 1, cache: true, port: 18003 })).toThrow(/shop and balancer both on port 18003/);
  });

  it('refuse to share a port, naming both parts', () => {
    expect(() => clusterPorts({ apis: 11, edges: 1 })).toThrow(/api10 and admin0 both on port 18020/);
    expect(() => clusterPorts({ apis: 1, edges: 1, port: 18002 })).toThrow(/shop and pgbouncer both on port 18002/);
    expect(() => clusterPorts({ apis: 1, edges: 1, basePort: 65530 })).toThrow(/port 65540 is not a port/);
  });

  it('are the ones HAProxy is told', () => {
    const ports = clusterPorts({ apis: 2, edges: 2, basePort: 20000, port: 20090 });
    const config = haproxyConfig({ port: ports.shop, apiPort: ports.apiLb, edges: ports.edges, apis: ports.apis });
    expect(config).toContain('bind 127.0.0.1:20090');
    expect(config).toContain('bind 127.0.0.1:20001');
    for (const p of [...ports.apis, ...ports.edges]) expect(config).toContain(`127.0.0.1:${p} check`);
    expect(existsSync(STAND_IN)).toBe(true);
  });
});
