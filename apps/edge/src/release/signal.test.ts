import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSignalRecorder, parseBeacon, type Judge } from './signal';

const yes: Judge = () => ({ verdict: 'yes', run: 'stable' });
const view = (id: string, addr = 'net-a') => ({ id: id.padEnd(12, '0'), addr });

describe('release signal files', () => {
  it('two edges in one process write files of their own, so neither replaces the other’s votes', async () => {
    const root = await mkdtemp(join(tmpdir(), 'signal-'));
    try {
      const now = () => Date.UTC(2026, 10, 26, 10, 0, 0);
      const first = createSignalRecorder({ root, now });
      const second = createSignalRecorder({ root, now });
      first.record(view('s1'), [{ kind: 'loaded', app: 'catalog', version: '1.0.0' }], yes);
      second.record(view('s2'), [{ kind: 'loaded', app: 'catalog', version: '1.0.0' }], yes);
      await Promise.all([first.flush(), second.flush()]);
      const files = (await readdir(join(root, '.signal'))).filter((name) => name.endsWith('.json'));
      expect(files).toHaveLength(2);
      const instances = await Promise.all(files.map(async (name) => JSON.parse(await readFile(join(root, '.signal', name), 'utf8')).instance));
      expect(new Set(instances).size).toBe(2);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('writes a window in the format the release CLI reads: one vote per page view, histograms, the edge’s answers, rejections', async () => {
    const root = await mkdtemp(join(tmpdir(), 'signal-'));
    try {
      const now = () => Date.UTC(2026, 10, 26, 10, 3, 0);
      const signal = createSignalRecorder({ root, now, instance: 'edge a:1' });
      const judge: Judge = (_app, version) => ({ verdict: version === '1.0.0' ? 'yes' : version === '1.1.0' ? 'not-assigned' : 'unknown', run: 'stable' });
      signal.record(view('s1'), [{ kind: 'loaded', app: 'catalog', version: '1.0.0' }], judge);
      // One session's failure counts once, and its first failure is the one counted.
      signal.record(view('s2'), [{ kind: 'timeout', app: 'catalog', version: '1.0.0' }], judge);
      signal.record(view('s2'), [{ kind: 'load', app: 'catalog', version: '1.0.0' }], judge);
      signal.record(view('s1'), [{ kind: 'vitals', app: 'catalog', version: '1.0.0', lcp: 1200, inp: 80, errors: 25 }], judge);
      signal.record(view('s3'), [{ kind: 'pageerror', app: 'catalog', version: '1.0.0' }], judge);
      signal.record(
        view('s1'),
        [
          { kind: 'loaded', app: 'catalog', version: '1.1.0' },
          { kind: 'loaded', app: 'catalog', version: '9.9.9' },
        ],
        judge,
      );
      // A page view the edge served that has not reported, and the edge's own renders by run.
      signal.viewStarted([{ app: 'catalog', version: '1.0.0', run: 'stable' }]);
      signal.viewStarted([{ app: 'catalog', version: '1.0.0', run: 'stable' }]);
      signal.recordRender('catalog', '1.0.0', 'stable', true);
      signal.recordRender('catalog', '1.0.0', 'stable', false);
      signal.recordFile('catalog', '1.0.0', 200);
      signal.recordFile('catalog', '1.0.0', 404);
      signal.recordFile('shell', '2.0.0', 503);
      signal.reject('noSession', 3);
      await signal.flush();
      const names = await readdir(join(root, '.signal'));
      expect(names).toEqual(['2026-11-26T10-00-00.000Z--edge_a_1.json']);
      const text = await readFile(join(root, '.signal', names[0]!), 'utf8');
      expect(text.endsWith('}\n')).toBe(true);
      expect(JSON.parse(text)).toEqual({
        schemaVersion: 2,
        instance: 'edge_a_1',
        windowStart: '2026-11-26T10:00:00.000Z',
        windowMinutes: 5,
        apps: {
          catalog: {
            '1.0.0': {
              sessions: 2,
              ok: 1,
              failed: 1,
              load: 0,
              timeout: 1,
              render: 0,
              errorSessions: 2,
              errors: 21,
              edge: { requests: 2, s4xx: 1, s5xx: 0 },
              lcp: { n: 1, hist: { '1500': 1 } },
              inp: { n: 1, hist: { '100': 1 } },
              // One entry per page view, however many beacons it sent: read once across edges.
              views: {
                s10000000000: ['net-a', 'error', 'stable'],
                s20000000000: ['net-a', 'timeout', 'stable'],
                s30000000000: ['net-a', 'error', 'stable'],
              },
              renders: { stable: [2, 1] },
              served: { stable: 2 },
            },
          },
          shell: {
            '2.0.0': {
              sessions: 0,
              ok: 0,
              failed: 0,
              load: 0,
              timeout: 0,
              render: 0,
              errorSessions: 0,
              errors: 0,
              edge: { requests: 1, s4xx: 0, s5xx: 1 },
              lcp: { n: 0, hist: {} },
              inp: { n: 0, hist: {} },
              views: {},
              renders: {},
              served: {},
            },
          },
        },
        rejected: { noSession: 3, notAssigned: 1, unknown: 1, rateLimited: 0, overflow: 0, noView: 0, firstView: 0 },
      });
      // The keys in the order the files have always had.
      expect(Object.keys(JSON.parse(text).apps.catalog['1.0.0'])).toEqual([
        'sessions',
        'ok',
        'failed',
        'load',
        'timeout',
        'render',
        'errorSessions',
        'errors',
        'edge',
        'lcp',
        'inp',
        'views',
        'renders',
        'served',
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('allows a session 60 beacons a minute, and keeps at most maxVotes votes a window', () => {
    let clock = Date.UTC(2026, 10, 26, 10, 0, 0);
    const signal = createSignalRecorder({ root: tmpdir(), now: () => clock, instance: 'limits', maxVotes: 1 });
    const allowed = Array.from({ length: 61 }, () => signal.allow('s1'));
    expect(allowed.slice(0, 60).every(Boolean)).toBe(true);
    expect(allowed[60]).toBe(false);
    clock += 60_000;
    expect(signal.allow('s1')).toBe(true);
    signal.record(view('s1'), [{ kind: 'loaded', app: 'catalog', version: '1.0.0' }], yes);
    signal.record(view('s2'), [{ kind: 'loaded', app: 'catalog', version: '1.0.0' }], yes);
    expect(signal.summarise()[0]?.rejected.overflow).toBe(1);
  });
});

describe('parseBeacon', () => {
  const apps = ['shell', 'catalog'];

  it('returns the events with their measures as whole numbers within range', () => {
    expect(parseBeacon({ events: [{ kind: 'vitals', app: 'catalog', version: '1.0.0', lcp: 1234.6, inp: -1, errors: 700_000 }] }, apps)).toEqual([
      { kind: 'vitals', app: 'catalog', version: '1.0.0', lcp: 1235, inp: undefined, errors: undefined },
    ]);
  });

  it.each([
    ['not an object', 'events'],
    ['no events', {}],
    ['empty events', { events: [] }],
    ['more than 50 events', { events: Array.from({ length: 51 }, () => ({ kind: 'loaded', app: 'shell', version: '1' })) }],
    ['an event that is not an object', { events: [null] }],
    ['an unknown kind', { events: [{ kind: 'crashed', app: 'shell', version: '1' }] }],
    ['an unknown app', { events: [{ kind: 'loaded', app: 'admin', version: '1' }] }],
    ['a malformed version', { events: [{ kind: 'loaded', app: 'shell', version: '../1' }] }],
  ])('refuses %s', (_what, body) => {
    expect(parseBeacon(body, apps)).toBeNull();
  });
});
