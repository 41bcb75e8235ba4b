import { request, Agent, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { edgeBuild } from './edge-build';
import { canary } from './commands.mjs';
import { judgeEvidence, networkTallies } from './evidence.mjs';
import { analysisFor } from './health.mjs';

/** Page views as the signal files list them: `count` networks, each with `views` views ending `outcome`. */
function views(prefix: string, count: number, outcome: string, { run = 'r1', views: each = 1 } = {}) {
  const map = new Map<string, { addr: string; outcome: string; run: string }>();
  for (let n = 0; n < count; n += 1) for (let v = 0; v < each; v += 1) map.set(`${prefix}-${n}-${v}`, { addr: `${prefix}${n}`, outcome, run });
  return map;
}
const merge = (...maps: Map<string, { addr: string; outcome: string; run: string }>[]) => new Map(maps.flatMap((m) => [...m]));
const side = (app: string, run: string, map: Map<string, { addr: string; outcome: string; run: string }>, renders: [number, number] = [0, 0]) => ({
  tallies: networkTallies(map, { app, run }),
  renders,
});
const judge = (
  canaryViews: Map<string, never> | ReturnType<typeof views>,
  stableViews: ReturnType<typeof views>,
  options = {},
  renders = { canary: [0, 0], stable: [0, 0] },
) =>
  judgeEvidence(
    {
      canary: { ...side('catalog', 'salt1', canaryViews, renders.canary as [number, number]), percent: 50 },
      stable: side('catalog', 'stable', stableViews, renders.stable as [number, number]),
    },
    { minSessions: 50, ...options },
  );

describe('the analysis on recorded page views (docs/adr/057)', () => {
  const stable = merge(views('s', 196, 'ok', { run: 'stable' }), views('sf', 4, 'load', { run: 'stable' }));

  it('passes a good canary and fails a failing one', () => {
    const good = merge(views('c', 196, 'ok', { run: 'salt1' }), views('cf', 4, 'load', { run: 'salt1' }));
    expect(judge(good, stable).verdict).toBe('pass');
    const bad = merge(views('c', 140, 'ok', { run: 'salt1' }), views('cf', 60, 'render', { run: 'salt1' }));
    expect(judge(bad, stable)).toMatchObject({ verdict: 'fail', reason: expect.stringMatching(/^page views: canary/) });
  });

  it('passes A/A with both sides slowed alike (the same timeouts on each side)', () => {
    const slowed = (prefix: string, run: string) => merge(views(prefix, 180, 'ok', { run }), views(`${prefix}t`, 20, 'timeout', { run }));
    expect(judge(slowed('c', 'salt1'), slowed('s', 'stable')).verdict).toBe('pass');
  });

  it("fails a dead canary: its bucket silent while stable's page views come in", () => {
    const verdict = judge(new Map(), stable);
    expect(verdict).toMatchObject({ verdict: 'fail', reason: expect.stringMatching(/bucket is silent: 0 page views/) });
    // Too few views to tell silence from chance: it waits.
    expect(judge(new Map(), views('s', 12, 'ok', { run: 'stable' })).verdict).toBe('pending');
  });

  it("fails a canary whose server renders fail, on the edge's own count, without a page view", () => {
    expect(judge(new Map(), new Map() as never, {}, { canary: [40, 40], stable: [40, 0] })).toMatchObject({
      verdict: 'fail',
      reason: expect.stringMatching(/^server renders: canary 40\/40/),
    });
  });

  it("counts only the canary's own run: views of an earlier canary of the same version do not count", () => {
    const earlier = views('old', 150, 'load', { run: 'salt0' });
    const good = merge(earlier, views('c', 200, 'ok', { run: 'salt1' }));
    expect(judge(good, stable).verdict).toBe('pass');
  });

  it('cannot be moved by up to 32 networks of a stranger, either way; without the bound it could', () => {
    const good = views('c', 200, 'ok', { run: 'salt1' });
    const forgedFailures = views('x', 12, 'load', { run: 'salt1', views: 10 });
    expect(judge(merge(good, forgedFailures), stable).verdict).toBe('pass');
    expect(judge(merge(good, forgedFailures), stable, { distrust: 0, perNetwork: 1e6 }).verdict).toBe('fail');
    const failing = views('c', 200, 'render', { run: 'salt1' });
    const forgedLoads = views('x', 24, 'ok', { run: 'salt1', views: 60 });
    expect(judge(merge(failing, forgedLoads), stable).verdict).toBe('fail');
  });
});

/**
 * The forged-vote attacks of issue 41 against the real edge (in process) with a real canary:
 * shoppers from 200 loopback addresses each open the store once (remotes.json gives them a
 * session, a bucket and their page view's receipt) and report what their build did, as the shell
 * does; strangers from 12 and 24 other addresses mint sessions as fast as the edge lets them
 * (120 a minute each), keep those in the canary's bucket and vote.
 */
describe('forged votes against the real edge', () => {
  const REMOTES = ['catalog', 'product', 'cart-checkout', 'account', 'appointments'];
  let root: string;
  let edge: Server & { flushSignal: () => Promise<void> };
  let port: number;
  const agents = new Map<string, Agent>();

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'forged-'));
    const remotes: Record<string, unknown> = {};
    for (const remote of REMOTES) {
      for (const version of ['1.0.0', '2.0.0']) {
        await mkdir(join(root, 'remotes', remote, version), { recursive: true });
        await writeFile(join(root, 'remotes', remote, version, 'mf-manifest.json'), '{}');
      }
      remotes[remote] = { stable: { version: '1.0.0', entry: `/remotes/${remote}/1.0.0/mf-manifest.json` } };
    }
    await mkdir(join(root, 'shell', 's1'), { recursive: true });
    await writeFile(join(root, 'shell', 's1', 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    await writeFile(join(root, 'shell.json'), JSON.stringify({ version: 's1' }));
    await writeFile(join(root, 'remotes.json'), JSON.stringify({ schemaVersion: 1, remotes }));
    edge = edgeBuild.createEdgeServer({ root, apiUrl: 'http://127.0.0.1:9', instance: 'forged', ssr: false }) as typeof edge;
    await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
    port = (edge.address() as AddressInfo).port;
    await canary({ root, remote: 'catalog', version: '2.0.0', percent: 50 });
  });
  afterEach(async () => {
    for (const agent of agents.values()) agent.destroy();
    agents.clear();
    await new Promise((resolve) => edge.close(resolve));
    await rm(root, { recursive: true, force: true });
  });

  /** An HTTP call from a loopback address of its own (what the edge sees as the client). */
  function call(from: string, method: string, path: string, { cookie, body }: { cookie?: string; body?: string } = {}) {
    let agent = agents.get(from);
    if (!agent) agents.set(from, (agent = new Agent({ keepAlive: true, localAddress: from } as never)));
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, method, path, agent, headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** A visit: remotes.json (a session, its bucket, its view's receipt), then the page's beacon about the catalog build it got. */
  async function visit(from: string, report: (version: string, onCanary: boolean) => string | null) {
    const answer = await call(from, 'GET', '/remotes.json');
    const cookie = String(answer.headers['set-cookie']?.[0] ?? '').split(';')[0];
    if (!cookie) return null;
    const manifest = JSON.parse(answer.text);
    const channels = manifest.remotes.catalog;
    const onCanary = Boolean(channels.canary) && manifest.cohorts.catalog < channels.canary.percent;
    const version = onCanary ? channels.canary.version : channels.stable.version;
    const kind = report(version, onCanary);
    if (kind)
      expect(
        (await call(from, 'POST', '/_edge/beacon', { cookie, body: JSON.stringify({ view: manifest.view, events: [{ kind, app: 'catalog', version }] }) }))
          .status,
      ).toBe(204);
    return onCanary;
  }

  const shoppers = async (report: (version: string, onCanary: boolean) => string) => {
    for (let i = 0; i < 200; i += 1) await visit(`127.1.${Math.floor(i / 200)}.${(i % 200) + 1}`, report);
  };
  /** Strangers mint sessions from each address until the edge stops them, and vote for the canary from those in its bucket. */
  const strangers = async (addresses: number, kind: string) => {
    let votes = 0;
    for (let a = 0; a < addresses; a += 1) {
      for (let i = 0; i < 130; i += 1) {
        const onCanary = await visit(`127.2.0.${a + 1}`, (_version, canaryBucket) => (canaryBucket ? kind : null));
        if (onCanary === null) break;
        if (onCanary) votes += 1;
      }
    }
    return votes;
  };

  it('a healthy canary is not rolled back by forged failure votes from 12 addresses', async () => {
    await shoppers(() => 'loaded');
    const forged = await strangers(12, 'load');
    expect(forged).toBeGreaterThan(100);
    await edge.flushSignal();
    const health = await analysisFor(root, 'catalog', { minSessions: '30' });
    expect(health).toMatchObject({ verdict: 'pass' });
    // The same votes, weighed as sessions were before (every one, nothing set aside): a rollback.
    expect((await analysisFor(root, 'catalog', { minSessions: '30', distrust: '0', perNetwork: '1000000' })).verdict).toBe('fail');
  }, 120_000);

  it('a canary that fails for every shopper is not passed by forged "loaded" votes from 24 addresses', async () => {
    await shoppers((_version, onCanary) => (onCanary ? 'render' : 'loaded'));
    const forged = await strangers(24, 'loaded');
    expect(forged).toBeGreaterThan(600);
    await edge.flushSignal();
    expect(await analysisFor(root, 'catalog', { minSessions: '30' })).toMatchObject({ verdict: 'fail' });
  }, 180_000);
});
