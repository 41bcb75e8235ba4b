// The CLI's plain-JavaScript manifest check against the shell's own (libs/federation): the
// same answer, or the same error message, for every input, so neither can accept what the
// other refuses.
import { ManifestError as LibError, REMOTE_IDS as LIB_IDS, parseRemotesManifest as libParse } from '@eyewear/federation';
import { ManifestError, REMOTE_IDS, parseRemotesManifest } from './manifest-schema.mjs';

const rel = (remote: string, version: string) => ({ version, entry: `/remotes/${remote}/${version}/mf-manifest.json` });
const valid = () => ({
  schemaVersion: 1,
  remotes: Object.fromEntries(LIB_IDS.map((id) => [id, { stable: rel(id, '1.0.0') }])) as Record<
    string,
    Record<string, unknown> & { stable: { version: string; entry: string }; canary?: unknown }
  >,
});

function outcome(parse: (value: unknown) => unknown, Error: new (message?: string) => Error, value: unknown) {
  try {
    return { ok: parse(value) };
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    return { error: (error as Error).message };
  }
}

const cases: Array<[string, (m: ReturnType<typeof valid>) => unknown]> = [
  ['a valid manifest', (m) => m],
  ['not an object', () => []],
  ['null', () => null],
  ['schemaVersion 2', (m) => ({ ...m, schemaVersion: 2 })],
  ['no remotes', (m) => ({ schemaVersion: m.schemaVersion })],
  ['an unknown remote', (m) => ({ ...m, remotes: { ...m.remotes, nope: m.remotes.catalog } })],
  ['a missing remote', (m) => (delete m.remotes.account, m)],
  ['a bad version', (m) => ((m.remotes.catalog.stable.version = '../x'), m)],
  ['a bad entry', (m) => ((m.remotes.catalog.stable.entry = 'remotes/x.js'), m)],
  ['an http entry', (m) => ((m.remotes.catalog.stable.entry = 'https://cdn.example/x/mf-manifest.json'), m)],
  ['a canary', (m) => ((m.remotes.catalog.canary = { ...rel('catalog', '2.0.0'), percent: 5, salt: 'abcdef0123' }), m)],
  ['a canary at 150 %', (m) => ((m.remotes.catalog.canary = { ...rel('catalog', '2.0.0'), percent: 150 }), m)],
  ['a canary as stable', (m) => ((m.remotes.catalog.canary = { ...rel('catalog', '1.0.0'), percent: 5 }), m)],
  ['a bad salt', (m) => ((m.remotes.catalog.canary = { ...rel('catalog', '2.0.0'), percent: 5, salt: 'XYZ' }), m)],
  [
    'a rollout',
    (m) => (
      (m.remotes.product.canary = {
        ...rel('product', '2.0.0'),
        percent: 5,
        rollout: { steps: [5, 50, 100], intervalMs: 600000, step: 0, stepSince: '2026-01-01T00:00:00Z', startedAt: '2026-01-01T00:00:00Z' },
      }),
      m
    ),
  ],
  [
    'a rollout with falling steps',
    (m) => (
      (m.remotes.product.canary = {
        ...rel('product', '2.0.0'),
        percent: 5,
        rollout: { steps: [50, 5], intervalMs: 1, step: 0, stepSince: '2026-01-01T00:00:00Z', startedAt: '2026-01-01T00:00:00Z' },
      }),
      m
    ),
  ],
  [
    'a rollout without dates',
    (m) => ((m.remotes.product.canary = { ...rel('product', '2.0.0'), percent: 5, rollout: { steps: [5], intervalMs: 1, step: 0 } }), m),
  ],
  ['cohorts', (m) => ({ ...m, cohorts: { catalog: 42 } })],
  ['a bad cohort', (m) => ({ ...m, cohorts: { catalog: 100 } })],
  ['a cohort of an unknown remote', (m) => ({ ...m, cohorts: { nope: 1 } })],
  ['a page-view receipt', (m) => ({ ...m, view: 'abcdefghijkl.1a2bf.ABCDEFGHIJKLMNOPQRSTUV' })],
  ['a malformed page-view receipt', (m) => ({ ...m, view: 'nope' })],
  ['a page-view receipt that is not a string', (m) => ({ ...m, view: 42 })],
];

describe("the CLI's manifest check", () => {
  it('knows the same remotes as the federation lib', () => {
    expect(REMOTE_IDS).toEqual(LIB_IDS);
  });

  it.each(cases)('answers as the shell does for %s', (_name, make) => {
    const mine = outcome(parseRemotesManifest, ManifestError, make(valid()));
    const lib = outcome(libParse, LibError, make(valid()));
    expect(mine).toEqual(lib);
  });
});
