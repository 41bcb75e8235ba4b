// The bench's fault step (issue 17): runs the canary fault suite (e2e/tests/canary-faults.spec.ts)
// with `repeats` visits per failure kind and reads back, from each visit, the time from
// navigation to stable content in the broken canary's area. The suite asserts that things
// happen (stable content, no uncaught error, the failure charged to the canary); how fast is
// measured here, never asserted in CI (docs/adr/009).
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The q-quantile (nearest rank) of a list of numbers, or null for none. */
export function quantile(values, q) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * Per failure kind: the visits that passed (stable content shown, no uncaught error), of how
 * many, and the median and p95 time to stable content in ms.
 * @param {{ workspace: string, repeats: number, env?: Record<string, string> }} options
 */
export async function measureCanaryFaults({ workspace, repeats, env = {} }) {
  const dir = await mkdtemp(join(tmpdir(), 'bench-faults-'));
  const timings = join(dir, 'timings.jsonl');
  try {
    const e2e = join(workspace, 'e2e');
    const prepared = spawnSync(process.execPath, ['prepare.mjs'], { cwd: e2e, stdio: 'ignore', env: { ...process.env, ...env } });
    if (prepared.status !== 0) throw new Error('bench: e2e/prepare.mjs failed');
    const run = spawnSync(
      process.execPath,
      [join(workspace, 'node_modules/@playwright/test/cli.js'), 'test', 'tests/canary-faults.spec.ts', '--workers=1', '--retries=0', '--reporter=line'],
      { cwd: e2e, encoding: 'utf8', env: { ...process.env, ...env, CANARY_FAULT_REPEATS: String(repeats), CANARY_FAULT_TIMINGS: timings } },
    );
    const lines = (await readFile(timings, 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    const kinds = {};
    for (const { kind, ms } of lines) (kinds[kind] ??= []).push(ms);
    const result = {};
    for (const [kind, values] of Object.entries(kinds)) {
      result[kind] = { passed: values.length, of: repeats, median: quantile(values, 0.5), p95: quantile(values, 0.95) };
    }
    return { kinds: result, suitePassed: run.status === 0, output: run.status === 0 ? '' : `${run.stdout}\n${run.stderr}`.slice(-4000) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
