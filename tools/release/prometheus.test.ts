// The release CLI's Prometheus client against a real Prometheus (Debian's package): series
// recorded ahead (promtool tsdb create-blocks-from openmetrics) for a stable and a canary build
// of the catalog over half an hour, and a product build that must not count, then read back by
// buildFigures. No clock is waited on: the samples carry their own times. Skipped, saying why,
// where the package is not installed (`npm run cluster` installs it as root).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFigures, figureQuery, queryPrometheus } from './prometheus.mjs';
import { analysisFor } from './health.mjs';

const has = (program: string) => spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0;
const present = has('prometheus') && has('promtool');
if (!present) console.warn("prometheus.test: skipped: Debian's prometheus package (prometheus, promtool) is not installed");
const maybe = present ? describe : describe.skip;

const STEP = 15;
const MINUTES = 30;
// Two hours ago, on a minute: the recorded half hour is well inside the retention.
const until = Math.floor(Date.now() / 1000 / 60) * 60 - 7200;
const since = until - MINUTES * 60;

interface Series {
  name: string;
  labels: string;
  perMinute: number;
  /** A series that appears within the period: its first sample this many seconds after `since`, already at `perMinute` (its first count before the first scrape). */
  bornAfter?: number;
}

/** Counter samples every STEP seconds over [since, until], growing `perMinute`. */
function openMetrics(families: { name: string; type: string; series: Series[] }[]): string {
  const lines: string[] = [];
  for (const family of families) {
    lines.push(`# TYPE ${family.name} ${family.type}`);
    for (const series of family.series)
      for (let t = since + (series.bornAfter ?? 0); t <= until; t += STEP) {
        const value = series.bornAfter === undefined ? ((t - since) / 60) * series.perMinute : ((t - since - series.bornAfter) / 60 + 1) * series.perMinute;
        lines.push(`${series.name}{${series.labels}} ${value} ${t}`);
      }
  }
  return `${lines.join('\n')}\n# EOF\n`;
}

const histogram = (app: string, version: string, perMinute: number, bucket: number): Series[] =>
  ['0.1', '0.5', '1', '+Inf'].map((le) => ({
    name: 'edge_ssr_render_duration_seconds_bucket',
    labels: `app="${app}",version="${version}",le="${le}"`,
    perMinute: le === '+Inf' || Number(le) >= bucket ? perMinute : 0,
  }));

const RECORDED = openMetrics([
  {
    name: 'edge_page_views',
    type: 'counter',
    series: [
      { name: 'edge_page_views_total', labels: 'app="catalog",version="2.0.0",channel="stable"', perMinute: 10 },
      { name: 'edge_page_views_total', labels: 'app="catalog",version="2.1.0",channel="canary"', perMinute: 2 },
      { name: 'edge_page_views_total', labels: 'app="product",version="2.1.0",channel="canary"', perMinute: 50 },
    ],
  },
  {
    name: 'edge_ssr_renders',
    type: 'counter',
    series: [
      { name: 'edge_ssr_renders_total', labels: 'app="catalog",version="2.0.0",outcome="ok"', perMinute: 10 },
      { name: 'edge_ssr_renders_total', labels: 'app="catalog",version="2.1.0",outcome="ok"', perMinute: 1 },
      { name: 'edge_ssr_renders_total', labels: 'app="catalog",version="2.1.0",outcome="partial"', perMinute: 1 },
      // A second edge's first error, a quarter hour in: 1 before its first scrape, then 1 a minute (16 at the end).
      { name: 'edge_ssr_renders_total', labels: 'app="catalog",version="2.1.0",outcome="error"', perMinute: 1, bornAfter: 900 },
    ],
  },
  {
    name: 'edge_ssr_render_duration_seconds',
    type: 'histogram',
    series: [...histogram('catalog', '2.0.0', 10, 0.1), ...histogram('catalog', '2.1.0', 2, 1)],
  },
  {
    name: 'edge_build_file_requests',
    type: 'counter',
    series: [
      { name: 'edge_build_file_requests_total', labels: 'app="catalog",version="2.0.0",status="200"', perMinute: 20 },
      { name: 'edge_build_file_requests_total', labels: 'app="catalog",version="2.1.0",status="200"', perMinute: 4 },
      { name: 'edge_build_file_requests_total', labels: 'app="catalog",version="2.1.0",status="404"', perMinute: 1 },
    ],
  },
  {
    name: 'api_requests',
    type: 'counter',
    series: [
      { name: 'api_requests_total', labels: 'build_app="catalog",build_version="2.0.0",status_class="2xx"', perMinute: 30 },
      { name: 'api_requests_total', labels: 'build_app="catalog",build_version="2.1.0",status_class="2xx"', perMinute: 3 },
      { name: 'api_requests_total', labels: 'build_app="catalog",build_version="2.1.0",status_class="5xx"', perMinute: 1 },
    ],
  },
]);

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

maybe('the release CLI reads what the servers saw from Prometheus', () => {
  let dir: string;
  let prometheus: ChildProcess;
  let url: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'prometheus-test-'));
    writeFileSync(join(dir, 'recorded.om'), RECORDED);
    const made = spawnSync('promtool', ['tsdb', 'create-blocks-from', 'openmetrics', join(dir, 'recorded.om'), join(dir, 'data')], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`promtool failed: ${made.stderr}`);
    writeFileSync(join(dir, 'prometheus.yml'), 'global:\n  scrape_interval: 15s\nscrape_configs: []\n');
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      'prometheus',
      [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`],
      { stdio: 'ignore' },
    );
    // Ready when its HTTP API answers (it opens the recorded blocks first).
    for (let i = 0; i < 300; i += 1) {
      const ready = await fetch(`${url}/-/ready`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((done) => setTimeout(done, 50));
    }
    throw new Error('prometheus did not become ready');
  }, 30_000);

  afterAll(() => {
    prometheus?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers an instant query as plain numbers', async () => {
    const series = await queryPrometheus(url, 'sum(edge_page_views_total{app="catalog"})', until);
    expect(series).toEqual([{ labels: {}, value: 12 * MINUTES }]);
    await expect(queryPrometheus(url, 'sum(', until)).rejects.toThrow(/refused/);
  });

  it("gives each version's figures over the period, the canary's apart from stable's and from other apps'", async () => {
    const figures = await buildFigures({ url, app: 'catalog', versions: ['2.0.0', '2.1.0', '9.9.9'], since: since * 1000, until: until * 1000 });
    expect(figures['2.0.0']).toMatchObject({
      pageViews: 300,
      renders: 300,
      renderErrors: 0,
      fileRequests: 600,
      fileFailures: 0,
      apiRequests: 900,
      apiErrors: 0,
    });
    // The canary's errors include all 16 of the series that appeared within the period (increase() alone would miss its first).
    expect(figures['2.1.0']).toMatchObject({
      pageViews: 60,
      renders: 76,
      renderErrors: 46,
      fileRequests: 150,
      fileFailures: 30,
      apiRequests: 120,
      apiErrors: 30,
    });
    // Every stable render took under 0.1 s; every canary render between 0.5 and 1 s (p75 by interpolation: 0.875).
    expect(figures['2.0.0'].renderP75Seconds).toBeCloseTo(0.075, 3);
    expect(figures['2.1.0'].renderP75Seconds).toBeCloseTo(0.875, 3);
    // A version no server reported: zeros, and no p75.
    expect(figures['9.9.9']).toEqual({
      pageViews: 0,
      renders: 0,
      renderErrors: 0,
      renderP75Seconds: null,
      fileRequests: 0,
      fileFailures: 0,
      apiRequests: 0,
      apiErrors: 0,
    });
  });

  it('writes its queries with escaped versions and the period as the range', () => {
    const query = figureQuery('renders', { app: 'catalog', versions: ['2.1.0'], rangeSeconds: 600 });
    expect(query).toContain('increase(edge_ssr_renders_total{app="catalog",version=~"2\\\\.1\\\\.0"}[600s])');
    expect(query).toContain('offset 600s');
    expect(query).not.toContain('$');
    expect(() => figureQuery('renders', { app: 'catalog"}', versions: ['1'], rangeSeconds: 60 })).toThrow();
  });

  it('is what the release analysis judges a canary by: its failing server renders roll it back with no page view (docs/adr/057)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'prometheus-root-'));
    try {
      const entry = (version: string) => `/remotes/catalog/${version}/mf-manifest.json`;
      const startedAt = new Date(since * 1000).toISOString();
      const manifest = (canary: string) => ({
        schemaVersion: 1,
        remotes: {
          ...Object.fromEntries(
            ['product', 'cart-checkout', 'account', 'appointments'].map((app) => [
              app,
              { stable: { version: '1.0.0', entry: `/remotes/${app}/1.0.0/mf-manifest.json` } },
            ]),
          ),
          catalog: {
            stable: { version: '2.0.0', entry: entry('2.0.0') },
            canary: {
              version: canary,
              entry: entry(canary),
              percent: 10,
              salt: 'abcdef12',
              rollout: { steps: [10, 100], intervalMs: 60_000, step: 0, stepSince: startedAt, startedAt },
            },
          },
        },
      });
      writeFileSync(join(root, 'remotes.json'), JSON.stringify(manifest('2.1.0')));
      const failing = await analysisFor(root, 'catalog', { prometheus: url, minSessions: '30', now: until * 1000 });
      expect(failing).toMatchObject({ verdict: 'fail', reason: expect.stringMatching(/^server renders: canary [1-9]\d*\/\d+ .* failed, stable 0\/\d+/) });
      // Without Prometheus the files hold no renders here: nothing to judge yet.
      expect((await analysisFor(root, 'catalog', { minSessions: '30', now: until * 1000 })).verdict).toBe('pending');
      // A canary Prometheus saw nothing wrong with (no series at all): no server failure; it waits for page views.
      writeFileSync(join(root, 'remotes.json'), JSON.stringify(manifest('2.2.0')));
      expect((await analysisFor(root, 'catalog', { prometheus: url, minSessions: '30', now: until * 1000 })).verdict).toBe('pending');
      // Prometheus not answering: judged on the files, and said so.
      const down = await analysisFor(root, 'catalog', { prometheus: 'http://127.0.0.1:9', minSessions: '30' });
      expect(down.prometheus).toMatchObject({ error: expect.stringMatching(/did not answer/) });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
