// Deploys the current production builds into a fresh deploy root for the journeys, the way
// `npm start` does for people, so tests never disturb a developer's .deploy/.
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deployWorkspace } from '@eyewear/tools/deploy';

const workspace = resolve(fileURLToPath(new URL('..', import.meta.url)));
const root = join(workspace, '.deploy-e2e');
await rm(root, { recursive: true, force: true });
await rm(join(workspace, '.data/e2e-api'), { recursive: true, force: true });
const deployed = await deployWorkspace({ root, workspace });
console.log(`e2e deploy root ${root}: ${deployed.map((d) => `${d.app}@${d.version}`).join(', ')}`);
