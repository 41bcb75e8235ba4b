// Real rebuilt canaries of the catalog for the fault suite (docs/adr/023): a copy of the
// catalog's sources with a visible change, built by webpack in production mode into a folder
// of its own (the app's dist/ is never touched), the way a team would build its next version.
// Not a byte copy of stable: a different build id, namespace, hashes and remote entry global.
//
// Builds are cached by the build id of their inputs (tools/webpack/app-config.cjs buildIdOf:
// the copied sources and config, every lib's source, the webpack tooling, the lockfile), so a
// second `npm test` builds nothing.
import { spawnSync } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const workspace = join(here, '../..');
const require = createRequire(import.meta.url);
const { buildIdOf } = require('@eyewear/tools/webpack/app-config');

export const STABLE_HEADING = 'Eyeglasses, sunglasses and contact lenses';
export const CANARY_HEADING = 'Canary build of the catalogue';

/**
 * The canaries: `changed` is the catalog with its home heading changed; `mismatch` is the same
 * change built with a shared map whose React requirement the shell cannot meet (strictVersion),
 * so the runtime refuses it at its shared negotiation; `crash` is the same change with a home
 * page that throws while rendering (a bug that shipped).
 * @typedef {'changed' | 'mismatch' | 'crash'} CanaryKind
 */
/** @type {CanaryKind[]} */
export const CANARY_KINDS = ['changed', 'mismatch', 'crash'];

/** The line of the home page that the crash canary makes throw. */
const HOME_RENDER = 'const m = useMessages(messages);';

/** Prepended to the copied webpack.config.js of the mismatch canary. */
const MISMATCH_PATCH = `// e2e: a shared map that requires a React the shell does not provide.
const sharedConfig = require('../../tools/webpack/shared.cjs');
const originalShared = sharedConfig.sharedModules;
sharedConfig.sharedModules = () => {
  const map = originalShared();
  for (const key of ['react', 'react/jsx-runtime']) map[key] = { ...map[key], requiredVersion: '^99.0.0', strictVersion: true };
  return map;
};
`;

/**
 * Copies apps/catalog to `<workspace>/.e2e-builds/catalog-<kind>` (two levels below the root,
 * so its config's relative requires and the workspace's node_modules resolve as for the
 * original), with the change applied.
 * @param {CanaryKind} kind
 */
async function prepareSource(kind) {
  const source = join(workspace, 'apps/catalog');
  const dir = join(workspace, '.e2e-builds', `catalog-${kind}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const entry of ['src', 'package.json', 'webpack.config.js']) {
    await cp(join(source, entry), join(dir, entry), { recursive: true });
  }
  const messagesFile = join(dir, 'src/app/messages.ts');
  const messages = await readFile(messagesFile, 'utf8');
  if (!messages.includes(STABLE_HEADING)) throw new Error(`rebuild: "${STABLE_HEADING}" is not in apps/catalog/src/app/messages.ts any more`);
  await writeFile(messagesFile, messages.replaceAll(STABLE_HEADING, CANARY_HEADING));
  if (kind === 'crash') {
    const homeFile = join(dir, 'src/exposes/HomePage.tsx');
    const home = await readFile(homeFile, 'utf8');
    if (!home.includes(HOME_RENDER)) throw new Error(`rebuild: "${HOME_RENDER}" is not in apps/catalog/src/exposes/HomePage.tsx any more`);
    await writeFile(homeFile, home.replace(HOME_RENDER, `${HOME_RENDER}\n  if (m) throw new Error('catalog canary: the home page crashed while rendering');`));
  }
  if (kind === 'mismatch') {
    const config = join(dir, 'webpack.config.js');
    await writeFile(config, MISMATCH_PATCH + (await readFile(config, 'utf8')));
  }
  return dir;
}

/**
 * Builds (or finds in the cache) one canary. Returns its output folder, ready for
 * deployBuild, and its build id.
 * @param {CanaryKind} kind
 * @returns {Promise<{ kind: CanaryKind, distDir: string, buildId: string, cached: boolean }>}
 */
export async function buildCanary(kind) {
  const dir = await prepareSource(kind);
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const buildId = buildIdOf({ dir, version, mode: 'production' });
  const distDir = join(workspace, '.e2e-builds/out', `catalog-${kind}-${buildId}`);
  const infoFile = join(distDir, 'build.json');
  if (existsSync(infoFile) && JSON.parse(readFileSync(infoFile, 'utf8')).buildId === buildId) return { kind, distDir, buildId, cached: true };
  // Builds of earlier inputs are of no use any more.
  const outDir = join(workspace, '.e2e-builds/out');
  for (const name of await readdir(outDir).catch(() => [])) {
    if (name.startsWith(`catalog-${kind}-`)) await rm(join(outDir, name), { recursive: true, force: true });
  }
  const webpackCli = join(workspace, 'node_modules/webpack-cli/bin/cli.js');
  const env = { ...process.env, BUILD_OUT_DIR: distDir, NODE_ENV: 'production' };
  delete env.RELEASE_VERSION;
  const built = spawnSync(process.execPath, [webpackCli, '--mode', 'production'], { cwd: dir, env, encoding: 'utf8' });
  if (built.status !== 0 || !existsSync(infoFile)) {
    throw new Error(`rebuild: the ${kind} canary of catalog did not build:\n${built.stdout}\n${built.stderr}`);
  }
  const info = JSON.parse(readFileSync(infoFile, 'utf8'));
  if (info.buildId !== buildId) throw new Error(`rebuild: the ${kind} canary built as ${info.buildId}, expected ${buildId}`);
  return { kind, distDir, buildId, cached: false };
}

/** Every canary of the fault suite, built once and then from the cache. */
export async function buildCanaries() {
  /** @type {Record<CanaryKind, Awaited<ReturnType<typeof buildCanary>>>} */
  const builds = /** @type {never} */ ({});
  for (const kind of CANARY_KINDS) builds[kind] = await buildCanary(kind);
  return builds;
}
