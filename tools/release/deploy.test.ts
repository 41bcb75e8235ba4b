import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { APPS, deployBuild, deployWorkspace, digestOf, localDeployRoot, readJson } from './deploy.mjs';

let workspace: string;
let root: string;

async function fakeBuild(app: string, content: string) {
  const dir = join(workspace, 'dist/apps', app);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'build.json'), JSON.stringify({ name: app, version: '0.1.0' }));
  await writeFile(join(dir, 'mf-manifest.json'), JSON.stringify({ name: app, content }));
  await writeFile(join(dir, 'index.html'), `<html>${content}</html>`);
}

beforeEach(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'ws-'));
  root = join(workspace, '.deploy');
  for (const app of APPS) await fakeBuild(app, `${app}-v1`);
});

afterEach(() => rm(workspace, { recursive: true, force: true }));

describe('deploy', () => {
  it('copies every build into a versioned folder and points the manifest at it', async () => {
    const deployed = await deployWorkspace({ root, workspace });
    const manifest = await readJson(join(root, 'remotes.json'));
    const catalog = deployed.find((d) => d.app === 'catalog')!;
    expect(catalog.version).toMatch(/^0\.1\.0-[0-9a-f]{10}$/);
    expect(manifest.remotes.catalog.stable).toEqual({ version: catalog.version, entry: `/remotes/catalog/${catalog.version}/mf-manifest.json` });
    expect(Object.keys(manifest.remotes).sort()).toEqual(['account', 'appointments', 'cart-checkout', 'catalog', 'product']);
    expect(await readJson(join(root, 'shell.json'))).toEqual({ version: deployed.find((d) => d.app === 'shell')!.version });
  });

  it("deploys a new build of one remote without touching any other app's files", async () => {
    await deployWorkspace({ root, workspace });
    const before = Object.fromEntries(
      await Promise.all(
        APPS.filter((a) => a !== 'catalog').map(async (app) => [app, await digestOf(join(root, app === 'shell' ? 'shell' : `remotes/${app}`))]),
      ),
    );
    await fakeBuild('catalog', 'catalog-v2');
    const { version } = await deployBuild({ root, app: 'catalog', distDir: join(workspace, 'dist/apps/catalog') });
    expect(await readdir(join(root, 'remotes/catalog'))).toHaveLength(2);
    expect(await readFile(join(root, 'remotes/catalog', version, 'mf-manifest.json'), 'utf8')).toContain('catalog-v2');
    for (const [app, digest] of Object.entries(before)) {
      expect(await digestOf(join(root, app === 'shell' ? 'shell' : `remotes/${app}`))).toBe(digest);
    }
  });

  it('lands the same build in the same folder, and keeps a running canary', async () => {
    const first = await deployWorkspace({ root, workspace });
    const manifest = await readJson(join(root, 'remotes.json'));
    manifest.remotes.product.canary = { version: '9.0.0', entry: '/remotes/product/9.0.0/mf-manifest.json', percent: 5 };
    await writeFile(join(root, 'remotes.json'), JSON.stringify(manifest));
    const second = await deployWorkspace({ root, workspace });
    expect(second.map((d) => d.version)).toEqual(first.map((d) => d.version));
    expect((await readJson(join(root, 'remotes.json'))).remotes.product.canary.percent).toBe(5);
  });

  it('makes the shell build the stable shell, keeping a running shell canary of another version', async () => {
    const first = await deployWorkspace({ root, workspace });
    const shell = first.find((d) => d.app === 'shell')!.version;
    const canary = { version: '9.0.0', percent: 5, salt: '0123456789abcdef' };
    await writeFile(join(root, 'shell.json'), JSON.stringify({ version: '8.0.0', canary }));
    await deployWorkspace({ root, workspace });
    expect(await readJson(join(root, 'shell.json'))).toEqual({ version: shell, canary });
    // The canary's own build deployed as stable ends the canary.
    await writeFile(join(root, 'shell.json'), JSON.stringify({ version: '8.0.0', canary: { ...canary, version: shell } }));
    await deployWorkspace({ root, workspace });
    expect(await readJson(join(root, 'shell.json'))).toEqual({ version: shell });
  });
});

describe("npm start's deploy root", () => {
  const repo = join(__dirname, '../..');
  const run = promisify(execFile);

  it("is .deploy-local, not the release CLI's default root, which it leaves alone", async () => {
    expect(localDeployRoot(workspace)).toBe(join(workspace, '.deploy-local'));
    // A release engineer's root in the same checkout: the CLI's default (.deploy under the current directory).
    const cli = join(__dirname, 'cli.mjs');
    const missing = await run(process.execPath, [cli, 'status'], { cwd: workspace }).catch((error) => error);
    expect(missing.stderr).toContain(`no remotes.json in ${join(workspace, '.deploy')}`);
    await deployWorkspace({ root, workspace });
    const engineer = await digestOf(root);
    for (const app of APPS) await fakeBuild(app, `${app}-v2`);
    await deployWorkspace({ root: localDeployRoot(workspace), workspace });
    expect(await digestOf(root)).toBe(engineer);
    expect(await readdir(join(workspace, '.deploy-local/remotes/catalog'))).toHaveLength(1);
  });

  it('is what npm start and npm run dev use, and git ignores it', async () => {
    for (const script of ['start.mjs', 'dev.mjs']) {
      const source = await readFile(join(repo, 'tools/scripts', script), 'utf8');
      expect(source).toMatch(/const root = localDeployRoot\(workspace\);/);
      expect(source).not.toMatch(/'\.deploy'/);
    }
    await expect(run('git', ['check-ignore', '-q', '.deploy-local/remotes.json'], { cwd: repo })).resolves.toBeDefined();
  });
});
