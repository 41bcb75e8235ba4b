// The compatibility check as a gate of deploy and canary (compat-gate.mjs): a build that fails
// it is refused, nothing changed, unless --force --reason, which the history keeps with the
// outcome; the check runs as a real child process (a stand-in for compat.mjs that fails or
// passes as compat.mjs does: its exit code and its last lines).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canary, deploy } from './commands.mjs';
import { compatGate, compatRunner } from './compat-gate.mjs';

let workspace: string;
let root: string;
const APPS = ['shell', 'catalog', 'product', 'cart-checkout', 'account', 'appointments'];

async function fakeBuild(app: string, content: string) {
  const dir = join(workspace, 'dist/apps', app);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'build.json'), JSON.stringify({ name: app, container: app.replace('-', '_'), version: '0.1.0', mode: 'production' }));
  await writeFile(join(dir, 'mf-manifest.json'), JSON.stringify({ name: app, content }));
  await writeFile(join(dir, 'index.html'), `<html>${content}</html>`);
}

/** A stand-in for compat.mjs: prints what it was asked and exits `code`, as the real one does. */
async function script(code: number, line: string) {
  const file = join(workspace, `compat-${code}.mjs`);
  await writeFile(
    file,
    `console.log('args ' + process.argv.slice(2).join(' '));\nconsole.${code ? 'error' : 'log'}(${JSON.stringify(line)});\nprocess.exit(${code});\n`,
  );
  return compatRunner({ script: file });
}

const history = async () => JSON.parse(await readFile(join(root, 'history.json'), 'utf8')).entries;

beforeEach(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'release-compat-'));
  root = join(workspace, '.deploy');
  for (const app of APPS) {
    await fakeBuild(app, `${app}-v1`);
    await deploy({ root, workspace, app });
  }
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

describe('the compatibility gate', () => {
  it('refuses a deploy whose build fails the check, copying nothing; --force --reason deploys it and the history keeps why', async () => {
    await fakeBuild('catalog', 'catalog-v2');
    const failing = await script(1, '✗ catalog: the home page did not render');
    const before = await history();
    await expect(deploy({ root, workspace, app: 'catalog', compat: failing })).rejects.toThrow(
      /^catalog \S+ failed the compatibility check against what .* serves \(✗ catalog: the home page did not render\); nothing deployed; go ahead anyway with --force --reason/,
    );
    expect(await history()).toEqual(before);
    const forced = await deploy({ root, workspace, app: 'catalog', compat: failing, force: true, reason: 'hotfix; the smoke journey is flaky' });
    expect(forced.compat).toEqual({ ok: false, forced: true, ran: true, summary: '✗ catalog: the home page did not render' });
    expect((await history()).at(-1)).toMatchObject({
      action: 'deploy',
      app: 'catalog',
      forced: true,
      reason: 'hotfix; the smoke journey is flaky',
      compat: { ok: false, forced: true },
    });
  });

  it('runs compat.mjs on the build against the root, and passes a build that passes', async () => {
    await fakeBuild('product', 'product-v2');
    const passing = await script(0, '1 passed (3.2s)');
    const done = await deploy({ root, workspace, app: 'product', compat: passing });
    expect(done.compat).toEqual({ ok: true, summary: '1 passed (3.2s)' });
    // What the runner was asked: the build folder and the version, against this root.
    const outcome = await passing({ root, app: 'product', build: join(workspace, 'dist/apps/product'), version: done.version });
    expect(outcome.ok).toBe(true);
  });

  it('refuses a new canary that fails the check, changing nothing; a share change of the running canary is not checked again', async () => {
    await fakeBuild('account', 'account-v2');
    const v2 = (await deploy({ root, workspace, app: 'account' })).version as string;
    const failing = await script(1, '✗ account: the login popup never opened');
    const manifest = await readFile(join(root, 'remotes.json'), 'utf8');
    await expect(canary({ root, remote: 'account', version: v2, percent: 5, compat: failing })).rejects.toThrow(
      /account \S+ failed the compatibility check .*nothing changed; go ahead anyway with --force --reason/,
    );
    expect(await readFile(join(root, 'remotes.json'), 'utf8')).toBe(manifest);
    await expect(canary({ root, remote: 'account', version: v2, percent: 5, compat: failing, force: true })).rejects.toThrow(/--force needs --reason/);
    const started = await canary({ root, remote: 'account', version: v2, percent: 5, compat: failing, force: true, reason: 'known flaky journey' });
    expect(started.compat).toMatchObject({ ok: false, forced: true });
    expect((await history()).at(-1)).toMatchObject({ action: 'canary', forced: true, reason: 'known flaky journey', compat: { forced: true } });
    // Raising its share: no check (it would fail), no force needed.
    expect((await canary({ root, remote: 'account', version: v2, percent: 25, compat: failing })).compat).toBeUndefined();
  });

  it('refuses a build the check could not run for, and records a harness that skips it with its reason', async () => {
    const missing = compatRunner({ script: join(workspace, 'no-such-compat.mjs') });
    const outcome = await missing({ root, app: 'catalog', build: root, version: 'x' });
    expect(outcome.ok).toBe(false);
    const gate = compatGate({
      compat: async () => ({ ok: false, ran: false, summary: 'no browser' }),
      root,
      app: 'catalog',
      build: root,
      version: 'x',
      what: 'deployed',
    });
    await expect(gate).rejects.toThrow(/catalog x could not be checked for compatibility against .* \(no browser\)/);
    const skipped = await compatGate({
      compat: async () => ({ ok: false, ran: true, summary: 'never asked' }),
      root,
      app: 'catalog',
      build: root,
      version: 'x',
      what: 'deployed',
      env: { RELEASE_COMPAT_SKIP: 'e2e harness' },
    });
    expect(skipped).toEqual({ ok: true, skipped: 'RELEASE_COMPAT_SKIP: e2e harness' });
    // Nothing live yet (a fresh root): nothing to be compatible with.
    const fresh = await compatGate({
      compat: async () => ({ ok: false, ran: true, summary: 'x' }),
      root: join(workspace, 'fresh'),
      app: 'catalog',
      build: root,
      version: 'x',
      what: 'deployed',
      env: {},
    });
    expect(fresh).toMatchObject({ ok: true, skipped: expect.stringMatching(/nothing live/) });
  });
});
