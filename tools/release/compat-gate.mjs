// The compatibility check as a gate of `release deploy` and `release canary`: before either
// changes anything, the build is run by the smoke journeys against what the deploy root serves
// (compat.mjs --against <root> --app <app> --build <folder> --version <V>: a remote under the
// live stable shell, a shell over the live stable remotes). A build that fails, or that could
// not be checked, is refused unless `--force --reason "..."`; the outcome goes in the history
// either way. The check runs before the command takes the lock (it takes minutes, and a
// rollback must never wait behind it), and only reads the root.
//
// Commands called as functions (tests, `npm start` and e2e/prepare.mjs, which deploy through
// deploy.mjs deployWorkspace anyway) check nothing unless given `compat`; the CLI always gives it.
// RELEASE_COMPAT_SKIP="<why>" skips it, for harnesses that test the release mechanics (the e2e
// journeys' private sites: compat.spec.ts is their compatibility check); the history records it.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ReleaseError } from './errors.mjs';
import { manifestPath, shellPath } from './manifest-store.mjs';
import { exists } from './deploy.mjs';

const COMPAT_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'compat.mjs');

/**
 * @typedef {{ ok: boolean, ran: boolean, summary: string }} CompatOutcome
 * @typedef {(input: { root: string, app: string, build: string, version: string }) => Promise<CompatOutcome>} CompatCheck
 */

/**
 * Runs compat.mjs (or `script`, for tests) on one build; resolves with what it said, never throws.
 * @param {{ script?: string }} [options]
 * @returns {CompatCheck}
 */
export function compatRunner({ script = COMPAT_SCRIPT } = {}) {
  return ({ root, app, build, version }) =>
    new Promise((resolve) => {
      let output = '';
      let child;
      try {
        child = spawn(process.execPath, [script, '--against', root, '--app', app, '--build', build, '--version', version], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
      } catch (error) {
        resolve({ ok: false, ran: false, summary: `the check could not start: ${error.message}` });
        return;
      }
      const keep = (chunk) => {
        output = (output + chunk).slice(-20_000);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', (error) => resolve({ ok: false, ran: false, summary: `the check could not start: ${error.message}` }));
      child.on('close', (code) => {
        const lines = output
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean);
        const failed = lines.filter((line) => /✗|failed|Error/.test(line)).slice(-3);
        resolve({
          ok: code === 0,
          ran: true,
          summary:
            code === 0
              ? (lines.find((line) => /passed/.test(line)) ?? 'the smoke journeys passed')
              : failed.join(' / ') || lines.slice(-3).join(' / ') || `exit ${code}`,
        });
      });
    });
}

/**
 * The gate: runs `compat` on the build when given one and the root serves something; throws a
 * ReleaseError when it fails and `force` is off. Returns what the history records, or null
 * when nothing was checked.
 * @param {{ compat?: CompatCheck, root: string, app: string, build: string, version: string, force?: boolean, what: string, env?: Record<string, string | undefined> }} input
 */
export async function compatGate({ compat, root, app, build, version, force = false, what, env = process.env }) {
  if (!compat) return null;
  // A harness that tests the release mechanics themselves (the e2e journeys' private sites) says
  // why it skips the check; the history keeps the reason.
  const skip = String(env.RELEASE_COMPAT_SKIP ?? '').trim();
  if (skip) return { ok: true, skipped: `RELEASE_COMPAT_SKIP: ${skip}` };
  if (!(await exists(manifestPath(root))) || !(await exists(shellPath(root)))) {
    return { ok: true, skipped: 'nothing live to check against yet (no remotes.json or shell.json)' };
  }
  const outcome = await compat({ root, app, build, version });
  if (outcome.ok) return { ok: true, summary: outcome.summary };
  if (!force) {
    throw new ReleaseError(
      `${app} ${version} ${outcome.ran ? 'failed the compatibility check' : 'could not be checked for compatibility'} against what ${root} serves (${outcome.summary}); nothing ${what}; go ahead anyway with --force --reason "<why>"`,
    );
  }
  return { ok: false, forced: true, ran: outcome.ran, summary: outcome.summary };
}
