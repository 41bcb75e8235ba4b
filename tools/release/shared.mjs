// Whether a remote's build can run under the shells shoppers are given. Every app lists the
// modules it shares through Module Federation in its mf-manifest.json (`shared`: name, the
// `version` it bundles, the `requiredVersion` range it accepts, `singleton`; `strictVersion`
// where the build records it). The shell provides its versions first, so a singleton the
// remote requires outside the shell's version would run against the wrong one (or, strict,
// fail to load). A non-singleton falls back to the remote's own copy: a warning, not a refusal.
import { join } from 'node:path';
import semver from 'semver';
import { deployFolder, readJson } from './deploy.mjs';
import { ReleaseError } from './errors.mjs';

/**
 * The shared entries of a build's mf-manifest.json, by name; null when the manifest records
 * none (an older or hand-made build: nothing can be checked).
 * @param {any} manifest
 * @returns {Map<string, { name: string, version: string | null, requiredVersion: string | null, singleton: boolean, strictVersion: boolean }> | null}
 */
export function sharedOf(manifest) {
  if (!manifest || !Array.isArray(manifest.shared)) return null;
  const shared = new Map();
  for (const entry of manifest.shared) {
    if (!entry || typeof entry.name !== 'string') continue;
    shared.set(entry.name, {
      name: entry.name,
      version: typeof entry.version === 'string' ? entry.version : null,
      requiredVersion: typeof entry.requiredVersion === 'string' ? entry.requiredVersion : null,
      singleton: entry.singleton === true,
      strictVersion: entry.strictVersion === true,
    });
  }
  return shared;
}

async function readManifestOf(dir, what) {
  try {
    return await readJson(join(dir, 'mf-manifest.json'), null);
  } catch (error) {
    throw new ReleaseError(`cannot read ${what}'s mf-manifest.json in ${dir} (${error.message})`);
  }
}

/**
 * Checks a remote build's shared requirements against each live shell (stable and canary).
 * @param {{ root: string, distDir: string, shells: Array<{ version: string, channel: 'stable' | 'canary' }> }} input
 * @returns {Promise<{ checked: Array<{ shell: string, channel: string }>, unchecked: Array<{ shell: string, channel: string, why: string }>,
 *   mismatches: Array<{ name: string, requiredVersion: string, shell: string, channel: string, provides: string, singleton: boolean, strictVersion: boolean, message: string }>,
 *   warnings: string[] }>}
 */
export async function checkSharedAgainstShells({ root, distDir, shells }) {
  const result = { checked: [], unchecked: [], mismatches: [], warnings: [] };
  const build = sharedOf(await readManifestOf(distDir, 'the build'));
  if (!build) {
    for (const { version, channel } of shells) result.unchecked.push({ shell: version, channel, why: "the build's mf-manifest.json lists no shared modules" });
    return result;
  }
  for (const { version, channel } of shells) {
    const provided = sharedOf(await readManifestOf(deployFolder(root, 'shell', version), `shell ${version}`));
    if (!provided) {
      result.unchecked.push({ shell: version, channel, why: `shell ${version} records no shared modules (no mf-manifest.json with "shared")` });
      continue;
    }
    result.checked.push({ shell: version, channel });
    for (const need of build.values()) {
      const have = provided.get(need.name);
      if (!need.requiredVersion || !have?.version) continue;
      if (!semver.validRange(need.requiredVersion)) {
        result.warnings.push(`${need.name}: the build's requiredVersion "${need.requiredVersion}" is not a semver range; not checked`);
        continue;
      }
      if (semver.satisfies(have.version, need.requiredVersion)) continue;
      const shell = `the live shell ${version}${channel === 'canary' ? ' (canary)' : ''}`;
      const message = `${need.name}: the build requires ${need.requiredVersion}, ${shell} provides ${have.version}`;
      if (need.singleton || need.strictVersion) {
        result.mismatches.push({
          name: need.name,
          requiredVersion: need.requiredVersion,
          shell: version,
          channel,
          provides: have.version,
          singleton: need.singleton,
          strictVersion: need.strictVersion,
          message,
        });
      } else {
        result.warnings.push(`${message} (not a singleton: the build loads its own copy)`);
      }
    }
  }
  return result;
}
