// Deploys the current production builds into a fresh deploy root for the journeys, the way
// `npm start` does for people, so tests never disturb a developer's deploy folder. Then builds
// the fault suite's real canaries of the catalog (support/rebuild.mjs, cached by build id) and
// records where they are in .e2e-builds/canaries.json for the tests to deploy. Varnish (the
// shared page cache playwright.config.ts puts in front of the edge, support/varnish.mjs) is
// installed first when missing (apt-get, as root).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deployWorkspace } from '@eyewear/tools/deploy';
import { ensureVarnish } from '@eyewear/tools/scripts/varnish';
import { buildCanaries } from './support/rebuild.mjs';

const noVarnish = ensureVarnish();
if (noVarnish) {
  console.error(
    `✗ The journeys run a shared page cache (Varnish with xkey) in front of the edge: ${noVarnish} Install it: sudo apt-get install varnish varnish-modules`,
  );
  process.exit(1);
}

const workspace = resolve(fileURLToPath(new URL('..', import.meta.url)));
const root = join(workspace, '.deploy-e2e');
await rm(root, { recursive: true, force: true });
await rm(join(workspace, '.data/e2e-api'), { recursive: true, force: true });
const deployed = await deployWorkspace({ root, workspace });
console.log(`e2e deploy root ${root}: ${deployed.map((d) => `${d.app}@${d.version}`).join(', ')}`);

const started = Date.now();
const canaries = await buildCanaries();
await mkdir(join(workspace, '.e2e-builds'), { recursive: true });
await writeFile(join(workspace, '.e2e-builds/canaries.json'), `${JSON.stringify(canaries, null, 2)}\n`);
for (const build of Object.values(canaries)) {
  console.log(`e2e canary catalog-${build.kind}: build ${build.buildId}${build.cached ? ' (cached)' : ''}`);
}
console.log(`e2e canaries ready in ${Math.round((Date.now() - started) / 1000)} s`);
