// The Kubernetes manifests of deploy/k8s, checked offline (tools/deploy/check-manifests.mjs):
// the real ones pass, and each deliberately broken copy fails with its reason.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { dump, loadAll } from 'js-yaml';
import { checkManifests, loadManifests, schemaProblems } from './check-manifests.mjs';

const K8S = resolve(__dirname, '../../deploy/k8s');
const REPO = resolve(__dirname, '../..');

// Parsed YAML, changed in place by the cases below: typing every path would only hide the case.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = Record<string, any>;

describe('the manifests of deploy/k8s', () => {
  it('are valid: schemas and cross-references', () => {
    expect(checkManifests(K8S)).toEqual([]);
  });

  it('hold what running past one machine needs, each validated against its schema', () => {
    const documents = loadManifests(K8S).filter((entry) => entry.doc.kind !== 'Kustomization');
    const kinds = documents.map((entry) => `${entry.doc.apiVersion} ${entry.doc.kind}/${entry.doc.metadata.name}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'apps/v1 Deployment/eyewear-api',
        'apps/v1 Deployment/eyewear-edge',
        'v1 Service/eyewear-api',
        'v1 Service/eyewear-edge',
        'autoscaling/v2 HorizontalPodAutoscaler/eyewear-api',
        'autoscaling/v2 HorizontalPodAutoscaler/eyewear-edge',
        'policy/v1 PodDisruptionBudget/eyewear-api',
        'policy/v1 PodDisruptionBudget/eyewear-edge',
        'networking.k8s.io/v1 Ingress/eyewear-edge',
        'v1 ConfigMap/eyewear-api-config',
        'v1 ConfigMap/eyewear-edge-config',
        'v1 Secret/eyewear-api-secrets',
        'v1 Secret/eyewear-edge-secrets',
        'apps/v1 Deployment/eyewear-pgbouncer',
        'v1 Service/eyewear-pgbouncer',
        'v1 ConfigMap/eyewear-pgbouncer-config',
        'policy/v1 PodDisruptionBudget/eyewear-pgbouncer',
        'networking.k8s.io/v1 NetworkPolicy/eyewear-pgbouncer',
        'v1 Secret/eyewear-pgbouncer-secrets',
      ]),
    );
    for (const entry of documents) expect([entry.file, schemaProblems(entry.doc)]).toEqual([entry.file, []]);
  });

  it('probe the routes the code serves, and outlast the drain', () => {
    const byName = new Map(loadManifests(K8S).map((entry) => [`${entry.doc.kind}/${entry.doc.metadata?.name}`, entry.doc]));
    const container = (name: string) => byName.get(`Deployment/${name}`)!.spec.template.spec.containers[0];
    expect([container('eyewear-api').livenessProbe.httpGet.path, container('eyewear-api').readinessProbe.httpGet.path]).toEqual(['/health', '/ready']);
    expect([container('eyewear-edge').livenessProbe.httpGet.path, container('eyewear-edge').readinessProbe.httpGet.path]).toEqual(['/livez', '/readyz']);
    const api = byName.get('Deployment/eyewear-api')!.spec.template.spec;
    const drainMs = Number(byName.get('ConfigMap/eyewear-api-config')!.data.API_DRAIN_MS);
    expect(api.terminationGracePeriodSeconds).toBeGreaterThan(container('eyewear-api').lifecycle.preStop.sleep.seconds + drainMs / 1000);
  });
});

/** A copy of deploy/k8s in a temporary folder, changed by `change` (file name -> its documents). */
function brokenCopy(change: (files: Map<string, Doc[]>) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'k8s-broken-'));
  cpSync(K8S, dir, { recursive: true });
  const files = new Map<string, Doc[]>();
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.yaml'))) files.set(name, loadAll(readFileSync(join(dir, name), 'utf8')) as Doc[]);
  change(files);
  for (const [name, docs] of files) writeFileSync(join(dir, name), docs.map((doc) => dump(doc)).join('---\n'));
  return dir;
}

const one = (files: Map<string, Doc[]>, name: string) => files.get(name)![0]!;
const bouncerContainer = (files: Map<string, Doc[]>) => one(files, 'pgbouncer-deployment.yaml').spec.template.spec.containers[0];
/** Changes one setting of PgBouncer's ini in its ConfigMap (or drops it: null). */
const bouncerSetting = (files: Map<string, Doc[]>, key: string, value: string | null) => {
  const data = one(files, 'pgbouncer-config.yaml').data;
  const line = new RegExp(`^${key} = .*$`, 'm');
  expect(data['pgbouncer.ini']).toMatch(line);
  data['pgbouncer.ini'] = data['pgbouncer.ini'].replace(line, value === null ? '' : `${key} = ${value}`);
};
const apiContainer = (files: Map<string, Doc[]>) => one(files, 'api-deployment.yaml').spec.template.spec.containers[0];
const edgeContainer = (files: Map<string, Doc[]>) => one(files, 'edge-deployment.yaml').spec.template.spec.containers[0];

const BROKEN: Array<[string, (files: Map<string, Doc[]>) => void, string]> = [
  // What the schemas catch, one per kind.
  ['a Deployment port given as a string', (f) => (apiContainer(f).ports[0].containerPort = '3000'), 'containerPort must be integer'],
  [
    'a misspelt Deployment field',
    (f) => (apiContainer(f).readinesProbe = apiContainer(f).readinessProbe),
    'readinesProbe is not a field of apps/v1 Deployment',
  ],
  [
    'an autoscaling/v1 field in an autoscaling/v2 HPA',
    (f) => (one(f, 'api-hpa.yaml').spec.targetCPUUtilizationPercentage = 70),
    'targetCPUUtilizationPercentage is not a field of autoscaling/v2 HorizontalPodAutoscaler',
  ],
  ['an HPA without maxReplicas', (f) => delete one(f, 'edge-hpa.yaml').spec.maxReplicas, 'must have required property maxReplicas'],
  ['a PDB budget that is not a number or percentage', (f) => (one(f, 'api-pdb.yaml').spec.maxUnavailable = true), 'maxUnavailable'],
  ['a Service port given as a string', (f) => (one(f, 'api-service.yaml').spec.ports[0].port = 'http'), 'port must be integer'],
  [
    'an Ingress backend without a service name',
    (f) => delete one(f, 'edge-ingress.yaml').spec.rules[0].http.paths[0].backend.service.name,
    'service must have required property name',
  ],
  [
    'an unknown apiVersion',
    (f) => (one(f, 'edge-pdb.yaml').apiVersion = 'policy/v1beta1'),
    'policy/v1beta1/PodDisruptionBudget is not a kind these manifests may use',
  ],
  // What only the cross-references catch.
  [
    'a Service selecting no pods',
    (f) => (one(f, 'api-service.yaml').spec.selector = { 'app.kubernetes.io/name': 'eyewear-apí' }),
    'its selector matches 0 Deployments',
  ],
  [
    'a Deployment whose selector misses its pods',
    (f) => (one(f, 'edge-deployment.yaml').spec.selector.matchLabels = { 'app.kubernetes.io/name': 'edge' }),
    'spec.selector.matchLabels does not match the pod template labels',
  ],
  ['a PDB covering nothing', (f) => (one(f, 'edge-pdb.yaml').spec.selector.matchLabels = { app: 'nothing' }), '0 PodDisruptionBudgets cover it'],
  [
    'an HPA scaling a missing Deployment',
    (f) => (one(f, 'api-hpa.yaml').spec.scaleTargetRef.name = 'api'),
    'scaleTargetRef apps/v1 Deployment/api is not a Deployment',
  ],
  [
    'a readiness path the API does not serve',
    (f) => (apiContainer(f).readinessProbe.httpGet.path = '/readiness'),
    'readinessProbe path /readiness is not a route',
  ],
  [
    'a liveness probe on a port the container lacks',
    (f) => (edgeContainer(f).livenessProbe.httpGet.port = 'admin'),
    'livenessProbe port admin is not a port of the container',
  ],
  ['a container port that is not the image’s', (f) => (apiContainer(f).ports[0].containerPort = 8080), 'no containerPort 3000'],
  [
    'a grace period shorter than preStop + drain',
    (f) => (one(f, 'api-deployment.yaml').spec.template.spec.terminationGracePeriodSeconds = 20),
    'terminationGracePeriodSeconds 20 is not above preStop 5 s + API_DRAIN_MS 20 s',
  ],
  [
    'a drain longer than the grace period',
    (f) => (one(f, 'edge-config.yaml').data.EDGE_DRAIN_MS = '60000'),
    'terminationGracePeriodSeconds 40 is not above preStop 10 s + EDGE_DRAIN_MS 60 s',
  ],
  ['no preStop sleep', (f) => delete edgeContainer(f).lifecycle, 'no preStop sleep'],
  [
    'a readiness probe that gives up before the database check',
    (f) => (apiContainer(f).readinessProbe.timeoutSeconds = 1),
    'readinessProbe.timeoutSeconds must be above',
  ],
  [
    'an Ingress to a port the Service lacks',
    (f) => (one(f, 'edge-ingress.yaml').spec.rules[0].http.paths[0].backend.service.port = { name: 'https' }),
    'backend port https is not a port of Service eyewear-edge',
  ],
  [
    'an Ingress host that is not PUBLIC_ORIGIN',
    (f) => (one(f, 'edge-ingress.yaml').spec.rules[0].host = 'www.example.com'),
    "host www.example.com is not the edge's PUBLIC_ORIGIN",
  ],
  [
    'a NetworkPolicy admitting pods nobody has',
    (f) => (one(f, 'api-networkpolicy.yaml').spec.ingress[0].from[0].podSelector.matchLabels = { app: 'edge' }),
    'admits pods {"app":"edge"}',
  ],
  [
    'the edge pointed at no API Service',
    (f) => (one(f, 'edge-config.yaml').data.API_URL = 'http://api:3000'),
    'edge API_URL http://api:3000 is not a Service port',
  ],
  [
    'a database URL written in the Deployment',
    (f) => (apiContainer(f).env[0] = { name: 'DATABASE_URL', value: 'postgres://u:p@db/x' }),
    'DATABASE_URL is a secret',
  ],
  ['a secret in a ConfigMap', (f) => (one(f, 'edge-config.yaml').data.EDGE_SECRET = 'x'.repeat(40)), 'EDGE_SECRET is a secret: keep it in a Secret'],
  [
    'a Secret key nobody creates',
    (f) => (apiContainer(f).env[1].valueFrom.secretKeyRef.key = 'TRYON_KEY'),
    'key TRYON_KEY, which secrets.example.yaml does not show',
  ],
  ['a variable nobody documented', (f) => apiContainer(f).env.push({ name: 'FEATURE_X', value: '1' }), 'FEATURE_X is not documented in deploy/README.md'],
  ['a container without a memory limit', (f) => delete edgeContainer(f).resources.limits.memory, 'no memory request and limit'],
  ['a request above its limit', (f) => (apiContainer(f).resources.requests.cpu = '2'), 'cpu request 2 is above its limit 1'],
  [
    'a fixed replica count fighting the autoscaler',
    (f) => (one(f, 'api-deployment.yaml').spec.replicas = 3),
    'the HorizontalPodAutoscaler owns the replica count',
  ],
  ['a pod that may run as root', (f) => delete one(f, 'edge-deployment.yaml').spec.template.spec.securityContext.runAsNonRoot, 'runAsNonRoot'],
  ['an image the kustomization does not set', (f) => (edgeContainer(f).image = 'nginx'), 'image nginx is not set by the kustomization'],
  [
    'a deploy Job that forgets an app',
    (f) => (one(f, 'deploy-builds-job.yaml').spec.template.spec.containers[0].command[2] = 'set -e; for app in catalog product; do true; done'),
    'deploys catalog, product',
  ],
  [
    'a migrate Job that serves instead of migrating',
    (f) => (one(f, 'api-migrate-job.yaml').spec.template.spec.containers[0].command = ['node', 'dist/apps/api/main.js']),
    'the migrate Job runs the API image',
  ],
  [
    'a volume claim that does not exist',
    (f) => (one(f, 'edge-deployment.yaml').spec.template.spec.volumes[0].persistentVolumeClaim.claimName = 'builds'),
    'claims builds, which is not in the manifests',
  ],
  ['a single worker', (f) => (one(f, 'worker-deployment.yaml').spec.replicas = 1), 'a worker needs two'],
  [
    'a worker that serves instead',
    (f) => (one(f, 'worker-deployment.yaml').spec.template.spec.containers[0].command = ['node', 'dist/apps/api/main.js']),
    'does not run the worker',
  ],
  // PgBouncer and the database's connections (docs/adr/045).
  [
    'the API autoscaled past what PgBouncer takes',
    (f) => (one(f, 'api-hpa.yaml').spec.maxReplicas = 40),
    "the pods' pools reach 424 client connections, above max_client_conn 400",
  ],
  [
    'PgBouncer pods opening more than the server allows',
    (f) => bouncerSetting(f, 'max_db_connections', '40'),
    '129 connections reach PostgreSQL, above its max_connections 100',
  ],
  [
    'the API straight to PostgreSQL, past PgBouncer',
    (f) => (apiContainer(f).env[0].valueFrom.secretKeyRef.key = 'DIRECT_DATABASE_URL'),
    '173 connections reach PostgreSQL, above its max_connections 100',
  ],
  ['PgBouncer without a bound per pod', (f) => bouncerSetting(f, 'max_db_connections', null), 'sets no max_db_connections'],
  ['PgBouncer pooling sessions', (f) => bouncerSetting(f, 'pool_mode', 'session'), 'pool_mode is session'],
  [
    'a server limit nobody wrote down',
    (f) => delete one(f, 'pgbouncer-config.yaml').metadata.annotations['eyewear/server-max-connections'],
    'annotation eyewear/server-max-connections',
  ],
  ['one PgBouncer pod', (f) => (one(f, 'pgbouncer-deployment.yaml').spec.replicas = 1), 'a fixed count of at least two'],
  [
    'an HTTP probe on PgBouncer',
    (f) => (bouncerContainer(f).readinessProbe = { httpGet: { path: '/ready', port: 'pgbouncer' } }),
    'readinessProbe is not a TCP check',
  ],
  [
    'PgBouncer listening where its container does not',
    (f) => bouncerSetting(f, 'listen_port', '5432'),
    'no containerPort 5432, the port the image listens on (listen_port)',
  ],
  [
    'a PgBouncer stop shorter than its drain',
    (f) => (one(f, 'pgbouncer-deployment.yaml').spec.template.spec.terminationGracePeriodSeconds = 30),
    'terminationGracePeriodSeconds 30 is not above preStop 5 s + idle_transaction_timeout 30 s',
  ],
  [
    'PgBouncer stopped without a sleep first',
    (f) => (bouncerContainer(f).lifecycle.preStop.exec.command = ['/bin/sh', '-c', 'kill -INT 1']),
    'no preStop sleep',
  ],
  [
    'a configuration volume of no ConfigMap',
    (f) => (one(f, 'pgbouncer-deployment.yaml').spec.template.spec.volumes[0].configMap.name = 'pgbouncer'),
    'mounts ConfigMap pgbouncer, which is not in the manifests',
  ],
  [
    'an auth file of no Secret',
    (f) => (one(f, 'pgbouncer-deployment.yaml').spec.template.spec.volumes[1].secret.secretName = 'pgbouncer-auth'),
    'mounts Secret pgbouncer-auth, which secrets.example.yaml does not show',
  ],
  [
    'a manifest the kustomization does not apply',
    (f) => f.set('extra-service.yaml', [{ ...one(f, 'api-service.yaml'), metadata: { name: 'extra' } }]),
    'does not list extra-service.yaml',
  ],
];

describe('a broken copy of the manifests fails', () => {
  it.each(BROKEN)('%s', (_what, change, expected) => {
    const dir = brokenCopy(change);
    try {
      const problems = checkManifests(dir, { repoRoot: REPO });
      expect(problems.join('\n')).toContain(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('unchanged, the copy passes (the cases above fail for their change alone)', () => {
    const dir = brokenCopy(() => undefined);
    try {
      expect(checkManifests(dir, { repoRoot: REPO })).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a file that is not YAML fails to load', () => {
    const dir = brokenCopy(() => undefined);
    try {
      writeFileSync(join(dir, 'api-pdb.yaml'), 'apiVersion: policy/v1\nkind: PodDisruptionBudget\n  metadata: [name: x\n');
      expect(() => checkManifests(dir, { repoRoot: REPO })).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
