import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const workspace = join(__dirname, '../..');

type Result = { name: string; messages: string[] };

describe('module boundaries', () => {
  let results: Record<string, string[]>;

  beforeAll(() => {
    const output = execFileSync(process.execPath, [join(__dirname, 'check-boundaries.mjs')], {
      cwd: workspace,
      encoding: 'utf8',
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    });
    results = Object.fromEntries((JSON.parse(output) as Result[]).map((r) => [r.name, r.messages]));
  }, 60_000);

  it.each([
    'app imports another app',
    'app deep-imports another app',
    'app imports another app by path',
    'lib imports an app',
    'ui imports api-client',
    'shared lib imports a scoped app',
  ])('rejects: %s', (name) => {
    expect(results[name]!.length).toBeGreaterThan(0);
  });

  it('allows an app to import a shared lib', () => {
    expect(results['app imports a shared lib']).toEqual([]);
  });
});
