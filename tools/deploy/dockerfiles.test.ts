// The Dockerfiles of deploy/docker and the root .dockerignore, checked statically: no Docker
// engine runs where the tests run, so what a build would prove is checked from the text and
// the repository (stages, install, build, what the image holds, as whom it runs, its health
// check and command, that nothing it needs is ignored and nothing secret is baked in).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { APPS } from '../release/deploy.mjs';

const REPO = resolve(__dirname, '../..');
const read = (path: string) => readFileSync(join(REPO, path), 'utf8');
const rootPackage = JSON.parse(read('package.json'));

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  base: string;
  name: string;
  instructions: Instruction[];
}

/** Stages and their instructions (continuation lines joined, comments dropped). */
function parseDockerfile(text: string): Stage[] {
  const lines = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const stages: Stage[] = [];
  for (const line of lines) {
    const [keyword, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword!.toUpperCase() === 'FROM') {
      const [, base, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? [];
      stages.push({ base: base!, name: name ?? String(stages.length), instructions: [] });
    } else if (stages.length) {
      stages[stages.length - 1]!.instructions.push({ keyword: keyword!.toUpperCase(), args });
    }
  }
  return stages;
}

const all = (stage: Stage, keyword: string) =>
  stage.instructions.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args);
const stageNamed = (stages: Stage[], name: string) => stages.find((stage) => stage.name === name)!;

/** The workspace folders of the root package.json (apps/*, libs/*, tools, e2e). */
function workspaceDirs(): string[] {
  return (rootPackage.workspaces as string[])
    .flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(join(REPO, pattern.slice(0, -2)), { withFileTypes: true })
            .filter((entry) => entry.isDirectory())
            .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
        : [pattern],
    )
    .filter((dir) => existsSync(join(REPO, dir, 'package.json')))
    .sort();
}

/** Whether a .dockerignore pattern list keeps `path` out of the context (last match wins; ! re-includes). */
function ignored(patterns: string[], path: string): boolean {
  let result = false;
  for (const raw of patterns) {
    const negated = raw.startsWith('!');
    const glob = (negated ? raw.slice(1) : raw).replace(/^\/|\/$/g, '');
    const source = glob
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\//g, '\u0000')
      .replace(/\*\*/g, '\u0001')
      .replace(/\*/g, '[^/]*')
      .replace(/\?/g, '[^/]')
      .replace(/\u0000/g, '(?:.*/)?')
      .replace(/\u0001/g, '.*');
    // A pattern that names a folder keeps out everything in it.
    if (new RegExp(`^${source}(?:/.*)?$`).test(path)) result = !negated;
  }
  return result;
}

const dockerignore = read('.dockerignore')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));

/** Bare package names a file imports at run time (type-only imports are erased by swc). */
function bareImports(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    const [, typeOnly, clause = '', specifier] = match;
    if (typeOnly) continue;
    const named = /^\{([^}]*)\}$/.exec(clause.trim());
    const parts =
      named?.[1]!
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean) ?? [];
    if (named && parts.every((part) => part.startsWith('type '))) continue;
    names.push(specifier!);
  }
  for (const match of text.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g)) names.push(match[1]!);
  return names.filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('/'));
}

const packageOf = (specifier: string) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(REPO, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'testing' || entry.name === 'node_modules' || entry.name === '__fixtures__' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.(test|spec)\.|\.d\.ts$/.test(entry.name) && entry.name !== 'testing.ts' ? [path] : [];
  });
}

/** The files a Node entry loads through relative imports, itself included. */
function reachable(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = read(file);
    for (const match of text.matchAll(/(?:from\s+|import\(\s*)['"](\.{1,2}\/[^'"]+\.mjs)['"]/g)) visit(relative(REPO, resolve(REPO, dirname(file), match[1]!)));
  };
  visit(entry);
  return [...seen].sort();
}

const RUNNABLES = [
  {
    file: 'deploy/docker/api.Dockerfile',
    build: 'npx nx run api:build',
    port: 3000,
    liveness: '/health',
    livenessRoute: { file: 'apps/api/src/app.ts', pattern: "app.get('/health'" },
    cmd: ['node', 'dist/apps/api/main.js'],
  },
  {
    file: 'deploy/docker/edge.Dockerfile',
    build: `npx nx run-many -t build --projects=edge,${APPS.join(',')},federation`,
    port: 4200,
    liveness: '/livez',
    livenessRoute: { file: 'apps/edge/src/handler.ts', pattern: "=== '/livez'" },
    cmd: ['node', 'dist/apps/edge/main.js', '--root', '/srv/deploy'],
  },
];

describe.each(RUNNABLES)('$file', (runnable) => {
  const stages = parseDockerfile(read(runnable.file));
  const final = stages[stages.length - 1]!;

  it('is multi-stage: dependencies, build, production dependencies, runtime on one Node base', () => {
    expect(stages.map((stage) => stage.name)).toEqual(['deps', 'build', 'prod-deps', 'runtime']);
    expect(stageNamed(stages, 'build').base).toBe('deps');
    for (const name of ['deps', 'prod-deps', 'runtime']) expect(stageNamed(stages, name).base).toBe('${NODE_IMAGE}');
    // Node 22 LTS, Debian's slim variant (docs/adr/045); the CI machines run Node 20, which the
    // root package.json's engines still allow, so nothing here may need 22 to build or run.
    expect(read(runnable.file)).toMatch(/^ARG NODE_IMAGE=node:22-bookworm-slim$/m);
    expect(rootPackage.engines.node).toBe('>=20.19 <21 || >=22');
  });

  it('installs with npm install against the lockfile, every workspace declared first (never npm ci)', () => {
    expect(stages.flatMap((stage) => all(stage, 'RUN')).filter((run) => /npm ci\b/.test(run))).toEqual([]);
    for (const [name, flags] of [
      ['deps', /^npm install --no-audit --no-fund$/],
      ['prod-deps', /^npm install --omit=dev --ignore-scripts --no-audit --no-fund && rm -rf node_modules\/@eyewear /],
    ] as const) {
      const stage = stageNamed(stages, name);
      const runs = all(stage, 'RUN');
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatch(flags);
      const copied = all(stage, 'COPY');
      expect(copied[0]).toBe('package.json package-lock.json .npmrc ./');
      // npm needs every workspace's package.json to install from the lockfile.
      expect([...copied.slice(1)].sort()).toEqual(workspaceDirs().map((dir) => `${dir}/package.json ${dir}/`));
      expect(all(stage, 'ENV').join(' ')).not.toMatch(/NODE_ENV/);
    }
  });

  it('builds with Nx from the whole (filtered) checkout', () => {
    const build = stageNamed(stages, 'build');
    expect(all(build, 'COPY')[0]).toBe('. .');
    expect(all(build, 'RUN')[0]).toBe(`${runnable.build} --outputStyle=static`);
  });

  it('keeps only built files and production node_modules in the image', () => {
    const copies = all(final, 'COPY');
    expect(copies.every((copy) => copy.startsWith('--from='))).toBe(true);
    expect(copies[0]).toBe('--from=prod-deps /workspace/node_modules ./node_modules');
    for (const copy of copies.slice(1)) expect(copy).toMatch(/^--from=build \/(workspace\/dist\/apps\/api|out\/) /);
  });

  it('runs as the unprivileged user, exposes its port, checks its liveness route, and starts node on the built entry', () => {
    const env = Object.fromEntries(all(final, 'ENV').flatMap((args) => [...args.matchAll(/([A-Z_]+)=(\S+)/g)].map((match) => [match[1], match[2]])));
    expect(all(final, 'USER')).toEqual(['node']);
    expect(all(final, 'EXPOSE')).toEqual([String(runnable.port)]);
    expect(env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', PORT: String(runnable.port) });
    const [healthcheck] = all(final, 'HEALTHCHECK');
    expect(healthcheck).toMatch(/^--interval=\d+s --timeout=\d+s --start-period=\d+s --retries=\d+ CMD \[/);
    expect(healthcheck).toContain(`(process.env.PORT || ${runnable.port}) + '${runnable.liveness}'`);
    expect(read(runnable.livenessRoute.file)).toContain(runnable.livenessRoute.pattern);
    expect(all(final, 'CMD').map((args) => JSON.parse(args))).toEqual([runnable.cmd]);
  });

  it('bakes in no secret and no configuration file', () => {
    const text = read(runnable.file);
    expect(text).not.toMatch(/^\s*(ENV|ARG)\s+.*(SECRET|PASSWORD|TOKEN|DATABASE_URL|_KEY)\b/im);
    expect(text).not.toMatch(/COPY\s+.*\.env\b/);
    for (const stage of stages) for (const copy of all(stage, 'COPY')) expect(copy).not.toMatch(/secret|\.pem|\.key\b/i);
  });

  it('copies nothing from the context that .dockerignore keeps out', () => {
    for (const stage of stages) {
      for (const copy of all(stage, 'COPY').filter((args) => !args.startsWith('--from='))) {
        const sources = copy.split(/\s+/).slice(0, -1);
        for (const source of sources.filter((path) => path !== '.')) {
          expect([source, existsSync(join(REPO, source)), ignored(dockerignore, source)]).toEqual([source, true, false]);
        }
      }
    }
  });
});

describe('deploy/docker/pgbouncer.Dockerfile', () => {
  const text = read('deploy/docker/pgbouncer.Dockerfile');
  const stages = parseDockerfile(text);
  const [stage] = stages;

  it("installs Debian trixie's pgbouncer, refusing one older than 1.21 (named statements), with nothing else", () => {
    expect(stages).toHaveLength(1);
    expect(text).toMatch(/^ARG DEBIAN_IMAGE=debian:trixie-slim$/m);
    expect(stage!.base).toBe('${DEBIAN_IMAGE}');
    const [run, ...more] = all(stage!, 'RUN');
    expect(more).toEqual([]);
    expect(run).toMatch(/apt-get install -y --no-install-recommends pgbouncer &&/);
    expect(run).toContain('rm -rf /var/lib/apt/lists/*');
    // The version check: 1.21 or later, or the build fails.
    const check = /\/usr\/sbin\/pgbouncer --version \| awk '([^']+)'/.exec(run!)?.[1];
    expect(check).toBe('NR == 1 { split($2, v, "."); exit !(v[1] > 1 || (v[1] == 1 && v[2] >= 21)) }');
    // The cluster's PgBouncer is Debian's package too, bookworm's (tools/scripts/postgres.mjs).
    expect(read('tools/scripts/postgres.mjs')).toContain("ensureDebianPackage('pgbouncer'");
    expect(all(stage!, 'COPY')).toEqual([]);
  });

  it('runs as uid 1000 in the foreground on the mounted ini, exposes 6432 and checks it takes connections', () => {
    expect(all(stage!, 'USER')).toEqual(['1000:1000']);
    expect(all(stage!, 'RUN')[0]).toContain('useradd --uid 1000');
    expect(all(stage!, 'EXPOSE')).toEqual(['6432']);
    expect(all(stage!, 'CMD').map((args) => JSON.parse(args))).toEqual([['/usr/sbin/pgbouncer', '/etc/pgbouncer/pgbouncer.ini']]);
    expect(all(stage!, 'HEALTHCHECK')[0]).toMatch(
      /^--interval=\d+s --timeout=\d+s --start-period=\d+s --retries=\d+ CMD \["bash", "-c", "exec 3<>\/dev\/tcp\/127\.0\.0\.1\/6432"\]$/,
    );
    expect(text).not.toMatch(/^\s*(ENV|ARG)\s+.*(SECRET|PASSWORD|TOKEN|DATABASE_URL|_KEY)\b/im);
  });
});

describe('what the images run', () => {
  const production = new Set([...Object.keys(rootPackage.dependencies), ...Object.keys(JSON.parse(read('tools/package.json')).dependencies ?? {})]);

  it('the API and edge bundles need only production dependencies at run time (webpack keeps npm packages external)', () => {
    const files = [
      ...sourceFiles('apps/api/src'),
      ...sourceFiles('apps/edge/src'),
      ...sourceFiles('libs/api-client/src'),
      ...sourceFiles('libs/i18n/src'),
      ...sourceFiles('libs/federation/src'),
    ];
    expect(files.length).toBeGreaterThan(50);
    const missing = files.flatMap((file) =>
      bareImports(read(file))
        .filter((specifier) => !isBuiltin(specifier) && !specifier.startsWith('@eyewear/'))
        .filter((specifier) => !production.has(packageOf(specifier)))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(missing).toEqual([]);
    expect(read('tools/webpack/node-config.cjs')).toMatch(/path\.join\(workspaceRoot, 'dist\/apps', name\)/);
    expect(read('tools/webpack/node-config.cjs')).toMatch(/entry = \{ main: '\.\/src\/main\.ts' \}/);
  });

  it('the release CLI loads only files the image copies and production dependencies; the edge runs its build', () => {
    const files = [...new Set(reachable('tools/release/cli.mjs'))];
    expect(files).toEqual(expect.arrayContaining(['tools/release/cli.mjs', 'tools/release/deploy.mjs']));
    // The edge image copies tools/release/*.mjs, and the edge's build with the apps'.
    expect(files.filter((file) => !/^tools\/release\/[^/]+\.mjs$/.test(file))).toEqual([]);
    const edgeDockerfile = read('deploy/docker/edge.Dockerfile');
    expect(edgeDockerfile).toContain('for app in edge shell catalog product cart-checkout account appointments; do');
    expect(edgeDockerfile).toContain('cp tools/release/*.mjs /out/tools/release/');
    // The release CLI's manifest check is plain JavaScript (manifest-schema.mjs): no build needed.
    expect(read('tools/release/manifest-store.mjs')).toContain("from './manifest-schema.mjs'");
    expect(edgeDockerfile).toContain('cp -r dist/libs/federation /out/dist/libs/');
    expect(edgeDockerfile).toContain(`for app in edge ${APPS.join(' ')}; do cp -r "dist/apps/$app" /out/dist/apps/; done`);
    const missing = files.flatMap((file) =>
      bareImports(read(file))
        .filter((specifier) => !isBuiltin(specifier) && !production.has(packageOf(specifier)))
        .map((specifier) => `${file}: ${specifier}`),
    );
    // Loaded on demand, with a clear error when absent (deploy/README.md: not in the image).
    const OPTIONAL = ['tools/release/publish.mjs: @aws-sdk/client-s3'];
    expect(missing.filter((entry) => !OPTIONAL.includes(entry))).toEqual([]);
    for (const entry of OPTIONAL.filter((item) => missing.includes(item))) {
      const [file, specifier] = entry.split(': ');
      expect(read(file!)).toMatch(new RegExp(`try \\{[^}]*await import\\('${specifier!.replace('/', '\\/')}'\\)`));
    }
  });
});

describe('.dockerignore', () => {
  it('keeps out installed, built and local files, deploy roots and keys', () => {
    for (const path of [
      '.git',
      'node_modules',
      'apps/api/node_modules',
      'dist',
      'dist/apps/api/main.js',
      '.nx',
      '.data/api',
      '.deploy',
      '.deploy-local',
      '.deploy-e2e/remotes.json',
      '.env',
      'apps/api/.env.production',
      '.deploy-local/.edge/secret',
      'coverage',
      'test-results',
    ]) {
      expect([path, ignored(dockerignore, path)]).toEqual([path, true]);
    }
  });

  it('lets in what the builds need', () => {
    for (const path of [
      'package.json',
      'package-lock.json',
      '.npmrc',
      'nx.json',
      'tsconfig.base.json',
      'apps/api/src/main.ts',
      'libs/federation/package.json',
      'apps/edge/src/main.ts',
      'tools/webpack/node-config.cjs',
      'e2e/package.json',
    ]) {
      expect([path, ignored(dockerignore, path)]).toEqual([path, false]);
    }
  });
});
