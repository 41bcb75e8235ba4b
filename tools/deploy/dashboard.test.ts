// deploy/grafana/release-dashboard.json and the release CLI's Prometheus queries: every metric they
// read is one the edge or the API defines, and every query is PromQL promtool accepts (where
// Debian's prometheus package is installed).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FIGURE_QUERIES, RENDER_ERROR_RATIO_QUERY } from '../release/prometheus.mjs';

const REPO = resolve(__dirname, '../..');
const dashboard = JSON.parse(readFileSync(join(REPO, 'deploy/grafana/release-dashboard.json'), 'utf8')) as {
  panels: { title: string; targets: { expr: string }[] }[];
};
const defined = ['apps/edge/src/metrics/metrics.ts', 'apps/api/src/observability/metrics.ts'].map((file) => readFileSync(join(REPO, file), 'utf8')).join('\n');
const dashboardQueries = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));
const cliQueries = [...Object.values(FIGURE_QUERIES), RENDER_ERROR_RATIO_QUERY] as string[];
const promtool = spawnSync('sh', ['-c', 'command -v promtool'], { stdio: 'ignore' }).status === 0;

/** The metric names a query reads (a histogram's _bucket is its family's). */
const metricsOf = (expr: string) => [...expr.matchAll(/\b((?:edge|api)_[a-z_]+)\{/g)].map((match) => (match[1] ?? '').replace(/_bucket$/, ''));

describe('the release dashboard and queries', () => {
  it('read only metrics the edge and the API define', () => {
    const names = new Set([...dashboardQueries, ...cliQueries].flatMap(metricsOf));
    expect(names.size).toBeGreaterThanOrEqual(7);
    for (const name of names) expect(defined).toContain(`name: '${name}'`);
  });

  it('has the panels a release needs, per app', () => {
    const titles = dashboard.panels.map((panel) => panel.title).join('\n');
    for (const what of [/Page views/, /Server-render error/, /Server-render time p75/, /Build file failures/, /API 5xx/, /LCP p75/, /INP p75/])
      expect(titles).toMatch(what);
    for (const expr of dashboardQueries) expect(expr).toMatch(/app="\$app"/);
  });

  (promtool ? it : it.skip)('are PromQL promtool accepts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dashboard-rules-'));
    try {
      const filled = [...dashboardQueries, ...cliQueries].map((expr) =>
        expr.replaceAll('$__rate_interval', '1m').replaceAll('$app', 'catalog').replaceAll('$versions', '1\\\\.0').replaceAll('$range', '600s'),
      );
      const rules = [
        'groups:',
        '  - name: dashboard',
        '    rules:',
        ...filled.flatMap((expr, i) => [`      - record: check_${i}`, `        expr: '${expr.replaceAll("'", "''")}'`]),
      ];
      writeFileSync(join(dir, 'rules.yml'), `${rules.join('\n')}\n`);
      const checked = spawnSync('promtool', ['check', 'rules', join(dir, 'rules.yml')], { encoding: 'utf8' });
      expect(`${checked.stdout}${checked.stderr}`).toMatch(/SUCCESS/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
