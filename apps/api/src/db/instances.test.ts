import { createSecondInstance, createTestApi, guestSession, type TestApi } from '../testing/api';
import { openDatabase } from './database';
import { call, outbox } from '../areas/account/testing';
import { ADDRESS, client, pickProducts } from '../areas/cart/test-helpers';

/**
 * Two API instances on one PostgreSQL server (issue 21): what a shopper does through one is
 * what the other knows, whichever the load balancer picks next. Only on PostgreSQL (the
 * api:test-postgres run of `npm test`): PGlite is one process's database.
 */
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('two API instances on one PostgreSQL server', () => {
  let one: TestApi;
  let two: TestApi;
  beforeAll(async () => {
    one = await createTestApi({ seeded: true });
    two = await createSecondInstance();
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('a one-time code locked through one instance is locked on the other', async () => {
    const guest = await guestSession(one.app);
    const phone = { telephone: '9876511111', phoneCode: '+91' };
    expect((await call(one.app, guest, 'POST', '/v2/customers/mobile/otp', phone)).statusCode).toBe(200);
    const [message] = await outbox(one.app, '+91 9876511111');
    const wrong = message!.code === '000000' ? '000001' : '000000';
    // Wrong guesses alternate between the instances: they count together.
    const statuses = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await call(i % 2 ? two.app : one.app, guest, 'POST', '/v2/customers/mobile/authenticate', { ...phone, code: wrong })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await call(two.app, guest, 'POST', '/v2/customers/mobile/authenticate', { ...phone, code: message!.code });
    expect(right.statusCode).toBe(429);
  });

  it('an idempotency key used through one instance is honoured on the other: one order, the same answer', async () => {
    const products = await pickProducts(one.db);
    const cookie = await guestSession(one.app);
    const viaOne = client(one.app, cookie);
    const viaTwo = client(two.app, cookie);
    expect((await viaOne.post('/v2/carts/items', { productId: products.otherFrame.id })).status).toBe(200);
    expect((await viaTwo.post('/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
    const body = { paymentMethod: 'cc', card: { number: '4111111111111111', nameOnCard: 'Asha Rao', expiryMonth: 12, expiryYear: 2099, cvv: '123' } };
    const key = `two-instances-${Date.now()}`;
    const ordersCount = async () => (await one.db.query<{ n: number }>('select count(*)::int as n from orders'))[0]!.n;
    const ordersBefore = await ordersCount();
    const [first, second] = await Promise.all([
      viaOne.post('/v2/orders/payment', body, { 'idempotency-key': key }),
      viaTwo.post('/v2/orders/payment', body, { 'idempotency-key': key }),
    ]);
    const statuses = [first.status, second.status].sort();
    // One pays; the other either waits and replays the same answer, or is told the first is in flight.
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const again = await viaTwo.post('/v2/orders/payment', body, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    const paid = [first, second].find((r) => r.status === 200)!;
    expect(again.body.result.order.id).toBe(paid.body.result.order.id);
    expect(await ordersCount()).toBe(ordersBefore + 1);
  });

  it('a price changed through one instance is served by both on their next read, listing and product', async () => {
    const products = await pickProducts(one.db);
    const id = products.otherFrame.id;
    const [place] = await one.db.query<{ category_id: number }>(
      'select category_id from product_categories where product_id = $1 order by category_id limit 1',
      [id],
    );
    // The selling price (the second of the answer's prices) on the product page and in its listing.
    const priceOn = async (api: TestApi) => {
      const c = client(api.app, await guestSession(api.app));
      const product = (await c.get(`/v2/products/product/${id}`)).body.result;
      const listing = (await c.get(`/v2/categories/${place!.category_id}?page-size=100&sort=price&dir=asc`)).body.result;
      const card = listing.product_list.find((p: { id: number }) => p.id === id);
      expect(card?.prices[1].price).toBe(product.prices[1].price);
      return product.prices[1].price as number;
    };
    // Both instances have the product in their read caches.
    const before = await priceOn(one);
    expect(await priceOn(two)).toBe(before);
    const changed = await one.admin.inject({ method: 'PUT', url: `/catalogue/products/${id}/price`, payload: { country: 'in', sellingPrice: before - 100 } });
    expect(changed.statusCode).toBe(200);
    expect(await priceOn(two)).toBe(before - 100);
    expect(await priceOn(one)).toBe(before - 100);
  });
});

onPostgres('the pooled PostgreSQL client', () => {
  it('cancels a statement past its timeout, and keeps to its bound on connections', async () => {
    const db = await openDatabase({ url: process.env.TEST_DATABASE_URL, pool: { max: 2, statementTimeoutMs: 200, applicationName: 'bound-test' } });
    try {
      await expect(db.query('select pg_sleep(2)')).rejects.toMatchObject({ code: '57014' });
      // Six statements at once through a pool of two: two connections, the rest wait their turn.
      const running = Promise.all(Array.from({ length: 6 }, () => db.query('select pg_sleep(0.15)')));
      await new Promise((resolve) => setTimeout(resolve, 80));
      const watcher = await openDatabase({ url: process.env.TEST_DATABASE_URL, pool: { max: 1 } });
      const [row] = await watcher.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where application_name = 'bound-test'");
      await watcher.close();
      await running;
      expect(row!.n).toBe(2);
    } finally {
      await db.close();
    }
  });
});

onPostgres('prepared statements', () => {
  it('prepares a statement again when another instance changed its table (a rolling deploy migrated it)', async () => {
    const one = await openDatabase({ url: process.env.TEST_DATABASE_URL, pool: { max: 1 } });
    const other = await openDatabase({ url: process.env.TEST_DATABASE_URL, pool: { max: 1 } });
    try {
      await one.exec(
        'drop table if exists reprepare_probe; create table reprepare_probe (id int primary key, a text); insert into reprepare_probe values (1, $$x$$)',
      );
      const read = () => one.query<Record<string, unknown>>('select * from reprepare_probe where id = $1', [1]);
      expect(await read()).toEqual([{ id: 1, a: 'x' }]);
      await other.exec('alter table reprepare_probe add column b int default 7');
      expect(await read()).toEqual([{ id: 1, a: 'x', b: 7 }]);
    } finally {
      await one.exec('drop table if exists reprepare_probe');
      await one.close();
      await other.close();
    }
  });
});
