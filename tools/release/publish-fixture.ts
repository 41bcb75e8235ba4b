// A complete deploy root for the publish and edge-origin tests: every app deployed once,
// plus a second build of the catalog (a remote canary) and of the shell (a shell canary),
// each build with files of several types (a hashed script and stylesheet, a PNG, an SVG).
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPS, deployBuild, deployWorkspace, readJson } from './deploy.mjs';

export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
export const SALT = 'abcdef0123456789';

const hash8 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);

/** Writes a production-like build of `app` into <workspace>/dist/apps/<app>. */
export async function fakeBuild(workspace: string, app: string, content: string) {
  const dir = join(workspace, 'dist/apps', app);
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, 'assets'), { recursive: true });
  const main = `main.${hash8(`${app}${content}`)}.js`;
  const style = `styles.${hash8(`${app}${content}css`)}.css`;
  await writeFile(join(dir, 'build.json'), JSON.stringify({ name: app, container: app.replace('-', '_'), version: '0.1.0', mode: 'production' }));
  // Over 1 KiB, so the edge compresses it.
  await writeFile(join(dir, main), `console.log(${JSON.stringify(`${app} ${content} `.repeat(80))});`);
  await writeFile(join(dir, style), `body{color:#123}/* ${content} */`);
  await writeFile(join(dir, 'assets/logo.png'), PNG);
  await writeFile(join(dir, 'assets/icon.svg'), `<svg xmlns="http://www.w3.org/2000/svg"><!-- ${content} --></svg>`);
  if (app === 'shell') {
    await writeFile(join(dir, 'index.html'), `<html><head></head><body><h1>${content}</h1><script defer src="/${main}"></script></body></html>`);
  } else {
    await writeFile(join(dir, 'mf-manifest.json'), JSON.stringify({ name: app, content, metaData: { publicPath: 'auto' } }));
  }
  return { main, style };
}

export interface DeployFixture {
  workspace: string;
  root: string;
  /** app -> its stable version */
  stable: Record<string, string>;
  /** the catalog's canary and the shell's canary versions */
  catalogCanary: string;
  shellCanary: string;
  /** the hashed script of each build, by version */
  mainOf: Record<string, string>;
}

/**
 * A deploy root with every app stable, a catalog canary at `catalogPercent` and a shell
 * canary at `shellPercent` (both with the salt SALT).
 */
export async function makeDeployRoot({ catalogPercent = 100, shellPercent = 0 } = {}): Promise<DeployFixture> {
  const workspace = await mkdtemp(join(tmpdir(), 'publish-'));
  const root = join(workspace, '.deploy');
  const mainOf: Record<string, string> = {};
  const mains: Record<string, string> = {};
  for (const app of APPS) mains[app] = (await fakeBuild(workspace, app, `${app}-v1`)).main;
  const deployed = await deployWorkspace({ root, workspace });
  const stable = Object.fromEntries(deployed.map((d) => [d.app, d.version]));
  for (const app of APPS) mainOf[stable[app]] = mains[app];

  const catalogMain = (await fakeBuild(workspace, 'catalog', 'catalog-v2')).main;
  const catalogCanary = (await deployBuild({ root, app: 'catalog', distDir: join(workspace, 'dist/apps/catalog') })).version;
  mainOf[catalogCanary] = catalogMain;
  const shellMain = (await fakeBuild(workspace, 'shell', 'shell-v2')).main;
  const shellCanary = (await deployBuild({ root, app: 'shell', distDir: join(workspace, 'dist/apps/shell') })).version;
  mainOf[shellCanary] = shellMain;

  await setCanaries(root, { catalogCanary, shellCanary, catalogPercent, shellPercent });
  return { workspace, root, stable, catalogCanary, shellCanary, mainOf };
}

/** Points remotes.json's catalog canary and shell.json's canary at the given shares. */
export async function setCanaries(
  root: string,
  { catalogCanary, shellCanary, catalogPercent, shellPercent }: { catalogCanary: string; shellCanary: string; catalogPercent: number; shellPercent: number },
) {
  const manifest = await readJson(join(root, 'remotes.json'));
  manifest.remotes.catalog.canary = {
    version: catalogCanary,
    entry: `/remotes/catalog/${catalogCanary}/mf-manifest.json`,
    percent: catalogPercent,
    salt: SALT,
    rollout: { steps: [50, 100], intervalMs: 600000, step: 0, stepSince: '2026-11-25T09:16:02.930Z', startedAt: '2026-11-25T09:05:40.077Z' },
  };
  await writeFile(join(root, 'remotes.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const shell = await readJson(join(root, 'shell.json'));
  shell.canary = { version: shellCanary, percent: shellPercent, salt: SALT };
  await writeFile(join(root, 'shell.json'), `${JSON.stringify(shell, null, 2)}\n`);
}

export const text = (file: string) => readFile(file, 'utf8');
