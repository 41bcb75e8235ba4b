// The cluster's Prometheus: its scrape configuration names every instance's metrics port (and
// promtool accepts it, where Debian's package is installed), as does deploy/prometheus/prometheus.yml.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { clusterPorts } from './cluster.mjs';
import { metricsPorts, prometheusConfig } from './prometheus.mjs';

const promtool = spawnSync('sh', ['-c', 'command -v promtool'], { stdio: 'ignore' }).status === 0;

describe("the cluster's Prometheus", () => {
  it('scrapes every edge, API and worker instance on a metrics port of its own', () => {
    const ports = metricsPorts({ edges: 2, apis: 3, workers: 1 });
    expect(ports).toEqual({ prometheus: 18004, edges: [18040, 18041], apis: [18050, 18051, 18052], workers: [18060] });
    // None of them is a port the cluster's other parts take.
    const taken = Object.values(clusterPorts({ apis: 3, edges: 2, cache: true })).flat();
    for (const port of [ports.prometheus, ...ports.edges, ...ports.apis, ...ports.workers]) expect(taken).not.toContain(port);
    const config = prometheusConfig(ports);
    for (const port of [...ports.edges, ...ports.apis, ...ports.workers]) expect(config).toContain(`'127.0.0.1:${port}'`);
    expect(config).toMatch(/job_name: edge[\s\S]*job_name: api[\s\S]*job_name: worker/);
    expect(prometheusConfig({ edges: [1], apis: [2], workers: [] })).not.toContain('job_name: worker');
  });

  (promtool ? it : it.skip)('writes configurations promtool accepts (the cluster’s and deploy/)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prometheus-config-'));
    try {
      const file = join(dir, 'prometheus.yml');
      writeFileSync(file, prometheusConfig(metricsPorts({ edges: 2, apis: 2, workers: 1 })));
      const cluster = spawnSync('promtool', ['check', 'config', file], { encoding: 'utf8' });
      expect(`${cluster.stdout}${cluster.stderr}`).toMatch(/SUCCESS/);
      // Debian builds Prometheus without Kubernetes discovery: there, deploy/'s file (for a
      // Prometheus in the cluster) is refused for that field alone.
      const deployed = spawnSync('promtool', ['check', 'config', resolve(__dirname, '../../deploy/prometheus/prometheus.yml')], { encoding: 'utf8' });
      expect(`${deployed.stdout}${deployed.stderr}`).toMatch(/SUCCESS|field kubernetes_sd_configs not found/);
      expect(
        `${deployed.stdout}${deployed.stderr}`.split('\n').filter((line) => /not found in type/.test(line) && !/kubernetes_sd_configs/.test(line)),
      ).toEqual([]);
      expect(readFileSync(resolve(__dirname, '../../deploy/prometheus/prometheus.yml'), 'utf8')).toContain('prometheus.io/port');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
