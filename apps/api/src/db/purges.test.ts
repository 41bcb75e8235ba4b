import { createTestApi, type TestApi } from '../testing/api';
import { generateCatalogue } from '../seed/generate';
import { type SeedCatalogue } from '../seed/types';
import { prepareDatabase, startPlan } from './prepare';
import { PURGE_FEED_LIMIT, recordPurge, recordStockMoves, shownStock } from './purges';

/** Issue 39: the purge outbox and its feed for the edges (GET /v2/content/purges?after=). */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(() => api.close());

const feed = async (query = '') => {
  const response = await api.app.inject({ method: 'GET', url: `/v2/content/purges${query}` });
  expect(response.statusCode).toBe(200);
  return response.json().result as { purges: { id: number; keys: string[] }[]; last: number };
};
const count = async () => (await api.db.query<{ n: number }>('select count(*)::int as n from cache_purges'))[0]!.n;

describe('the purge outbox', () => {
  it('an API start with its seeds records no purge, nor does a new seed version or a second start', async () => {
    expect(await count()).toBe(0);
    const catalogue = generateCatalogue();
    const changed: SeedCatalogue = { ...catalogue, products: catalogue.products.map((p, i) => (i === 0 ? { ...p, stock: p.stock + 3 } : p)) };
    const { seeded } = await prepareDatabase(api.db, startPlan('local', {}), () => changed);
    expect(seeded?.applied).toBe(true);
    await prepareDatabase(api.db, startPlan('local', {}), () => changed);
    expect(await count()).toBe(0);
  });

  it('answers last 0 and nothing on an empty table', async () => {
    expect(await feed()).toEqual({ purges: [], last: 0 });
    expect(await feed('?after=0')).toEqual({ purges: [], last: 0 });
  });

  it('records valid keys once, moves no read cache version, and is read after an id once', async () => {
    const watched = ['products', 'product_stock', 'product_prices', 'reviews', 'categories', 'content_pages'];
    const before = await api.db.writeVersion(watched);
    await recordPurge(api.db, ['p1', 'p1', 'NOT A KEY', 's1']);
    await api.db.transaction((tx) => recordPurge(tx, ['c3100']));
    await recordPurge(api.db, []);
    expect(await api.db.writeVersion(watched)).toBe(before);

    // The feed itself is a read: it moves nothing, not even the outbox's own count.
    const beforeFeed = await api.db.writeVersion([...watched, 'cache_purges']);
    const first = await feed();
    expect(await api.db.writeVersion([...watched, 'cache_purges'])).toBe(beforeFeed);
    expect(first.purges.map((p) => p.keys)).toEqual([['p1', 's1'], ['c3100']]);
    expect(first.last).toBe(first.purges[1]!.id);
    expect(await feed(`?after=${first.last}`)).toEqual({ purges: [], last: first.last });
    expect((await feed(`?after=${first.purges[0]!.id}`)).purges.map((p) => p.keys)).toEqual([['c3100']]);

    await recordPurge(api.db, ['cms-home']);
    const next = await feed(`?after=${first.last}`);
    expect(next.purges.map((p) => p.keys)).toEqual([['cms-home']]);
    expect(next.last).toBeGreaterThan(first.last);
  });

  it('answers the last hour only; last still counts older rows', async () => {
    await api.db.query('delete from cache_purges');
    await api.db.query(`insert into cache_purges (keys, created_at) values ('{p7}', now() - interval '2 hours')`);
    await recordPurge(api.db, ['p8']);
    const answer = await feed();
    expect(answer.purges.map((p) => p.keys)).toEqual([['p8']]);
    expect(answer.last).toBe(answer.purges[0]!.id);
  });

  it('holds back a row while a transaction older than its own may still commit a lower id', async () => {
    await api.db.query('delete from cache_purges');
    await recordPurge(api.db, ['p1']);
    // A row written by a later transaction while an earlier one (with a lower id) is still open,
    // as on a PostgreSQL server: its transaction id is past the snapshot's oldest running one.
    await api.db.query(`insert into cache_purges (keys, tx) values ('{p2}', (pg_current_xact_id()::text::bigint + 1000000)::text::xid8)`);
    await recordPurge(api.db, ['p3']);
    const held = await feed();
    expect(held.purges.map((p) => p.keys)).toEqual([['p1']]);
    expect(held.last).toBe(held.purges[0]!.id);
    expect(await feed(`?after=${held.last}`)).toEqual({ purges: [], last: held.last });
    // That transaction ended: the rest comes, in order.
    await api.db.query(`update cache_purges set tx = pg_current_xact_id() where keys = '{p2}'`);
    const rest = await feed(`?after=${held.last}`);
    expect(rest.purges.map((p) => p.keys)).toEqual([['p2'], ['p3']]);
    expect(rest.last).toBe(rest.purges[1]!.id);
  });

  it(`answers ${PURGE_FEED_LIMIT} rows at most, and last is where to ask again`, async () => {
    await api.db.query('delete from cache_purges');
    await api.db.query(`insert into cache_purges (keys) select array['p' || n] from generate_series(1, ${PURGE_FEED_LIMIT + 5}) n`);
    const page = await feed();
    expect(page.purges).toHaveLength(PURGE_FEED_LIMIT);
    expect(page.last).toBe(page.purges[PURGE_FEED_LIMIT - 1]!.id);
    const rest = await feed(`?after=${page.last}`);
    expect(rest.purges.map((p) => p.keys[0])).toEqual(['p1001', 'p1002', 'p1003', 'p1004', 'p1005']);
    expect(rest.last).toBe(rest.purges[4]!.id);
  });

  it('refuses an after that is not a non-negative whole number, and any other parameter, with 400 and a message', async () => {
    for (const query of ['?after=-1', '?after=abc', '?after=1.5', '?x=1']) {
      const response = await api.app.inject({ method: 'GET', url: `/v2/content/purges${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });
});

// On a PostgreSQL server two transactions run at once (PGlite runs one at a time): the real case.
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
onPostgres('the feed on a PostgreSQL server', () => {
  it('holds back a later committed purge until an earlier open transaction with a lower id commits', async () => {
    await api.db.query('delete from cache_purges');
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let recorded!: () => void;
    const inserted = new Promise<void>((resolve) => (recorded = resolve));
    const open = api.db.transaction(async (tx) => {
      await recordPurge(tx, ['p-early']);
      recorded();
      await held;
    });
    await inserted;
    await recordPurge(api.db, ['p-late']);
    const during = await feed();
    expect(during.purges).toEqual([]);
    expect(during.last).toBe(0);
    commit();
    await open;
    const after = await feed(`?after=${during.last}`);
    expect(after.purges.map((p) => p.keys)).toEqual([['p-early'], ['p-late']]);
    expect(after.last).toBe(after.purges[1]!.id);
  });
});

describe('stock purges', () => {
  it('purge a product whose shown stock changes (sold out, the last one, back in stock), not one that stays in stock', async () => {
    expect([0, 1, 2, 57].map(shownStock)).toEqual([0, 1, 2, 2]);
    await api.db.query('delete from cache_purges');
    await recordStockMoves(api.db, [
      { productId: 1, before: 57, after: 56 },
      { productId: 2, before: 2, after: 1 },
      { productId: 3, before: 1, after: 0 },
      { productId: 4, before: 0, after: 3 },
    ]);
    await recordStockMoves(api.db, [{ productId: 5, before: 10, after: 9 }]);
    expect((await feed()).purges.map((p) => p.keys)).toEqual([['s2', 's3', 's4']]);
  });
});
