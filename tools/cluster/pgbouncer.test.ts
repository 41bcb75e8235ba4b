// PgBouncer's configuration, the cluster's (pgbouncer.mjs) and Kubernetes' (deploy/k8s/
// pgbouncer-config.yaml): the same settings but for the pool sizes and what is the machine's
// (addresses, auth), and the preload that drops statement names in the cluster.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { load } from 'js-yaml';
import { iniSection, pgbouncerConfig, SHARED_SETTINGS, STATEMENT_TIMEOUT_MS } from './pgbouncer.mjs';

const REPO = resolve(__dirname, '../..');
const k8sIni = (load(readFileSync(join(REPO, 'deploy/k8s/pgbouncer-config.yaml'), 'utf8')) as { data: Record<string, string> }).data['pgbouncer.ini']!;
const clusterIni = pgbouncerConfig({ port: 6543, serverPort: 5433, database: 'eyewear', user: 'postgres', authFile: '/tmp/x/userlist.txt' });

describe('PgBouncer in the cluster and in Kubernetes', () => {
  it('pool transactions alike: the shared settings are in both', () => {
    expect(SHARED_SETTINGS.pool_mode).toBe('transaction');
    for (const ini of [clusterIni, k8sIni]) expect(iniSection(ini)).toMatchObject(SHARED_SETTINGS);
  });

  it("give every server connection the API's statement timeout, which PgBouncer drops from the API's connect", () => {
    const apiDefault = /fromEnv\('DB_STATEMENT_TIMEOUT_MS', (\d+)\)/.exec(readFileSync(join(REPO, 'apps/api/src/db/database.ts'), 'utf8'))?.[1];
    expect(Number(apiDefault)).toBe(STATEMENT_TIMEOUT_MS);
    for (const ini of [clusterIni, k8sIni]) {
      expect(iniSection(ini).ignore_startup_parameters.split(',')).toContain('statement_timeout');
      expect(iniSection(ini, 'databases').eyewear).toContain(`connect_query='set statement_timeout = ${STATEMENT_TIMEOUT_MS}'`);
    }
  });

  it('differ in what is the machine’s: the cluster on loopback with trust, Kubernetes on the pod network with SCRAM', () => {
    expect(iniSection(clusterIni)).toMatchObject({ listen_addr: '127.0.0.1', listen_port: '6543', unix_socket_dir: '', auth_type: 'trust' });
    expect(iniSection(clusterIni, 'databases').eyewear).toMatch(/^host=127\.0\.0\.1 port=5433 dbname=eyewear user=postgres /);
    expect(iniSection(k8sIni)).toMatchObject({ listen_addr: '0.0.0.0', listen_port: '6432', unix_socket_dir: '', auth_type: 'scram-sha-256' });
    // Each pod's server connections are bounded whatever the users: what the arithmetic counts.
    expect(Number(iniSection(clusterIni).max_db_connections)).toBe(12);
    expect(Number(iniSection(k8sIni).max_db_connections)).toBeGreaterThan(0);
    // Named statements: kept by the image's PgBouncer (1.21+); the cluster's 1.18 knows no such
    // setting, and its clients send them unnamed.
    expect(Number(iniSection(k8sIni).max_prepared_statements)).toBeGreaterThan(0);
    expect(iniSection(clusterIni).max_prepared_statements).toBeUndefined();
  });
});
