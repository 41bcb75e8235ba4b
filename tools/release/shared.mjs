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

/** A build's `federationRuntime` (build.json, tools/webpack/app-config.cjs): whose runtime it runs on. */
async function runtimeOf(dir) {
  const info = await readJson(join(dir, 'build.json'), null).catch(() => null);
  const runtime = info?.federationRuntime;
  if (!runtime || typeof runtime.use !== 'string') return null;
  return {
    use: runtime.use,
    version: typeof runtime.version === 'string' ? runtime.version : null,
    // What the shell hands over, or what the remote takes from it: the runtime core (ADR 032), and
    // webpack's bundler runtime (ADR 036). A build made before parts were recorded: the core alone.
    parts: Array.isArray(runtime.parts) ? runtime.parts.filter((part) => typeof part === 'string') : ['core'],
  };
}

const PART_NAMES = { core: 'runtime core', bundler: 'bundler runtime' };

/**
 * A remote's production build runs on the federation runtime the shell provides (docs/adr/032,
 * docs/adr/036): under a shell that does not provide one (built before), provides only some of
 * the parts it takes (a shell built before ADR 036 hands over the core alone), or one of another
 * major version, its entry cannot start. Each such live shell is a mismatch.
 * @param {{ root: string, distDir: string, shells: Array<{ version: string, channel: 'stable' | 'canary' }> }} input
 */
export async function checkRuntimeAgainstShells({ root, distDir, shells }) {
  const needs = await runtimeOf(distDir);
  if (needs?.use !== 'shell') return [];
  const mismatches = [];
  for (const { version, channel } of shells) {
    const shell = `the live shell ${version}${channel === 'canary' ? ' (canary)' : ''}`;
    const has = await runtimeOf(deployFolder(root, 'shell', version));
    const wanted = needs.version ? `^${semver.major(needs.version)}.0.0` : null;
    const missing = has?.use === 'provides' ? needs.parts.filter((part) => !has.parts.includes(part)) : [];
    const fits = has?.use === 'provides' && !missing.length && (!wanted || !has.version || semver.satisfies(has.version, wanted));
    if (fits) continue;
    const message =
      has?.use !== 'provides'
        ? `federation runtime: the build runs on the shell's; ${shell} provides none (deploy and promote a shell built with it first)`
        : missing.length
          ? `federation runtime: the build runs on the shell's ${missing.map((part) => PART_NAMES[part] ?? part).join(' and ')}; ${shell} provides only its ${has.parts.map((part) => PART_NAMES[part] ?? part).join(' and ')} (deploy and promote a shell built with it first)`
          : `federation runtime: the build runs on the shell's, ${wanted}; ${shell} provides ${has.version}`;
    mismatches.push({
      name: 'federation runtime',
      requiredVersion: wanted ?? '*',
      shell: version,
      channel,
      provides: has?.use !== 'provides' ? 'none' : missing.length ? `${has.version ?? '?'} (${has.parts.join(', ')})` : (has.version ?? '?'),
      singleton: true,
      strictVersion: true,
      message,
    });
  }
  return mismatches;
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
  result.mismatches.push(...(await checkRuntimeAgainstShells({ root, distDir, shells })));
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

/**
 * The live remote builds (stable and canary in remotes.json) that could not start under shell
 * `version` because they run on a federation runtime it does not provide (docs/adr/032): what
 * a shell canary or a shell rollback to that version would break. One message each.
 * @param {{ root: string, version: string, manifest: any }} input  `manifest`: remotes.json, or null
 */
export async function remotesBrokenUnderShell({ root, version, manifest }) {
  const broken = [];
  for (const [remote, channels] of Object.entries(manifest?.remotes ?? {})) {
    for (const [channel, release] of [
      ['stable', channels.stable],
      ['canary', channels.canary],
    ]) {
      if (!release?.version) continue;
      const mismatches = await checkRuntimeAgainstShells({
        root,
        distDir: deployFolder(root, remote, release.version),
        shells: [{ version, channel: 'stable' }],
      });
      if (mismatches.length)
        broken.push(`${remote} ${release.version} (${channel}) runs on the shell's federation runtime, which shell ${version} does not provide`);
    }
  }
  return broken;
}
