#!/usr/bin/env node
// Checks the Kubernetes manifests of deploy/k8s offline: `node tools/deploy/check-manifests.mjs
// [dir]` prints every problem and exits 1 when there is one (tools/deploy/manifests.test.ts runs
// it on the real manifests and on broken copies).
//
// 1. Every document against the Kubernetes API's JSON schema of its apiVersion and kind
//    (kubernetes-models: the OpenAPI schemas compiled for ajv), strictly: a field the schema
//    does not know (a typo such as `readinesProbe`) is an error, as `kubectl apply` (field
//    validation Strict) makes it.
// 2. What a schema cannot see: the kustomization lists every file; Services, PDBs, HPAs and
//    NetworkPolicies point at a Deployment that exists and whose labels they select; ports
//    resolve; probe paths are routes of the code the image runs; the container port is the
//    image's; the grace period outlasts the preStop sleep plus the drain timeout; requests and
//    limits are set; every variable is documented in deploy/README.md; secrets come from Secrets;
//    volumes name ConfigMaps and Secrets that exist.
// 3. The database's connections (docs/adr/045): every pod's pool at the autoscalers' maximum and
//    mid-rollout fits PgBouncer's max_client_conn, and PgBouncer's pods mid-rollout, the pods that
//    reach PostgreSQL directly (the migrate Job) and the reserve stay within the server's
//    max_connections (the PgBouncer ConfigMap's annotations say what the server allows).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAll } from 'js-yaml';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { APPS } from '../release/deploy.mjs';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The kinds the manifests may hold, by `apiVersion/kind`. */
export const MODELS = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
};

/**
 * The images this repository builds: their Dockerfile, the code that answers their probes, and
 * the variable that bounds their drain with its default in the code.
 */
export const RUNNABLES = {
  'eyewear-api': {
    dockerfile: 'deploy/docker/api.Dockerfile',
    routes: ['apps/api/src/app.ts'],
    route: (path) => new RegExp(`app\\.get\\('${escape(path)}'`),
    drainVariable: 'API_DRAIN_MS',
    drainDefault: { file: 'apps/api/src/lifecycle.ts', pattern: /DEFAULT_DRAIN_MS = ([\d_]+)/ },
  },
  'eyewear-edge': {
    dockerfile: 'deploy/docker/edge.Dockerfile',
    routes: ['apps/edge/src/main.ts', 'apps/edge/src/handler.ts'],
    route: (path) => new RegExp(`=== '${escape(path)}'`),
    drainVariable: 'EDGE_DRAIN_MS',
    drainDefault: { file: 'apps/edge/src/main.ts', pattern: /EDGE_DRAIN_MS'\] \|\| ([\d_]+)/ },
  },
  // PgBouncer (docs/adr/045): speaks PostgreSQL's protocol, not HTTP, so its probes are TCP; its
  // port and its drain bound (the safe shutdown waits for transactions in flight, which
  // idle_transaction_timeout cuts) come from its ini; a fixed replica count (the pool arithmetic
  // counts its pods), no autoscaler.
  'eyewear-pgbouncer': {
    dockerfile: 'deploy/docker/pgbouncer.Dockerfile',
    tcp: true,
    fixedReplicas: true,
    config: 'pgbouncer.ini',
    drainSetting: 'idle_transaction_timeout',
  },
};

/** The PgBouncer ConfigMap's annotations the connection arithmetic counts against. */
export const SERVER_ANNOTATIONS = {
  maxConnections: 'eyewear/server-max-connections',
  reserved: 'eyewear/server-reserved-connections',
  ops: 'eyewear/ops-connections',
};

/** An ini text's settings, by section: `{ pgbouncer: { listen_port: '6432', ... }, databases: {...} }`. */
export function parseIni(text) {
  const sections = {};
  let current = (sections[''] = {});
  for (const raw of String(text).split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith(';') || line.startsWith('#')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) current = sections[header[1]] ??= {};
    else {
      const match = /^([^=]+?)\s*=\s*(.*)$/.exec(line);
      if (match) current[match[1]] = match[2];
    }
  }
  return sections;
}

/** Where the code reads its environment (deploy/README.md must document each variable). */
export const ENV_SOURCES = ['apps/api/src', 'apps/edge/src'];

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

const DNS_1123 = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** Every document of every YAML file in `dir`: `{ file, index, doc }`. */
export function loadManifests(dir) {
  const documents = [];
  for (const file of readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()) {
    loadAll(readFileSync(join(dir, file), 'utf8'), (doc) => {
      if (doc !== null && doc !== undefined) documents.push({ file, index: documents.filter((d) => d.file === file).length, doc });
    });
  }
  return documents;
}

/**
 * Runs the kind's schema validator on a copy of `doc` that records which fields the validator
 * read: ajv reads every property its schema names, so a field never read is one the schema does
 * not know (the published schemas allow extra fields; the API server in Strict mode does not).
 */
export function schemaProblems(doc) {
  const model = MODELS[`${doc?.apiVersion}/${doc?.kind}`];
  if (!model) return [`${doc?.apiVersion}/${doc?.kind} is not a kind these manifests may use (${Object.keys(MODELS).join(', ')})`];
  const unread = [];
  const watch = (value, path) => {
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((item, i) => watch(item, `${path}/${i}`));
    const read = new Set();
    const keys = Object.keys(value);
    const copy = Object.fromEntries(keys.map((key) => [key, watch(value[key], `${path}/${key}`)]));
    unread.push(() => keys.filter((key) => !read.has(key)).map((key) => `${path}/${key}`));
    return new Proxy(copy, {
      get(target, key, receiver) {
        if (typeof key === 'string') read.add(key);
        return Reflect.get(target, key, receiver);
      },
    });
  };
  try {
    model.prototype.validate.call(watch(doc, ''));
  } catch (error) {
    return String(error.message)
      .split('\n')
      .filter(Boolean)
      .map((line) => `schema: ${line.trim()}`);
  }
  return unread.flatMap((list) => list()).map((path) => `schema: ${path} is not a field of ${doc.apiVersion} ${doc.kind}`);
}

const read = (repoRoot, file) => readFileSync(join(repoRoot, file), 'utf8');

/** Variables documented in deploy/README.md: the first column of its tables, as `NAME`. */
export function documentedVariables(repoRoot) {
  const readme = read(repoRoot, 'deploy/README.md');
  return new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((match) => match[1]));
}

/** Variables the API and the edge read (tests and test helpers left out). */
export function variablesReadByCode(repoRoot) {
  const names = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'testing' && entry.name !== 'node_modules') walk(path);
      } else if (/\.(ts|mjs|js)$/.test(entry.name) && !/\.test\./.test(entry.name)) {
        const text = read(repoRoot, path);
        for (const match of text.matchAll(/\benv(?:\.|\[['"])([A-Z][A-Z0-9_]+)/g)) names.add(match[1]);
        // Helpers that read a variable by name: fromEnv('DB_POOL_MAX', 10).
        for (const match of text.matchAll(/\b\w*[eE]nv\w*\(\s*['"]([A-Z][A-Z0-9_]+)['"]/g)) names.add(match[1]);
      }
    }
  };
  ENV_SOURCES.forEach(walk);
  return names;
}

/** A Dockerfile's final stage: its EXPOSEd ports, ENV, USER, HEALTHCHECK and CMD. */
export function finalStage(text) {
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  const start = lines.findLastIndex((line) => /^FROM\s/i.test(line));
  const stage = { expose: [], env: {}, user: null, healthcheck: null, cmd: null, stages: lines.filter((line) => /^FROM\s/i.test(line)).length };
  for (const line of lines.slice(start)) {
    const [instruction, ...rest] = line.trim().split(/\s+/);
    const args = rest.join(' ');
    switch (instruction?.toUpperCase()) {
      case 'EXPOSE':
        stage.expose.push(...rest.map((port) => Number(port.split('/')[0])));
        break;
      case 'ENV':
        for (const match of args.matchAll(/([A-Z_][A-Z0-9_]*)=("[^"]*"|\S+)/g)) stage.env[match[1]] = match[2].replace(/^"|"$/g, '');
        break;
      case 'USER':
        stage.user = args;
        break;
      case 'HEALTHCHECK':
        stage.healthcheck = args;
        break;
      case 'CMD':
        stage.cmd = JSON.parse(args);
        break;
      default:
    }
  }
  return stage;
}

/** `500m` -> 0.5, `1` -> 1; `256Mi` -> bytes. */
function quantity(value) {
  const match = /^([\d.]+)(m|Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(String(value));
  if (!match) return NaN;
  const factor = { m: 1e-3, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, k: 1e3, M: 1e6, G: 1e9, T: 1e12 }[match[2]] ?? 1;
  return Number(match[1]) * factor;
}

const selects = (selector, labels) =>
  Boolean(selector) && Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels?.[key] === value);

/** The problems of the manifests in `dir`, each one line naming its file and object. */
export function checkManifests(dir, { repoRoot = REPO_ROOT } = {}) {
  const problems = [];
  const documents = loadManifests(dir);
  const at = ({ file, index, doc }) => `${file}${index ? `#${index}` : ''} ${doc?.kind ?? '?'}/${doc?.metadata?.name ?? '?'}`;
  const report = (entry, message) => problems.push(`${at(entry)}: ${message}`);

  // The kustomization: every file it lists exists; every manifest is listed (examples aside).
  const kustomization = documents.find((entry) => entry.doc.kind === 'Kustomization');
  const resources = kustomization?.doc.resources ?? [];
  if (!kustomization) problems.push('kustomization.yaml: missing');
  for (const name of resources) if (!existsSync(join(dir, name))) problems.push(`kustomization.yaml: lists ${name}, which does not exist`);
  const files = [...new Set(documents.map((entry) => entry.file))];
  for (const file of files) {
    if (file !== 'kustomization.yaml' && !file.endsWith('.example.yaml') && !resources.includes(file))
      problems.push(`kustomization.yaml: does not list ${file}`);
  }
  const applied = documents.filter((entry) => resources.includes(entry.file));
  const examples = documents.filter((entry) => entry.file.endsWith('.example.yaml'));

  for (const entry of [...applied, ...examples]) {
    for (const problem of schemaProblems(entry.doc)) report(entry, problem);
    if (!DNS_1123.test(entry.doc.metadata?.name ?? '')) report(entry, `metadata.name "${entry.doc.metadata?.name}" is not a DNS-1123 label`);
  }

  const ofKind = (kind) => applied.filter((entry) => entry.doc.kind === kind);
  const named = (kind, name) => ofKind(kind).find((entry) => entry.doc.metadata?.name === name);
  const deployments = ofKind('Deployment');
  const workloads = [...deployments, ...ofKind('Job')];
  const configMaps = new Map(ofKind('ConfigMap').map((entry) => [entry.doc.metadata.name, entry.doc.data ?? {}]));
  const secrets = new Map(
    examples.filter((entry) => entry.doc.kind === 'Secret').map((entry) => [entry.doc.metadata.name, { ...entry.doc.data, ...entry.doc.stringData }]),
  );
  const imageNames = new Set((kustomization?.doc.images ?? []).map((image) => image.name));
  let documented;
  try {
    documented = documentedVariables(repoRoot);
  } catch {
    documented = new Set();
    problems.push('deploy/README.md: missing (it documents the environment variables)');
  }
  for (const name of variablesReadByCode(repoRoot)) {
    if (!documented.has(name)) problems.push(`deploy/README.md: does not document ${name}, which the code reads`);
  }

  /** A container's environment: its env values, then its ConfigMaps' keys. */
  const environmentOf = (entry, container) => {
    const env = {};
    for (const source of container.envFrom ?? []) {
      const name = source.configMapRef?.name;
      if (name && !configMaps.has(name)) report(entry, `envFrom names ConfigMap ${name}, which is not in the manifests`);
      Object.assign(env, configMaps.get(name) ?? {});
      if (source.secretRef) report(entry, `envFrom secretRef: name each secret variable with secretKeyRef instead`);
    }
    for (const variable of container.env ?? []) {
      env[variable.name] = variable.value;
      const ref = variable.valueFrom?.secretKeyRef;
      if (ref && !secrets.has(ref.name)) report(entry, `${variable.name} reads Secret ${ref.name}, which secrets.example.yaml does not show`);
      else if (ref && secrets.get(ref.name)[ref.key] === undefined)
        report(entry, `${variable.name} reads Secret ${ref.name} key ${ref.key}, which secrets.example.yaml does not show`);
      const mapRef = variable.valueFrom?.configMapKeyRef;
      if (mapRef && configMaps.get(mapRef.name)?.[mapRef.key] === undefined)
        report(entry, `${variable.name} reads ConfigMap ${mapRef.name} key ${mapRef.key}, which does not exist`);
      if (/SECRET|PASSWORD|DATABASE_URL|_KEY$/.test(variable.name) && variable.value !== undefined)
        report(entry, `${variable.name} is a secret: take it from a Secret, not a value`);
    }
    for (const name of Object.keys(env)) if (!documented.has(name)) report(entry, `${name} is not documented in deploy/README.md`);
    return env;
  };
  for (const [name, data] of configMaps) {
    for (const key of Object.keys(data)) {
      if (/SECRET|PASSWORD|DATABASE_URL|_KEY$/.test(key)) problems.push(`ConfigMap/${name}: ${key} is a secret: keep it in a Secret`);
    }
  }

  for (const entry of workloads) {
    const pod = entry.doc.spec?.template?.spec ?? {};
    const labels = entry.doc.spec?.template?.metadata?.labels ?? {};
    const isDeployment = entry.doc.kind === 'Deployment';
    // A worker (the job queue's, docs/adr/043) serves no HTTP: no port, probes, drain or
    // autoscaler; a fixed replica count of at least two and a budget that lets one go.
    const isWorker = isDeployment && labels['app.kubernetes.io/component'] === 'worker';
    // Workers and PgBouncer keep a fixed count, no autoscaler.
    const isFixed = isWorker || (isDeployment && (pod.containers ?? []).some((c) => RUNNABLES[String(c.image ?? '').split(':')[0]]?.fixedReplicas === true));
    if (isDeployment && !selects(entry.doc.spec?.selector?.matchLabels, labels))
      report(entry, 'spec.selector.matchLabels does not match the pod template labels');
    if (isDeployment && !isFixed && entry.doc.spec?.replicas !== undefined)
      report(entry, 'spec.replicas is set, but the HorizontalPodAutoscaler owns the replica count');
    if (isFixed && !isWorker && !(entry.doc.spec?.replicas >= 2))
      report(entry, `spec.replicas ${entry.doc.spec?.replicas}: a fixed count of at least two, so one pod can restart while the other serves`);
    if (isWorker && !(entry.doc.spec?.replicas >= 2))
      report(entry, `spec.replicas ${entry.doc.spec?.replicas}: a worker needs two, so one can restart while the other works`);
    if (pod.securityContext?.runAsNonRoot !== true) report(entry, 'the pod does not require runAsNonRoot');
    for (const volume of pod.volumes ?? []) {
      const claim = volume.persistentVolumeClaim?.claimName;
      if (claim && !named('PersistentVolumeClaim', claim)) report(entry, `volume ${volume.name} claims ${claim}, which is not in the manifests`);
      const map = volume.configMap?.name;
      if (map && !configMaps.has(map)) report(entry, `volume ${volume.name} mounts ConfigMap ${map}, which is not in the manifests`);
      const secret = volume.secret?.secretName;
      if (secret && !secrets.has(secret)) report(entry, `volume ${volume.name} mounts Secret ${secret}, which secrets.example.yaml does not show`);
    }
    for (const container of pod.containers ?? []) {
      const image = String(container.image ?? '').split(':')[0];
      if (!imageNames.has(image)) report(entry, `container ${container.name}: image ${container.image} is not set by the kustomization's images`);
      const { requests = {}, limits = {} } = container.resources ?? {};
      for (const resource of ['cpu', 'memory']) {
        if (requests[resource] === undefined || limits[resource] === undefined) report(entry, `container ${container.name}: no ${resource} request and limit`);
        else if (!(quantity(requests[resource]) <= quantity(limits[resource])))
          report(entry, `container ${container.name}: ${resource} request ${requests[resource]} is above its limit ${limits[resource]}`);
      }
      if (container.securityContext?.allowPrivilegeEscalation !== false) report(entry, `container ${container.name}: allowPrivilegeEscalation is not false`);
      const env = environmentOf(entry, container);
      const runnable = RUNNABLES[image];
      if (!runnable) {
        report(entry, `container ${container.name}: image ${image} is not one this repository builds (${Object.keys(RUNNABLES).join(', ')})`);
        continue;
      }
      const dockerfile = finalStage(read(repoRoot, runnable.dockerfile));
      if (isWorker) {
        const command = (container.command ?? []).join(' ');
        if (!/\bworker$/.test(command)) report(entry, `container ${container.name}: command "${command}" does not run the worker`);
        // The worker lets the jobs in hand finish for 10 s (apps/api/src/jobs/worker.ts).
        if (!((pod.terminationGracePeriodSeconds ?? 30) > 11)) report(entry, `terminationGracePeriodSeconds is not above the worker's 10 s stop + 1 s`);
      }
      if (!isDeployment || isWorker) continue;

      // A configuration file from a ConfigMap volume (PgBouncer's ini), mounted where the image reads it.
      let ini = null;
      if (runnable.config) {
        const configFile = dockerfile.cmd?.find((arg) => arg.endsWith(`/${runnable.config}`));
        const mount = (container.volumeMounts ?? []).find((m) => configFile?.startsWith(`${m.mountPath.replace(/\/$/, '')}/`));
        const map = (pod.volumes ?? []).find((v) => v.name === mount?.name)?.configMap?.name;
        const text = configMaps.get(map)?.[runnable.config];
        if (text === undefined)
          report(entry, `container ${container.name}: no ConfigMap with ${runnable.config} mounted where the image reads it (${configFile})`);
        else ini = parseIni(text);
      }

      // Ports: the container's is the image's.
      const ports = container.ports ?? [];
      const port = Number(ini ? (ini.pgbouncer?.listen_port ?? 6432) : (env.PORT ?? dockerfile.env.PORT));
      if (!ports.some((p) => p.containerPort === port))
        report(entry, `container ${container.name}: no containerPort ${port}, the port the image listens on (${ini ? 'listen_port' : 'PORT'})`);
      if (!dockerfile.expose.includes(port)) report(entry, `${runnable.dockerfile}: does not EXPOSE ${port}`);
      const portOf = (ref) => (typeof ref === 'number' ? ports.find((p) => p.containerPort === ref) : ports.find((p) => p.name === ref));

      // Probes: on a port of the container, at a route of the code.
      const source = (runnable.routes ?? []).map((file) => read(repoRoot, file)).join('\n');
      for (const kind of ['livenessProbe', 'readinessProbe']) {
        if (!container[kind]) report(entry, `container ${container.name}: no ${kind}`);
      }
      for (const kind of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
        if (!container[kind]) continue;
        if (runnable.tcp) {
          const tcp = container[kind].tcpSocket;
          if (!tcp) report(entry, `container ${container.name}: ${kind} is not a TCP check (the image speaks no HTTP)`);
          else if (!portOf(tcp.port)) report(entry, `container ${container.name}: ${kind} port ${tcp.port} is not a port of the container`);
          continue;
        }
        const probe = container[kind]?.httpGet;
        if (!probe) {
          report(entry, `container ${container.name}: ${kind} is not an HTTP GET`);
          continue;
        }
        if (!portOf(probe.port)) report(entry, `container ${container.name}: ${kind} port ${probe.port} is not a port of the container`);
        if (!runnable.route(probe.path).test(source))
          report(entry, `container ${container.name}: ${kind} path ${probe.path} is not a route of ${runnable.routes.join(' or ')}`);
      }
      if (image === 'eyewear-api' && container.readinessProbe) {
        const readyMs = Number(/READY_TIMEOUT_MS = ([\d_]+)/.exec(read(repoRoot, 'apps/api/src/app.ts'))?.[1].replaceAll('_', ''));
        if ((container.readinessProbe.timeoutSeconds ?? 1) * 1000 <= readyMs)
          report(entry, `container ${container.name}: readinessProbe.timeoutSeconds must be above the API's database check (${readyMs} ms)`);
      }

      // The stop: endpoints removed during preStop, then the drain, all within the grace period.
      // (A preStop that runs a command, PgBouncer's, sleeps first in it.)
      const preStop = container.lifecycle?.preStop;
      const sleep = preStop?.sleep?.seconds ?? Number(/(?:^|\s)sleep (\d+)\b/.exec((preStop?.exec?.command ?? []).join(' '))?.[1] ?? NaN);
      if (!Number.isFinite(sleep)) report(entry, `container ${container.name}: no preStop sleep (endpoints must be removed before the drain starts)`);
      let drainMs;
      let drainName;
      if (runnable.drainSetting) {
        drainName = runnable.drainSetting;
        drainMs = Number(ini?.pgbouncer?.[runnable.drainSetting] ?? NaN) * 1000;
        if (!(drainMs > 0)) report(entry, `container ${container.name}: ${runnable.config} sets no ${runnable.drainSetting}, so nothing bounds its drain`);
      } else {
        drainName = runnable.drainVariable;
        const defaultText = read(repoRoot, runnable.drainDefault.file).match(runnable.drainDefault.pattern)?.[1];
        drainMs = Number(env[runnable.drainVariable] ?? String(defaultText).replaceAll('_', ''));
      }
      const grace = pod.terminationGracePeriodSeconds ?? 30;
      const slept = Number.isFinite(sleep) ? sleep : 0;
      if (!(grace > slept + drainMs / 1000 + 1))
        report(entry, `terminationGracePeriodSeconds ${grace} is not above preStop ${slept} s + ${drainName} ${drainMs / 1000} s + 1 s`);
      if (!dockerfile.user || /^(root|0)(:|$)/.test(dockerfile.user)) report(entry, `${runnable.dockerfile}: the image runs as root`);
    }

    if (isDeployment) {
      const name = entry.doc.metadata.name;
      const hpas = ofKind('HorizontalPodAutoscaler').filter(
        (hpa) => hpa.doc.spec?.scaleTargetRef?.kind === 'Deployment' && hpa.doc.spec.scaleTargetRef.name === name,
      );
      if (hpas.length !== (isFixed ? 0 : 1)) report(entry, `${hpas.length} HorizontalPodAutoscalers scale it (want ${isFixed ? 0 : 1})`);
      const pdbs = ofKind('PodDisruptionBudget').filter((pdb) => selects(pdb.doc.spec?.selector?.matchLabels, labels));
      if (pdbs.length !== 1) report(entry, `${pdbs.length} PodDisruptionBudgets cover it (want 1)`);
      const minReplicas = isFixed ? (entry.doc.spec?.replicas ?? 1) : (hpas[0]?.doc.spec?.minReplicas ?? 1);
      if (minReplicas < 2) report(entry, `the autoscaler's minReplicas ${minReplicas}: one pod cannot be drained without an outage`);
      for (const pdb of pdbs) {
        if (typeof pdb.doc.spec.minAvailable === 'number' && pdb.doc.spec.minAvailable >= minReplicas)
          report(pdb, `minAvailable ${pdb.doc.spec.minAvailable} blocks every eviction at ${minReplicas} replicas`);
      }
    }
  }

  for (const entry of ofKind('HorizontalPodAutoscaler')) {
    const target = entry.doc.spec?.scaleTargetRef ?? {};
    if (target.apiVersion !== 'apps/v1' || target.kind !== 'Deployment' || !named('Deployment', target.name))
      report(entry, `scaleTargetRef ${target.apiVersion} ${target.kind}/${target.name} is not a Deployment in the manifests`);
  }
  for (const entry of ofKind('PodDisruptionBudget')) {
    if (!deployments.some((d) => selects(entry.doc.spec?.selector?.matchLabels, d.doc.spec?.template?.metadata?.labels)))
      report(entry, 'its selector matches no Deployment');
  }

  /** The Deployment whose pods a selector picks, and the container port a target names. */
  const podsOf = (selector) => deployments.filter((d) => selects(selector, d.doc.spec?.template?.metadata?.labels));
  const containerPort = (deployment, ref) =>
    (deployment.doc.spec.template.spec.containers ?? [])
      .flatMap((c) => c.ports ?? [])
      .find((p) => (typeof ref === 'number' ? p.containerPort === ref : p.name === ref));

  for (const entry of ofKind('Service')) {
    const targets = podsOf(entry.doc.spec?.selector);
    if (targets.length !== 1) {
      report(entry, `its selector matches ${targets.length} Deployments (want 1)`);
      continue;
    }
    for (const port of entry.doc.spec.ports ?? []) {
      if (!containerPort(targets[0], port.targetPort ?? port.port))
        report(entry, `port ${port.name ?? port.port}: targetPort ${port.targetPort} is not a port of ${targets[0].doc.metadata.name}`);
    }
  }
  for (const entry of ofKind('NetworkPolicy')) {
    const targets = podsOf(entry.doc.spec?.podSelector?.matchLabels);
    if (targets.length !== 1) report(entry, `its podSelector matches ${targets.length} Deployments (want 1)`);
    for (const rule of entry.doc.spec?.ingress ?? []) {
      for (const from of rule.from ?? []) {
        if (from.podSelector && podsOf(from.podSelector.matchLabels).length === 0)
          report(entry, `an ingress rule admits pods ${JSON.stringify(from.podSelector.matchLabels)}, which no Deployment has`);
      }
      for (const port of rule.ports ?? [])
        if (targets[0] && !containerPort(targets[0], port.port)) report(entry, `port ${port.port} is not a port of ${targets[0].doc.metadata.name}`);
    }
  }
  const edgeEnv = (() => {
    const edge = deployments.find((d) => d.doc.spec.template.spec.containers?.some((c) => String(c.image).split(':')[0] === 'eyewear-edge'));
    const container = edge?.doc.spec.template.spec.containers.find((c) => String(c.image).split(':')[0] === 'eyewear-edge');
    return container ? Object.assign({}, ...(container.envFrom ?? []).map((s) => configMaps.get(s.configMapRef?.name) ?? {})) : {};
  })();
  for (const entry of ofKind('Ingress')) {
    for (const rule of entry.doc.spec?.rules ?? []) {
      for (const path of rule.http?.paths ?? []) {
        const backend = path.backend?.service;
        const service = backend && named('Service', backend.name);
        if (!service) {
          report(entry, `backend ${backend?.name} is not a Service in the manifests`);
          continue;
        }
        const port = backend.port?.name ?? backend.port?.number;
        if (!(service.doc.spec.ports ?? []).some((p) => p.name === port || p.port === port))
          report(entry, `backend port ${port} is not a port of Service ${backend.name}`);
      }
      if (edgeEnv.PUBLIC_ORIGIN && new URL(edgeEnv.PUBLIC_ORIGIN).host !== rule.host)
        report(entry, `host ${rule.host} is not the edge's PUBLIC_ORIGIN (${edgeEnv.PUBLIC_ORIGIN})`);
    }
  }
  if (edgeEnv.API_URL) {
    const url = new URL(edgeEnv.API_URL);
    const service = named('Service', url.hostname);
    if (!service || !(service.doc.spec.ports ?? []).some((p) => p.port === Number(url.port || 80)))
      problems.push(`edge API_URL ${edgeEnv.API_URL} is not a Service port in the manifests`);
  }

  // The deploy Job deploys every app of the release CLI, the shell first; the migrate Job runs
  // the API image's migrate step (the schema, before the API rollout: issue 38).
  for (const entry of ofKind('Job')) {
    const script = (entry.doc.spec.template.spec.containers ?? []).flatMap((c) => [...(c.command ?? []), ...(c.args ?? [])]).join(' ');
    if (entry.doc.spec.template.metadata?.labels?.['app.kubernetes.io/component'] === 'migrate') {
      const container = entry.doc.spec.template.spec.containers?.[0];
      if (container?.image !== 'eyewear-api' || script !== 'node dist/apps/api/main.js migrate')
        report(entry, `runs ${container?.image} "${script}"; the migrate Job runs the API image's "node dist/apps/api/main.js migrate"`);
      continue;
    }
    const listed = /for app in ([^;]+);/.exec(script)?.[1].trim().split(/\s+/) ?? [];
    if (JSON.stringify(listed) !== JSON.stringify(APPS))
      report(entry, `deploys ${listed.join(', ') || 'nothing'}; the release CLI's apps are ${APPS.join(', ')} (the shell first)`);
  }

  const budget = connectionBudget({ applied, configMaps, secrets, repoRoot });
  problems.push(...budget.problems);
  return problems;
}

/** `25%` of `n` rounded up, or a number as it is (a rolling update's maxSurge). */
const surgeOf = (value, n) => (typeof value === 'string' && value.endsWith('%') ? Math.ceil((n * Number(value.slice(0, -1))) / 100) : Number(value));

/**
 * The database's connections, from the manifests (docs/adr/045): each workload that reads
 * DATABASE_URL, at its most pods (the autoscaler's maximum or the fixed count, plus a rollout's
 * surge; a Job's parallelism) times its pool (DB_POOL_MAX, else the API's default), either
 * through PgBouncer (the URL's host is PgBouncer's Service: secrets.example.yaml) or straight to
 * PostgreSQL; then PgBouncer's own pods, at most, times its server connections. Answers the
 * lines of the sum and the problems: clients beyond max_client_conn (one PgBouncer pod may hold
 * them all while the other restarts), or server connections beyond max_connections.
 */
export function connectionBudget({ applied, configMaps, secrets, repoRoot = REPO_ROOT }) {
  const problems = [];
  const lines = [];
  const deployments = applied.filter((entry) => entry.doc.kind === 'Deployment');
  const imageOf = (container) => String(container.image ?? '').split(':')[0];
  const poolDefault = Number(/fromEnv\('DB_POOL_MAX', (\d+)\)/.exec(read(repoRoot, 'apps/api/src/db/database.ts'))?.[1] ?? 10);
  const hpaMax = (name) =>
    applied.find((entry) => entry.doc.kind === 'HorizontalPodAutoscaler' && entry.doc.spec?.scaleTargetRef?.name === name)?.doc.spec?.maxReplicas;
  /** A workload's most pods at once, and how that is made up. */
  const peak = (entry) => {
    if (entry.doc.kind === 'Job') return { pods: entry.doc.spec?.parallelism ?? 1, why: 'a Job' };
    const base = hpaMax(entry.doc.metadata.name) ?? entry.doc.spec?.replicas ?? 1;
    const strategy = entry.doc.spec?.strategy ?? {};
    const surge = strategy.type === 'Recreate' ? 0 : surgeOf(strategy.rollingUpdate?.maxSurge ?? '25%', base);
    return { pods: base + surge, why: `${base} + ${surge} surge` };
  };

  const bouncer = deployments.find((entry) => (entry.doc.spec?.template?.spec?.containers ?? []).some((c) => RUNNABLES[imageOf(c)]?.config));
  if (!bouncer) return { problems, lines };
  const pod = bouncer.doc.spec.template.spec;
  const container = pod.containers.find((c) => RUNNABLES[imageOf(c)]?.config);
  const runnable = RUNNABLES[imageOf(container)];
  const mapName = (pod.volumes ?? []).find((v) => v.configMap && (container.volumeMounts ?? []).some((m) => m.name === v.name))?.configMap.name;
  const mapEntry = applied.find((entry) => entry.doc.kind === 'ConfigMap' && entry.doc.metadata.name === mapName);
  const ini = parseIni(configMaps.get(mapName)?.[runnable.config] ?? '').pgbouncer ?? {};
  const at = `${bouncer.file} Deployment/${bouncer.doc.metadata.name}`;
  if (ini.pool_mode !== 'transaction')
    problems.push(`${at}: pool_mode is ${ini.pool_mode ?? 'unset (session)'}; the arithmetic below is for transaction pooling`);
  const perPod = Number(ini.max_db_connections ?? 0);
  if (!(perPod > 0)) problems.push(`${at}: ${runnable.config} sets no max_db_connections, so nothing bounds one pod's server connections`);
  const maxClients = Number(ini.max_client_conn ?? 100);
  const annotations = mapEntry?.doc.metadata?.annotations ?? {};
  const server = Object.fromEntries(Object.entries(SERVER_ANNOTATIONS).map(([key, name]) => [key, Number(annotations[name])]));
  for (const [key, name] of Object.entries(SERVER_ANNOTATIONS)) {
    if (!Number.isInteger(server[key])) problems.push(`ConfigMap/${mapName}: annotation ${name} (what the PostgreSQL server allows) is missing`);
  }
  const service = applied.find((entry) => entry.doc.kind === 'Service' && selects(entry.doc.spec?.selector, bouncer.doc.spec.template.metadata?.labels));

  let clients = 0;
  let direct = 0;
  for (const entry of applied.filter((e) => e.doc.kind === 'Deployment' || e.doc.kind === 'Job')) {
    for (const c of entry.doc.spec?.template?.spec?.containers ?? []) {
      const ref = (c.env ?? []).find((v) => v.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef;
      if (!ref) continue;
      const env = Object.assign({}, ...(c.envFrom ?? []).map((source) => configMaps.get(source.configMapRef?.name) ?? {}));
      for (const variable of c.env ?? []) if (variable.value !== undefined) env[variable.name] = variable.value;
      const pool = Number(env.DB_POOL_MAX ?? poolDefault);
      const { pods, why } = peak(entry);
      let url = null;
      try {
        url = new URL(secrets.get(ref.name)?.[ref.key]);
      } catch {
        // reported with the Secret's key
      }
      const pooled = Boolean(service && url?.hostname === service.doc.metadata.name);
      if (pooled && !(service.doc.spec.ports ?? []).some((p) => p.port === Number(url.port || 5432)))
        problems.push(
          `${entry.file} ${entry.doc.kind}/${entry.doc.metadata.name}: DATABASE_URL (${ref.name} ${ref.key}) names port ${url.port} of Service ${url.hostname}, which it lacks`,
        );
      const count = pods * pool;
      lines.push(
        `${entry.doc.kind}/${entry.doc.metadata.name}: ${pods} pods (${why}) x ${pool} (DB_POOL_MAX) = ${count}, ${pooled ? 'to PgBouncer' : 'to PostgreSQL'}`,
      );
      if (pooled) clients += count;
      else direct += count;
    }
  }
  const bouncers = peak(bouncer);
  const serverSide = bouncers.pods * perPod + direct + (server.reserved || 0) + (server.ops || 0);
  lines.push(`clients of PgBouncer: ${clients} <= max_client_conn ${maxClients} (one pod may hold them all)`);
  lines.push(
    `PostgreSQL: PgBouncer ${bouncers.pods} pods (${bouncers.why}) x ${perPod} (max_db_connections) + ${direct} direct + ${server.reserved} reserved + ${server.ops} for people and monitoring = ${serverSide} <= max_connections ${server.maxConnections}`,
  );
  if (clients > maxClients) problems.push(`${at}: the pods' pools reach ${clients} client connections, above max_client_conn ${maxClients}`);
  if (serverSide > server.maxConnections)
    problems.push(`${at}: at the most pods, ${serverSide} connections reach PostgreSQL, above its max_connections ${server.maxConnections}`);
  return { problems, lines };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? join(REPO_ROOT, 'deploy/k8s'));
  const problems = checkManifests(dir);
  for (const problem of problems) console.error(problem);
  const documents = loadManifests(dir);
  const resources = documents.find((entry) => entry.doc.kind === 'Kustomization')?.doc.resources ?? [];
  const applied = documents.filter((entry) => resources.includes(entry.file));
  const { lines } = connectionBudget({
    applied,
    configMaps: new Map(applied.filter((e) => e.doc.kind === 'ConfigMap').map((e) => [e.doc.metadata.name, e.doc.data ?? {}])),
    secrets: new Map(
      documents
        .filter((e) => e.file.endsWith('.example.yaml') && e.doc.kind === 'Secret')
        .map((e) => [e.doc.metadata.name, { ...e.doc.data, ...e.doc.stringData }]),
    ),
  });
  if (lines.length) console.log(`database connections at the most pods:\n${lines.map((line) => `  ${line}`).join('\n')}`);
  console.log(problems.length ? `${problems.length} problem(s) in ${basename(dir)}` : `${basename(dir)}: every manifest is valid`);
  process.exitCode = problems.length ? 1 : 0;
}
