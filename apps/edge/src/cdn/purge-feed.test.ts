// The purge feed's reader against a stand-in API feed and a recording purger.
import { createServer, type Server } from 'node:http';
import { listen, stop } from '../testing/servers';
import { createPurgeFeed } from './purge-feed';
import type { Purger } from './purger';

let api: Server;
let apiUrl: string;
let rows: { id: number; keys: string[] }[];
let asked: string[];
let feedStatus: number;

beforeEach(async () => {
  rows = [];
  asked = [];
  feedStatus = 200;
  api = createServer((req, res) => {
    asked.push(req.url ?? '');
    const after = Number(new URL(req.url ?? '/', 'http://api').searchParams.get('after') ?? 0);
    const purges = rows.filter((row) => row.id > after);
    res.writeHead(feedStatus, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ result: { purges, last: rows.reduce((max, row) => Math.max(max, row.id), 0) } }));
  });
  apiUrl = await listen(api);
});
afterEach(() => stop(api));

function feed(options: { live?: () => Promise<Set<string>>; failures?: number } = {}) {
  const purged: string[][] = [];
  const dropped: string[][] = [];
  let failures = options.failures ?? 0;
  const purger: Purger = {
    kind: 'varnish',
    async purge(keys) {
      if (failures-- > 0) throw new Error('cache down');
      purged.push([...keys]);
    },
  };
  const reader = createPurgeFeed({
    apiUrl,
    purger,
    dropPages: (keys) => dropped.push([...keys]),
    liveVariantIds: options.live ?? (async () => new Set(['v1'])),
    intervalMs: 1_000_000,
    log: () => undefined,
  });
  return { reader, purged, dropped };
}

describe('createPurgeFeed', () => {
  it("reads the last hour's purges first, then only what is new, dropping the edge's pages and purging the cache once each", async () => {
    rows = [{ id: 3, keys: ['p1', 's1'] }];
    const { reader, purged, dropped } = feed();
    await reader.poll();
    expect(asked).toEqual(['/v2/content/purges']);
    expect(dropped).toEqual([['p1', 's1']]);
    expect(purged).toEqual([['p1', 's1']]);
    await reader.poll();
    expect(asked[1]).toBe('/v2/content/purges?after=3');
    expect(purged).toHaveLength(1);
    rows.push({ id: 4, keys: ['p9'] });
    await reader.poll();
    expect(purged).toEqual([['p1', 's1'], ['p9']]);
    expect(reader.stats()).toMatchObject({ cursor: 4, pending: 0 });
  });

  it('keeps what the cache did not confirm and sends it with the next round', async () => {
    rows = [{ id: 1, keys: ['p1'] }];
    const { reader, purged } = feed({ failures: 1 });
    await reader.poll();
    expect(purged).toEqual([]);
    expect(reader.stats()).toMatchObject({ pending: 1, failures: 1 });
    rows.push({ id: 2, keys: ['p2'] });
    await reader.poll();
    expect(purged).toEqual([['p1', 'p2']]);
  });

  it('purges the pages of builds a release retired (b-<id>), not those still live', async () => {
    let live = new Set(['v1', 'v2']);
    const { reader, purged } = feed({ live: async () => live });
    await reader.poll();
    expect(purged).toEqual([]);
    // A canary rolled back: its builds' pages go; stable's stay.
    live = new Set(['v1']);
    await reader.poll();
    expect(purged).toEqual([['b-v2']]);
  });

  it('an API without the feed (an older one while a deploy rolls) changes nothing and is asked again', async () => {
    feedStatus = 404;
    const { reader, purged } = feed();
    await reader.poll();
    await reader.poll();
    expect(purged).toEqual([]);
    expect(asked).toEqual(['/v2/content/purges', '/v2/content/purges']);
  });
});

describe('createPurgeFeed after a write through the edge', () => {
  it('reads the purges at once, and a page waiting for the round finds them applied', async () => {
    rows = [];
    const { reader, dropped } = feed();
    // Not started: a write changes nothing (an edge that keeps no pages and has no shared cache).
    reader.afterWrite();
    await reader.settled();
    expect(asked).toEqual([]);
    reader.start();
    await reader.settled();
    rows.push({ id: 7, keys: ['p5'] });
    reader.afterWrite();
    await reader.settled();
    expect(dropped).toContainEqual(['p5']);
    // Five writes at once (a double click, parallel calls, a flood): the round under way and one more, not five.
    const before = asked.length;
    for (let i = 0; i < 5; i += 1) reader.afterWrite();
    await reader.settled();
    expect(asked.length - before).toBeLessThanOrEqual(2);
    reader.stop();
  });
});
