// The release CLI's own state files under `<root>/.release/` (the bake watch's bake.json, the
// analysis's analysis.json): read as an object ({} when missing or unreadable), written atomically.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const statePath = (root, name) => join(root, '.release', name);

/**
 * @param {string} root the checkout
 * @param {string} name the file's name in .release/
 * @returns {Promise<Record<string, any>>}
 */
export async function readStateFile(root, name) {
  try {
    const state = JSON.parse(await readFile(statePath(root, name), 'utf8'));
    return state && typeof state === 'object' ? state : {};
  } catch {
    return {};
  }
}

/**
 * @param {string} root the checkout
 * @param {string} name the file's name in .release/
 * @param {unknown} state
 */
export async function writeStateFile(root, name, state) {
  await mkdir(join(root, '.release'), { recursive: true });
  const temp = `${statePath(root, name)}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(state, null, 2)}\n`);
  await rename(temp, statePath(root, name));
}
