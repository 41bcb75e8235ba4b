import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { APPS, REMOTE_APPS, deployBuild, deployWorkspace, digestOf, readJson } from './deploy.mjs';
import { canary, deploy, gc, promote, rollback, status } from './commands.mjs';
import { writeManifest } from './manifest-store.mjs';
import { formatDeploy, formatGc, formatStatus } from './format.mjs';
import { edgeBuild } from './edge-build';

const run = promisify(execFile);

let workspace: string;
let root: string;

async function fakeBuild(app: string, content: string, version = '0.1.0') {
  const dir = join(workspace, 'dist/apps', app);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'build.json'), JSON.stringify({ name: app, container: app.replace('-', '_'), version, mode: 'production' }));
  await writeFile(join(dir, 'mf-manifest.json'), JSON.stringify({ name: app, content }));
  await writeFile(join(dir, 'index.html'), `<html>${content}</html>`);
}

/** A new build of `app` deployed; its version. */
async function ship(app: string, content: string) {
  await fakeBuild(app, content);
  return (await deploy({ root, workspace, app })).version;
}

/** Every app deployed once (a complete root); app -> version. */
async function deployAll() {
  const versions: Record<string, string> = {};
  for (const app of APPS) versions[app] = await ship(app, `${app}-v1`);
  return versions;
}

const manifestText = () => readFile(join(root, 'remotes.json'), 'utf8');
const manifest = () => readJson(join(root, 'remotes.json'));
const history = async () => (await readJson(join(root, 'history.json'), { entries: [] })).entries;

/** Asserts the call fails with `message` and leaves remotes.json and history.json as they were. */
async function expectRefused(call: () => Promise<unknown>, message: RegExp) {
  const before = [await readFile(join(root, 'remotes.json'), 'utf8').catch(() => null), await readFile(join(root, 'history.json'), 'utf8').catch(() => null)];
  await expect(call()).rejects.toMatchObject({ name: 'ReleaseError', message: expect.stringMatching(message) });
  const after = [await readFile(join(root, 'remotes.json'), 'utf8').catch(() => null), await readFile(join(root, 'history.json'), 'utf8').catch(() => null)];
  expect(after).toEqual(before);
}

beforeEach(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'release-'));
  root = join(workspace, '.deploy');
});

afterEach(() => rm(workspace, { recursive: true, force: true }));

describe('deploy', () => {
  it('makes the first deploy of each remote stable, writing remotes.json once every remote has one', async () => {
    await fakeBuild('catalog', 'catalog-v1');
    const first = await deploy({ root, workspace, app: 'catalog' });
    expect(first).toMatchObject({ app: 'catalog', copied: true, manifest: 'pending', stable: first.version });
    expect(first.version).toMatch(/^0\.1\.0-[0-9a-f]{10}$/);
    expect(first.folder).toBe(join(root, 'remotes/catalog', first.version));
    expect(first.pending).toEqual(['product', 'cart-checkout', 'account', 'appointments']);
    await expect(readFile(join(root, 'remotes.json'))).rejects.toMatchObject({ code: 'ENOENT' });

    const versions = await deployAll();
    expect((await manifest()).remotes.catalog.stable).toEqual({ version: versions.catalog, entry: `/remotes/catalog/${versions.catalog}/mf-manifest.json` });
    for (const remote of REMOTE_APPS) expect((await manifest()).remotes[remote].stable.version).toBe(versions[remote]);
    expect(await readJson(join(root, 'shell.json'))).toEqual({ version: versions.shell });
  });

  it("leaves the manifest and every other app's files alone on a later deploy", async () => {
    await deployAll();
    const before = await manifestText();
    const others = async () =>
      Promise.all(APPS.filter((a) => a !== 'catalog').map((app) => digestOf(join(root, app === 'shell' ? 'shell' : `remotes/${app}`))));
    const othersBefore = await others();
    await fakeBuild('catalog', 'catalog-v2');
    const result = await deploy({ root, workspace, app: 'catalog' });
    expect(result).toMatchObject({ copied: true, manifest: 'unchanged' });
    expect(await readFile(join(root, 'remotes/catalog', result.version, 'mf-manifest.json'), 'utf8')).toContain('catalog-v2');
    expect(await manifestText()).toBe(before);
    expect(await others()).toEqual(othersBefore);
    expect((await history()).at(-1)).toMatchObject({ action: 'deploy', app: 'catalog', version: result.version, copied: true });
  });

  it('makes the first shell live, and copies a later shell build without making it live', async () => {
    await fakeBuild('shell', 'shell-v1');
    const first = await deploy({ root, workspace, app: 'shell' });
    expect(first).toMatchObject({ manifest: 'shell', stable: first.version, previousShell: null });
    expect(await readJson(join(root, 'shell.json'))).toEqual({ version: first.version });
    await fakeBuild('shell', 'shell-v2');
    const second = await deploy({ root, workspace, app: 'shell' });
    expect(second).toMatchObject({ copied: true, manifest: 'unchanged', stable: first.version, previousShell: first.version });
    expect(await readFile(join(root, 'shell', second.version, 'index.html'), 'utf8')).toContain('shell-v2');
    expect(await readJson(join(root, 'shell.json'))).toEqual({ version: first.version });
    expect((await history()).map((e: { madeStable?: boolean }) => e.madeStable)).toEqual([true, false]);
    expect(formatDeploy(second).join('\n')).toMatch(
      new RegExp(
        `shell\\.json unchanged \\(stable: ${first.version}\\); a deploy is not a release\\n  next: npm run release -- canary shell ${second.version} --percent 5`,
      ),
    );
  });

  it('refuses a version whose folder holds a different build, and accepts the same build again', async () => {
    await deployAll();
    await fakeBuild('catalog', 'catalog-v2');
    await deploy({ root, workspace, app: 'catalog', version: '2.0.0' });
    const folder = join(root, 'remotes/catalog/2.0.0');
    const digest = await digestOf(folder);
    expect((await deploy({ root, workspace, app: 'catalog', version: '2.0.0' })).copied).toBe(false);
    await fakeBuild('catalog', 'catalog-v3');
    await expectRefused(() => deploy({ root, workspace, app: 'catalog', version: '2.0.0' }), /already holds a different build of catalog 2\.0\.0/);
    expect(await digestOf(folder)).toBe(digest);
  });

  it('refuses an unknown app, a missing build and an unsafe version', async () => {
    await expect(deploy({ root, workspace, app: 'checkout' })).rejects.toThrow(/unknown app "checkout"/);
    await expect(deploy({ root, workspace, app: 'account' })).rejects.toThrow(/no build of account/);
    await fakeBuild('account', 'a');
    await expect(deploy({ root, workspace, app: 'account', version: '../../etc' })).rejects.toThrow(/not a valid version/);
    await expect(readdir(root)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe("deploy against the live shell's shared modules", () => {
  /** An mf-manifest.json `shared` list as @module-federation/enhanced writes it (dist/apps/<app>/mf-manifest.json). */
  const sharedList = (app: string, modules: Record<string, { version: string; requiredVersion?: string; singleton?: boolean; strictVersion?: boolean }>) =>
    Object.entries(modules).map(([name, m]) => ({
      id: `${app}:${name}`,
      name,
      version: m.version,
      singleton: m.singleton ?? true,
      requiredVersion: m.requiredVersion ?? `^${m.version}`,
      ...(m.strictVersion ? { strictVersion: true } : {}),
      assets: { js: { async: [], sync: [] }, css: { async: [], sync: [] } },
      fallback: '',
    }));
  const react19 = { react: { version: '19.3.1' }, 'react-dom': { version: '19.3.1' }, '@eyewear/router': { version: '0.1.0' } };

  async function sharedBuild(app: string, content: string, modules: Parameters<typeof sharedList>[1]) {
    await fakeBuild(app, content);
    await writeFile(
      join(workspace, 'dist/apps', app, 'mf-manifest.json'),
      JSON.stringify({ id: app, name: app, metaData: {}, shared: sharedList(app, modules), remotes: [], exposes: [] }),
    );
  }

  /** Every app deployed with React 19 shared; app -> version. */
  async function deployShared() {
    const versions: Record<string, string> = {};
    for (const app of APPS) {
      await sharedBuild(app, `${app}-v1`, react19);
      versions[app] = (await deploy({ root, workspace, app })).version;
    }
    return versions;
  }

  const needsReact99 = { ...react19, react: { version: '99.0.0', requiredVersion: '^99.0.0' }, 'react-dom': { version: '99.0.0', requiredVersion: '^99.0.0' } };

  it('refuses a remote build whose shared singletons the live shell does not provide, naming each, and copies nothing', async () => {
    const versions = await deployShared();
    await sharedBuild('catalog', 'catalog-v2', needsReact99);
    const before = await readdir(join(root, 'remotes/catalog'));
    await expectRefused(
      () => deploy({ root, workspace, app: 'catalog' }),
      new RegExp(
        `does not fit the live shell, nothing deployed: react: the build requires \\^99\\.0\\.0, the live shell ${versions.shell} provides 19\\.3\\.1; react-dom: the build requires \\^99\\.0\\.0, the live shell ${versions.shell} provides 19\\.3\\.1; deploy it anyway with --force --reason`,
      ),
    );
    expect(await readdir(join(root, 'remotes/catalog'))).toEqual(before);

    const cli = join(__dirname, 'cli.mjs');
    const refused = await run(process.execPath, [cli, 'deploy', 'catalog', '--root', root, '--workspace', workspace]).catch((error) => error);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^release: catalog \S+ does not fit the live shell, nothing deployed: react: the build requires \^99\.0\.0, the live shell \S+ provides 19\.3\.1; react-dom: /,
    );
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    const noReason = await run(process.execPath, [cli, 'deploy', 'catalog', '--force', '--root', root, '--workspace', workspace]).catch((error) => error);
    expect([noReason.code, noReason.stderr]).toEqual([2, expect.stringMatching(/--force needs --reason/)]);
    expect(await readdir(join(root, 'remotes/catalog'))).toEqual(before);
  });

  it('deploys it with --force --reason, which the history keeps with the mismatches', async () => {
    await deployShared();
    await sharedBuild('catalog', 'catalog-v2', needsReact99);
    const cli = join(__dirname, 'cli.mjs');
    const forced = await run(
      process.execPath,
      [
        cli,
        'deploy',
        'catalog',
        '--force',
        '--reason',
        'testing React 99 behind a 0 % canary',
        '--root',
        root,
        '--workspace',
        workspace,
        // The shared-module check alone; the compatibility check's gate is compat-gate.test.ts's.
      ],
      { env: { ...process.env, RELEASE_COMPAT_SKIP: 'unit test of the shared-module check' } },
    );
    expect(forced.stdout).toMatch(/FORCED past shared modules the live shell does not provide/);
    expect(forced.stdout).toMatch(/react: the build requires \^99\.0\.0/);
    expect((await history()).at(-1)).toMatchObject({
      action: 'deploy',
      app: 'catalog',
      forced: true,
      reason: 'testing React 99 behind a 0 % canary',
      mismatches: [
        expect.stringMatching(/^react: the build requires \^99\.0\.0, the live shell \S+ provides 19\.3\.1$/),
        expect.stringMatching(/^react-dom: /),
      ],
    });
  });

  it('deploys a build the shell satisfies, and checks the canary shell too', async () => {
    const versions = await deployShared();
    await sharedBuild('product', 'product-v2', { ...react19, react: { version: '19.0.0', requiredVersion: '^19.0.0' } });
    const fits = await deploy({ root, workspace, app: 'product' });
    expect(fits.shared).toMatchObject({ checked: [{ shell: versions.shell, channel: 'stable' }], mismatches: [] });
    // A shell canary with React 20: a remote requiring ^19 would break its sessions.
    await sharedBuild('shell', 'shell-v2', { ...react19, react: { version: '20.0.0' } });
    const s2 = (await deploy({ root, workspace, app: 'shell' })).version;
    await canary({ root, remote: 'shell', version: s2, percent: 5 });
    await sharedBuild('product', 'product-v3', react19);
    await expectRefused(
      () => deploy({ root, workspace, app: 'product' }),
      new RegExp(`react: the build requires \\^19\\.3\\.1, the live shell ${s2} \\(canary\\) provides 20\\.0\\.0`),
    );
  });

  it('refuses a strictVersion mismatch, warns for a non-singleton (the build loads its own copy)', async () => {
    await deployShared();
    await sharedBuild('account', 'account-v2', { ...react19, '@eyewear/router': { version: '0.2.0', singleton: false } });
    const warned = await deploy({ root, workspace, app: 'account' });
    expect(warned.copied).toBe(true);
    expect(formatDeploy(warned).join('\n')).toMatch(
      /warning: @eyewear\/router: the build requires \^0\.2\.0, the live shell \S+ provides 0\.1\.0 \(not a singleton: the build loads its own copy\)/,
    );
    await sharedBuild('account', 'account-v3', { ...react19, '@eyewear/router': { version: '0.2.0', singleton: false, strictVersion: true } });
    await expectRefused(() => deploy({ root, workspace, app: 'account' }), /@eyewear\/router: the build requires \^0\.2\.0/);
  });

  it('says so when the live shell records no shared modules, and deploys', async () => {
    await deployAll();
    await sharedBuild('catalog', 'catalog-v2', needsReact99);
    const result = await deploy({ root, workspace, app: 'catalog' });
    expect(result.copied).toBe(true);
    expect(formatDeploy(result).join('\n')).toMatch(/shared modules not checked: shell \S+ records no shared modules/);
  });
});

describe('canary', () => {
  it('starts a canary of a deployed version and replaces it', async () => {
    const versions = await deployAll();
    const v2 = await ship('catalog', 'catalog-v2');
    expect(await canary({ root, remote: 'catalog', version: v2, percent: '5' })).toMatchObject({
      stable: versions.catalog,
      canary: { version: v2, percent: 5 },
      previous: null,
    });
    expect((await manifest()).remotes.catalog.canary).toEqual({
      version: v2,
      entry: `/remotes/catalog/${v2}/mf-manifest.json`,
      percent: 5,
      salt: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    const v3 = await ship('catalog', 'catalog-v3');
    const replaced = await canary({ root, remote: 'catalog', version: v3, percent: 25 });
    expect(replaced.previous).toEqual({ version: v2, percent: 5 });
    expect((await manifest()).remotes.catalog.canary).toMatchObject({ version: v3, percent: 25 });
    expect((await history()).filter((e: { action: string }) => e.action === 'canary')).toHaveLength(2);
  });

  it('refuses bad requests and changes nothing', async () => {
    const versions = await deployAll();
    const v2 = await ship('catalog', 'catalog-v2');
    await expectRefused(() => canary({ root, remote: 'nope', version: v2, percent: 5 }), /unknown app "nope"/);
    await expectRefused(() => canary({ root, remote: 'shell', version: v2, percent: 5 }), /shell .* is not deployed \(no .*index\.html\)/);
    await expectRefused(() => canary({ root, remote: 'catalog', version: '9.9.9', percent: 5 }), /catalog 9\.9\.9 is not deployed/);
    await expectRefused(() => canary({ root, remote: 'product', version: v2, percent: 5 }), /product .* is not deployed/);
    for (const percent of ['101', '-1', '1.5', 101, -1, 1.5, 'five', undefined]) {
      await expectRefused(
        () => canary({ root, remote: 'catalog', version: v2, percent }),
        /--percent (must be an integer from 0 to 100|is required)|give either --percent/,
      );
    }
    await expectRefused(() => canary({ root, remote: 'catalog', version: versions.catalog, percent: 5 }), /already the stable version of catalog/);
    expect((await manifest()).remotes.catalog.canary).toBeUndefined();
  });
});

describe('promote', () => {
  it('makes the canary stable and removes it', async () => {
    const versions = await deployAll();
    const v2 = await ship('product', 'product-v2');
    await canary({ root, remote: 'product', version: v2, percent: 50 });
    expect(await promote({ root, remote: 'product', force: true, reason: 'test: no shopper traffic here' })).toEqual({
      remote: 'product',
      stable: v2,
      previous: versions.product,
      percent: 50,
      forced: true,
      verdict: 'pending',
      skipped: false,
      // The guard watches the new stable for 15 minutes (bake.mjs).
      bake: { since: expect.any(String), until: expect.any(String), previous: versions.product, ms: 900_000 },
    });
    expect((await manifest()).remotes.product).toEqual({ stable: { version: v2, entry: `/remotes/product/${v2}/mf-manifest.json` } });
  });

  it('refuses a remote without a canary', async () => {
    await deployAll();
    await expectRefused(() => promote({ root, remote: 'product', force: true, reason: 'test: no shopper traffic here' }), /product has no canary to promote/);
  });
});

describe('rollback', () => {
  it('removes a canary and keeps stable', async () => {
    const versions = await deployAll();
    const v2 = await ship('account', 'account-v2');
    await canary({ root, remote: 'account', version: v2, percent: 10 });
    expect(await rollback({ root, remote: 'account' })).toMatchObject({ channel: 'canary', from: v2, to: versions.account });
    expect((await manifest()).remotes.account).toEqual({
      stable: { version: versions.account, entry: `/remotes/account/${versions.account}/mf-manifest.json` },
    });
    expect((await history()).at(-1)).toMatchObject({ action: 'rollback', app: 'account', channel: 'canary', from: v2, to: versions.account, by: 'cli' });
  });

  it('without a canary returns to the previous stable versions, one by one, then refuses', async () => {
    const versions = await deployAll();
    await expectRefused(() => rollback({ root, remote: 'account' }), /nothing to roll back for account/);
    const v2 = await ship('account', 'account-v2');
    await canary({ root, remote: 'account', version: v2, percent: 10 });
    await promote({ root, remote: 'account', force: true, reason: 'test: no shopper traffic here' });
    const v3 = await ship('account', 'account-v3');
    await canary({ root, remote: 'account', version: v3, percent: 10 });
    await promote({ root, remote: 'account', force: true, reason: 'test: no shopper traffic here' });
    expect(await rollback({ root, remote: 'account' })).toMatchObject({ channel: 'stable', from: v3, to: v2 });
    expect((await manifest()).remotes.account.stable.version).toBe(v2);
    expect(await rollback({ root, remote: 'account' })).toMatchObject({ channel: 'stable', from: v2, to: versions.account });
    await expectRefused(() => rollback({ root, remote: 'account' }), /nothing to roll back for account/);
  });

  it('returns to a stable version that npm start deployed, which the history never saw', async () => {
    for (const app of APPS) await fakeBuild(app, `${app}-v1`);
    await deployWorkspace({ root, workspace });
    const started = (await manifest()).remotes.catalog.stable.version;
    const v2 = await ship('catalog', 'catalog-v2');
    await canary({ root, remote: 'catalog', version: v2, percent: 5 });
    await promote({ root, remote: 'catalog', force: true, reason: 'test: no shopper traffic here' });
    expect(await rollback({ root, remote: 'catalog' })).toMatchObject({ channel: 'stable', from: v2, to: started });
    expect((await manifest()).remotes.catalog.stable).toEqual({ version: started, entry: `/remotes/catalog/${started}/mf-manifest.json` });
  });
});

describe("the shell's channels", () => {
  const shellJson = () => readJson(join(root, 'shell.json'));
  /** Asserts the call fails with `message` and leaves shell.json and history.json as they were. */
  async function expectShellRefused(call: () => Promise<unknown>, message: RegExp) {
    const files = () => Promise.all(['shell.json', 'history.json'].map((name) => readFile(join(root, name), 'utf8').catch(() => null)));
    const before = await files();
    await expect(call()).rejects.toMatchObject({ name: 'ReleaseError', message: expect.stringMatching(message) });
    expect(await files()).toEqual(before);
  }

  it('starts a shell canary with its own salt, in the form the edge serves, recorded in the history first', async () => {
    const versions = await deployAll();
    const s2 = await ship('shell', 'shell-v2');
    expect(await canary({ root, remote: 'shell', version: s2, percent: '10' })).toMatchObject({
      remote: 'shell',
      stable: versions.shell,
      canary: { version: s2, percent: 10 },
      previous: null,
    });
    const shell = await shellJson();
    expect(shell).toEqual({ version: versions.shell, canary: { version: s2, percent: 10, salt: expect.stringMatching(/^[0-9a-f]{16}$/) } });
    expect(edgeBuild.checkShellShape(shell)).toBe(true);
    expect((await history()).at(-1)).toMatchObject({ action: 'canary', app: 'shell', version: s2, percent: 10, stable: versions.shell });
    // Raising the same canary keeps its salt (and so its shoppers); remotes.json is not touched.
    const remotes = await manifestText();
    await canary({ root, remote: 'shell', version: s2, percent: 50 });
    expect((await shellJson()).canary).toEqual({ ...shell.canary, percent: 50 });
    expect(await manifestText()).toBe(remotes);
  });

  it('refuses a shell canary that is not a deployed shell, is the stable one, or while the lock is held', async () => {
    const versions = await deployAll();
    await expectShellRefused(
      () => canary({ root, remote: 'shell', version: '9.9.9', percent: 5 }),
      /shell 9\.9\.9 is not deployed \(no .*shell\/9\.9\.9\/index\.html\)/,
    );
    // A remote's build is not a shell build.
    await expectShellRefused(() => canary({ root, remote: 'shell', version: versions.catalog, percent: 5 }), /is not deployed/);
    await expectShellRefused(() => canary({ root, remote: 'shell', version: versions.shell, percent: 5 }), /already the stable version of shell/);
    const s2 = await ship('shell', 'shell-v2');
    await writeFile(join(root, '.release.lock'), '1\n');
    await expectShellRefused(() => canary({ root, remote: 'shell', version: s2, percent: 5 }), /another release command is running/);
  });

  it('refuses a shell canary before the shell is deployed', async () => {
    await fakeBuild('shell', 'shell-v1');
    await deployBuild({ root, app: 'shell', distDir: join(workspace, 'dist/apps/shell'), version: '1.0.0' });
    await expect(canary({ root, remote: 'shell', version: '1.0.0', percent: 5 })).rejects.toThrow(/no shell\.json in .*; deploy the shell first/);
  });

  it('supports a staged shell rollout (the guard advances it)', async () => {
    await deployAll();
    const s2 = await ship('shell', 'shell-v2');
    await canary({ root, remote: 'shell', version: s2, steps: '5,50,100', interval: '10m' });
    expect((await shellJson()).canary).toMatchObject({ version: s2, percent: 5, rollout: { steps: [5, 50, 100], step: 0, intervalMs: 600_000 } });
  });

  it('promotes a shell canary only with a passing analysis, or forced with a reason', async () => {
    const versions = await deployAll();
    const s2 = await ship('shell', 'shell-v2');
    await canary({ root, remote: 'shell', version: s2, percent: 20 });
    await expectShellRefused(() => promote({ root, remote: 'shell' }), /shell: the canary's analysis is "pending", not "pass"/);
    await expectShellRefused(() => promote({ root, remote: 'shell', force: true }), /--force needs --reason/);
    expect(await promote({ root, remote: 'shell', force: true, reason: 'test: no shopper traffic here' })).toMatchObject({
      remote: 'shell',
      stable: s2,
      previous: versions.shell,
      percent: 20,
      forced: true,
    });
    expect(await shellJson()).toEqual({ version: s2 });
    expect((await history()).at(-1)).toMatchObject({
      action: 'promote',
      app: 'shell',
      version: s2,
      previous: versions.shell,
      forced: true,
      reason: 'test: no shopper traffic here',
    });
    await expectShellRefused(() => promote({ root, remote: 'shell', force: true, reason: 'again' }), /shell has no canary to promote/);
  });

  it('rolls back a shell canary, then without one returns to the previous stable shell, then refuses', async () => {
    const versions = await deployAll();
    await expectShellRefused(() => rollback({ root, remote: 'shell' }), /nothing to roll back for shell/);
    const s2 = await ship('shell', 'shell-v2');
    await canary({ root, remote: 'shell', version: s2, percent: 5 });
    expect(await rollback({ root, remote: 'shell' })).toMatchObject({ channel: 'canary', from: s2, to: versions.shell });
    expect(await shellJson()).toEqual({ version: versions.shell });
    await canary({ root, remote: 'shell', version: s2, percent: 5 });
    await promote({ root, remote: 'shell', force: true, reason: 'test: no shopper traffic here' });
    expect(await rollback({ root, remote: 'shell' })).toMatchObject({ channel: 'stable', from: s2, to: versions.shell });
    expect(await shellJson()).toEqual({ version: versions.shell });
    expect((await history()).at(-1)).toMatchObject({ action: 'rollback', app: 'shell', channel: 'stable', from: s2, to: versions.shell });
    await expectShellRefused(() => rollback({ root, remote: 'shell' }), /nothing to roll back for shell/);
  });

  it('rolls back past shells that went live before the shell had a canary (deploys without madeStable)', async () => {
    await mkdir(root, { recursive: true });
    for (const version of ['1.0.0', '2.0.0']) {
      await mkdir(join(root, 'shell', version), { recursive: true });
      await writeFile(join(root, 'shell', version, 'index.html'), '<html></html>');
    }
    await writeFile(join(root, 'shell.json'), JSON.stringify({ version: '2.0.0' }));
    const at = new Date().toISOString();
    const legacy = [
      { at, action: 'deploy', app: 'shell', version: '1.0.0', copied: true, previous: null },
      { at, action: 'deploy', app: 'shell', version: '2.0.0', copied: true, previous: '1.0.0' },
    ];
    await writeFile(join(root, 'history.json'), JSON.stringify({ schemaVersion: 1, entries: legacy }));
    expect(await rollback({ root, remote: 'shell' })).toMatchObject({ channel: 'stable', from: '2.0.0', to: '1.0.0' });
    expect(await shellJson()).toEqual({ version: '1.0.0' });
  });

  it('is shown by status with its own analysis, and by the CLI', async () => {
    const versions = await deployAll();
    const s2 = await ship('shell', 'shell-v2');
    await canary({ root, remote: 'shell', version: s2, percent: 10 });
    const report = await status({ root });
    expect(report.shell).toMatchObject({
      version: versions.shell,
      stable: { version: versions.shell, share: 90 },
      canary: { version: s2, percent: 10 },
      verdict: 'pending',
    });
    const text = formatStatus(report).join('\n');
    expect(text).toContain(`Shell: ${versions.shell}, canary ${s2} at 10%`);
    expect(text).toMatch(new RegExp(`shell canary ${s2}: pending`));
    const cli = join(__dirname, 'cli.mjs');
    const rolledBack = await run(process.execPath, [cli, 'rollback', 'shell', '--root', root]);
    expect(rolledBack.stdout).toBe(`shell: canary ${s2} removed; everyone gets stable ${versions.shell}\n`);
    expect(await shellJson()).toEqual({ version: versions.shell });
  });
});

describe("the shell's federation runtime (docs/adr/032)", () => {
  /** A build whose build.json says whose federation runtime it runs on (tools/webpack/app-config.cjs). */
  async function runtimeBuild(app: string, content: string, use: 'provides' | 'shell', version = '2.9.2', parts?: string[]) {
    await fakeBuild(app, content);
    const file = join(workspace, 'dist/apps', app, 'build.json');
    await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), federationRuntime: { use, version, ...(parts ? { parts } : {}) } }));
  }
  const shellFiles = () => Promise.all(['shell.json', 'history.json'].map((name) => readFile(join(root, name), 'utf8').catch(() => null)));
  /** A shell that provides the runtime, made stable (deploy, canary, promote). */
  async function providingShell(content: string, version?: string, parts?: string[]) {
    await runtimeBuild('shell', content, 'provides', version, parts);
    const shell = (await deploy({ root, workspace, app: 'shell' })).version;
    await canary({ root, remote: 'shell', version: shell, percent: 5 });
    await promote({ root, remote: 'shell', force: true, reason: 'test: no shopper traffic here' });
    return shell;
  }

  it("refuses a remote build that runs on the shell's runtime while a live shell provides none, and deploys it once every live shell does", async () => {
    const versions = await deployAll();
    await runtimeBuild('catalog', 'catalog-v2', 'shell');
    const before = await readdir(join(root, 'remotes/catalog'));
    await expectRefused(
      () => deploy({ root, workspace, app: 'catalog' }),
      new RegExp(`federation runtime: the build runs on the shell's; the live shell ${versions.shell} provides none`),
    );
    expect(await readdir(join(root, 'remotes/catalog'))).toEqual(before);
    // A providing shell as a canary is not enough: the stable shell's shoppers would get the build too.
    await runtimeBuild('shell', 'shell-v2', 'provides');
    const s2 = (await deploy({ root, workspace, app: 'shell' })).version;
    await canary({ root, remote: 'shell', version: s2, percent: 5 });
    await runtimeBuild('catalog', 'catalog-v2', 'shell');
    await expectRefused(() => deploy({ root, workspace, app: 'catalog' }), new RegExp(`the live shell ${versions.shell} provides none`));
    await promote({ root, remote: 'shell', force: true, reason: 'test: no shopper traffic here' });
    await runtimeBuild('catalog', 'catalog-v2', 'shell');
    const deployed = await deploy({ root, workspace, app: 'catalog' });
    expect(deployed).toMatchObject({ copied: true, shared: { mismatches: [] } });
  });

  it('refuses a remote build made with another major version of the runtime than the shell provides', async () => {
    await deployAll();
    const shell = await providingShell('shell-v2');
    await runtimeBuild('product', 'product-v2', 'shell', '3.0.1');
    await expectRefused(
      () => deploy({ root, workspace, app: 'product' }),
      new RegExp(`federation runtime: the build runs on the shell's, \\^3\\.0\\.0; the live shell ${shell} provides 2\\.9\\.2`),
    );
    await runtimeBuild('product', 'product-v2', 'shell', '2.10.0');
    expect((await deploy({ root, workspace, app: 'product' })).copied).toBe(true);
  });

  it("refuses a remote build that takes the shell's bundler runtime (docs/adr/036) while a live shell hands over only its core", async () => {
    await deployAll();
    // A shell built before ADR 036 records no parts: it hands over the runtime core alone.
    const coreOnly = await providingShell('shell-v2');
    await runtimeBuild('catalog', 'catalog-v2', 'shell', '2.9.2', ['core', 'bundler']);
    const before = await readdir(join(root, 'remotes/catalog'));
    await expectRefused(
      () => deploy({ root, workspace, app: 'catalog' }),
      new RegExp(
        `federation runtime: the build runs on the shell's bundler runtime; the live shell ${coreOnly} provides only its runtime core \\(deploy and promote a shell built with it first\\)`,
      ),
    );
    expect(await readdir(join(root, 'remotes/catalog'))).toEqual(before);
    // A build that takes the core alone (made before ADR 036) still deploys under it.
    await runtimeBuild('catalog', 'catalog-v2', 'shell');
    expect((await deploy({ root, workspace, app: 'catalog' })).copied).toBe(true);

    const both = await providingShell('shell-v3', '2.9.2', ['core', 'bundler']);
    await runtimeBuild('catalog', 'catalog-v3', 'shell', '2.9.2', ['core', 'bundler']);
    const c3 = (await deploy({ root, workspace, app: 'catalog' })).version;
    await canary({ root, remote: 'catalog', version: c3, percent: 10 });
    // With that build live, the shell may not go back to the one that hands over the core alone.
    await expect(rollback({ root, remote: 'shell' })).rejects.toMatchObject({
      message: expect.stringMatching(new RegExp(`a rollback to shell ${coreOnly} would break live remotes, nothing changed: catalog ${c3} \\(canary\\)`)),
    });
    expect(JSON.parse(await readFile(join(root, 'shell.json'), 'utf8'))).toEqual({ version: both });
  });

  it('refuses a shell canary or a shell rollback to a shell that provides none while a live remote runs on it', async () => {
    const versions = await deployAll();
    const s2 = await providingShell('shell-v2');
    await runtimeBuild('catalog', 'catalog-v2', 'shell');
    const c2 = (await deploy({ root, workspace, app: 'catalog' })).version;
    await canary({ root, remote: 'catalog', version: c2, percent: 10 });

    const before = await shellFiles();
    await expect(rollback({ root, remote: 'shell' })).rejects.toMatchObject({
      name: 'ReleaseError',
      message: expect.stringMatching(
        new RegExp(
          `a rollback to shell ${versions.shell} would break live remotes, nothing changed: catalog ${c2} \\(canary\\) runs on the shell's federation runtime`,
        ),
      ),
    });
    await expect(canary({ root, remote: 'shell', version: versions.shell, percent: 5 })).rejects.toMatchObject({
      message: expect.stringMatching(/a canary of shell \S+ would break live remotes/),
    });
    expect(await shellFiles()).toEqual(before);

    // Once no live remote needs it, the old shell may come back.
    await rollback({ root, remote: 'catalog' });
    expect(await rollback({ root, remote: 'shell' })).toMatchObject({ channel: 'stable', from: s2, to: versions.shell });
  });
});

describe('gc', () => {
  it('keeps what the manifest and shell.json reference and the newest K, deletes the rest', async () => {
    const first = await deployAll();
    const catalog = [first.catalog];
    for (let n = 2; n <= 6; n += 1) catalog.push(await ship('catalog', `catalog-v${n}`));
    await canary({ root, remote: 'catalog', version: catalog[1], percent: 5 });
    const shell2 = await ship('shell', 'shell-v2');
    await ship('shell', 'shell-v3');
    await writeFile(join(root, 'shell.json'), JSON.stringify({ version: shell2 }));

    const dry = await gc({ root, keep: 2, dryRun: true });
    expect(await readdir(join(root, 'remotes/catalog'))).toHaveLength(6);
    const result = await gc({ root, keep: '2' });
    expect(result.removed).toEqual(dry.removed);
    // Stable v1 and canary v2 stay though old; v5 and v6 are the newest two; v3, v4 go.
    expect((await readdir(join(root, 'remotes/catalog'))).sort()).toEqual([catalog[0], catalog[1], catalog[4], catalog[5]].sort());
    expect(
      result.removed
        .filter((r: { app: string }) => r.app === 'catalog')
        .map((r: { version: string }) => r.version)
        .sort(),
    ).toEqual([catalog[2], catalog[3]].sort());
    expect(await readdir(join(root, 'shell'))).toContain(shell2);
    for (const remote of REMOTE_APPS) {
      const { stable, canary: running } = (await manifest()).remotes[remote];
      for (const version of [stable.version, running?.version].filter(Boolean)) {
        expect(await readFile(join(root, 'remotes', remote, version, 'mf-manifest.json'), 'utf8')).toBeTruthy();
      }
    }
    expect((await gc({ root, keep: 0 })).removed.map((r: { version: string }) => r.version)).not.toContain(shell2);
  });
});

describe('gc grace period', () => {
  const HOUR = 3_600_000;
  const names = (result: { removed: Array<{ app: string; version: string }> }, app: string) =>
    result.removed
      .filter((r) => r.app === app)
      .map((r) => r.version)
      .sort();

  it('keeps every version live (stable or canary, remote or shell) within the last 24 h, and removes it after', async () => {
    const first = await deployAll();
    // catalog: v1 stable, v2 promoted, v3 promoted (v2 is the rollback target, v1 was live an instant ago).
    const v2 = await ship('catalog', 'catalog-v2');
    await canary({ root, remote: 'catalog', version: v2, percent: 5 });
    await promote({ root, remote: 'catalog', force: true, reason: 'test' });
    const v3 = await ship('catalog', 'catalog-v3');
    await canary({ root, remote: 'catalog', version: v3, percent: 5 });
    await promote({ root, remote: 'catalog', force: true, reason: 'test' });
    // product: a canary that was rolled back; and a build never live.
    const p2 = await ship('product', 'product-v2');
    await canary({ root, remote: 'product', version: p2, percent: 1 });
    await rollback({ root, remote: 'product' });
    const p3 = await ship('product', 'product-v3');
    // shell: a canary that was rolled back.
    const s2 = await ship('shell', 'shell-v2');
    await canary({ root, remote: 'shell', version: s2, percent: 10 });
    await rollback({ root, remote: 'shell' });

    const now = await gc({ root, keep: 0, dryRun: true });
    expect(now.kept).toEqual(
      expect.arrayContaining([
        { app: 'catalog', version: first.catalog, reason: 'live within grace' },
        { app: 'product', version: p2, reason: 'live within grace' },
        { app: 'shell', version: s2, reason: 'live within grace' },
      ]),
    );
    expect(names(now, 'catalog')).toEqual([]);
    expect(names(now, 'product')).toEqual([p3]);
    expect(names(now, 'shell')).toEqual([]);
    const text = formatGc(now).join('\n');
    expect(text).toContain(`kept catalog ${first.catalog}: live within grace (the last 24h`);
    expect(text).toMatch(/3 live within grace \(24h\)/);

    // 25 hours on, only what is live or a rollback target stays.
    const later = await gc({ root, keep: 0, now: () => Date.now() + 25 * HOUR });
    expect(names(later, 'catalog')).toEqual([first.catalog]);
    expect(names(later, 'product').sort()).toEqual([p2, p3].sort());
    expect(names(later, 'shell')).toEqual([s2]);
    expect((await readdir(join(root, 'remotes/catalog'))).sort()).toEqual([v2, v3].sort());
  });

  it('takes --grace to shorten or lengthen it, and refuses a bad duration', async () => {
    await deployAll();
    const v2 = await ship('catalog', 'catalog-v2');
    await canary({ root, remote: 'catalog', version: v2, percent: 5 });
    await rollback({ root, remote: 'catalog' });
    expect(names(await gc({ root, keep: 0, grace: '1h', dryRun: true, now: () => Date.now() + 30 * 60_000 }), 'catalog')).toEqual([]);
    expect(names(await gc({ root, keep: 0, grace: '1h', dryRun: true, now: () => Date.now() + 2 * HOUR }), 'catalog')).toEqual([v2]);
    expect(names(await gc({ root, keep: 0, grace: '72h', dryRun: true, now: () => Date.now() + 48 * HOUR }), 'catalog')).toEqual([]);
    await expect(gc({ root, grace: '5' })).rejects.toThrow(/--grace must be a duration/);

    // The CLI, two hours after these releases (the history's clock moved back).
    const shifted = (await history()).map((entry: { at: string }) => ({ ...entry, at: new Date(Date.parse(entry.at) - 2 * HOUR).toISOString() }));
    await writeFile(join(root, 'history.json'), JSON.stringify({ schemaVersion: 1, entries: shifted }));
    const cli = join(__dirname, 'cli.mjs');
    const dry = await run(process.execPath, [cli, 'gc', '--keep', '0', '--dry-run', '--root', root]);
    expect(dry.stdout).toContain(`kept catalog ${v2}: live within grace`);
    const short = await run(process.execPath, [cli, 'gc', '--keep', '0', '--grace', '1h', '--dry-run', '--root', root]);
    expect(short.stdout).toContain(`would remove catalog ${v2}`);
    const bad = await run(process.execPath, [cli, 'gc', '--grace', 'soon', '--root', root]).catch((error) => error);
    expect([bad.code, bad.stderr]).toEqual([2, 'release: --grace must be a duration from 1s to 168h, such as 30s, 10m or 2h (got "soon")\n']);
  });
});

describe('gc and the shell', () => {
  it("keeps the shell's stable, its canary and the shell a rollback returns to", async () => {
    const first = await deployAll();
    const shells = [first.shell];
    for (let n = 2; n <= 5; n += 1) shells.push(await ship('shell', `shell-v${n}`));
    await canary({ root, remote: 'shell', version: shells[1], percent: 5 });
    await promote({ root, remote: 'shell', force: true, reason: 'test: no shopper traffic here' });
    await canary({ root, remote: 'shell', version: shells[2], percent: 5 });
    const result = await gc({ root, keep: 0 });
    expect((await readdir(join(root, 'shell'))).sort()).toEqual([shells[0], shells[1], shells[2]].sort());
    expect(result.kept.filter((k: { app: string }) => k.app === 'shell')).toEqual(
      expect.arrayContaining([
        { app: 'shell', version: shells[1], reason: 'stable' },
        { app: 'shell', version: shells[2], reason: 'canary' },
        { app: 'shell', version: shells[0], reason: 'rollback target' },
      ]),
    );
  });
});

describe('an invalid manifest on disk', () => {
  it('is refused by every command, which then change nothing', async () => {
    const versions = await deployAll();
    const v2 = await ship('catalog', 'catalog-v2');
    const broken = await manifest();
    broken.remotes.product.canary = { version: versions.product, entry: '/x.json', percent: 5 };
    await writeFile(join(root, 'remotes.json'), JSON.stringify(broken));
    const invalid = /remotes\.json in .* is invalid: remotes\.product\.canary\.version must differ from the stable version/;
    await expectRefused(() => canary({ root, remote: 'catalog', version: v2, percent: 5 }), invalid);
    await expectRefused(() => promote({ root, remote: 'product', force: true, reason: 'test: no shopper traffic here' }), invalid);
    // rollback repairs the root first (incident.test.ts).
    await expectRefused(() => status({ root }), invalid);
    await expectRefused(() => gc({ root, keep: 0 }), invalid);
    await fakeBuild('catalog', 'catalog-v3');
    await expectRefused(() => deploy({ root, workspace, app: 'catalog' }), invalid);
    expect(await readdir(join(root, 'remotes/catalog'))).toHaveLength(2);
    await writeFile(join(root, 'remotes.json'), '{ "schemaVersion": 1, ');
    await expectRefused(() => promote({ root, remote: 'product', force: true, reason: 'test: no shopper traffic here' }), /remotes\.json is not valid JSON/);
  });

  it('is never written', async () => {
    await deployAll();
    const before = await manifestText();
    const bad = JSON.parse(before);
    bad.remotes.catalog.canary = { version: 'x', entry: '/remotes/catalog/x/mf-manifest.json', percent: 150 };
    await expect(writeManifest(root, bad)).rejects.toThrow(/the new remotes\.json \(not written\) is invalid: remotes\.catalog\.canary\.percent/);
    expect(await manifestText()).toBe(before);
  });

  it('is not raced: a command refuses while another holds the lock', async () => {
    await deployAll();
    const v2 = await ship('catalog', 'catalog-v2');
    await writeFile(join(root, '.release.lock'), '1\n');
    await expectRefused(() => canary({ root, remote: 'catalog', version: v2, percent: 5 }), /another release command is running/);
  });
});

describe('the CLI', () => {
  const cli = join(__dirname, 'cli.mjs');

  it('exits 2 with one line on stderr for an unknown remote', async () => {
    const failure = await run(process.execPath, [cli, 'canary', 'nope', '1', '--percent', '5', '--root', root]).catch((error) => error);
    expect(failure.code).toBe(2);
    expect(failure.stdout).toBe('');
    expect(failure.stderr).toBe('release: unknown app "nope" (the shell or a remote: catalog, product, cart-checkout, account, appointments)\n');
    const negative = await run(process.execPath, [cli, 'canary', 'catalog', '1', '--percent', '-1', '--root', root]).catch((error) => error);
    expect([negative.code, negative.stderr]).toEqual([2, 'release: --percent must be an integer from 0 to 100 (got "-1")\n']);
  });
});
