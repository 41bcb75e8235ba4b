import { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endpoint } from '@eyewear/api-client';
import { buildApp } from '../../app';
import { route } from '../../http/endpoint';
import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { HttpError } from '../../http/errors';
import { ADDRESS, client, pickProducts } from './test-helpers';

/** Cart writes safe to repeat: an optional Idempotency-Key makes a double tap or a retried request change the cart once. */

let keys = 0;
const newKey = () => `cart-${Date.now()}-${++keys}`;

/** A shopper whose writes carry `key` as their Idempotency-Key when given one. */
function cartClient(app: FastifyInstance, cookie: string) {
  const c = client(app, cookie);
  const keyed = (key?: string): Record<string, string> => (key === undefined ? {} : { 'idempotency-key': key });
  const replayed = async (answer: ReturnType<typeof c.get>) => {
    const { headers, ...rest } = await answer;
    return { ...rest, replayed: headers['idempotent-replayed'] };
  };
  return {
    get: (url: string) => replayed(c.get(url)),
    post: (url: string, payload?: unknown, key?: string) => replayed(c.post(url, payload, keyed(key))),
    put: (url: string, key?: string) => replayed(c.put(url, keyed(key))),
    del: (url: string, key?: string) => replayed(c.del(url, keyed(key))),
  };
}

describe('cart writes with an Idempotency-Key', () => {
  let api: TestApi;
  let p: Awaited<ReturnType<typeof pickProducts>>;
  beforeAll(async () => {
    api = await createTestApi({ seeded: true });
    p = await pickProducts(api.db);
  });
  afterAll(() => api.close());

  const shopper = async () => cartClient(api.app, await guestSession(api.app));
  const lines = async (c: ReturnType<typeof cartClient>) =>
    (await c.get('/v2/carts')).body.result.items.map((i: { productId: number; quantity: number }) => ({ productId: i.productId, quantity: i.quantity }));

  it('the same add sent twice with one key adds once; the second answer is the first, marked replayed', async () => {
    const c = await shopper();
    const key = newKey();
    const first = await c.post('/v2/carts/items', { productId: p.otherFrame.id }, key);
    const second = await c.post('/v2/carts/items', { productId: p.otherFrame.id }, key);
    expect(first.status).toBe(200);
    expect(first.replayed).toBeUndefined();
    expect(second.status).toBe(200);
    expect(second.replayed).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await lines(c)).toEqual([{ productId: p.otherFrame.id, quantity: 1 }]);
  });

  it('five parallel identical adds with one key add once; the others answer the stored answer or 409 IN_FLIGHT', async () => {
    const c = await shopper();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => c.post('/v2/carts/items', { productId: p.otherFrame.id }, key)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of ok) expect(a.body).toEqual(ok[0]!.body);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body).toMatchObject({ code: 'IN_FLIGHT', message: 'This change is already being saved. Please wait.', field: 'idempotency-key' });
    }
    expect(await lines(c)).toEqual([{ productId: p.otherFrame.id, quantity: 1 }]);
  });

  it('increase twice with one key adds one; two different keys add two', async () => {
    const c = await shopper();
    const itemId = (await c.post('/v2/carts/items', { productId: p.otherFrame.id }, newKey())).body.result.items[0].id;
    const key = newKey();
    expect((await c.put(`/v2/carts/items/${itemId}/quantity?count=1`, key)).status).toBe(200);
    const again = await c.put(`/v2/carts/items/${itemId}/quantity?count=1`, key);
    expect(again.status).toBe(200);
    expect(again.replayed).toBe('true');
    expect(await lines(c)).toEqual([{ productId: p.otherFrame.id, quantity: 2 }]);
    await c.put(`/v2/carts/items/${itemId}/quantity?count=1`, newKey());
    await c.put(`/v2/carts/items/${itemId}/quantity?count=1`, newKey());
    expect(await lines(c)).toEqual([{ productId: p.otherFrame.id, quantity: 4 }]);
  });

  it('the same key with another request (body, query, item or route) answers 422 and changes nothing', async () => {
    const c = await shopper();
    const key = newKey();
    const added = await c.post('/v2/carts/items', { productId: p.otherFrame.id }, key);
    const itemId = added.body.result.items[0].id;
    const before = (await c.get('/v2/carts')).body.result;
    const mismatches = [
      await c.post('/v2/carts/items', { productId: p.otherFrame2.id }, key),
      await c.post('/v2/carts/items', { productId: p.otherFrame.id, quantity: 2 }, key),
      await c.put(`/v2/carts/items/${itemId}/quantity?count=1`, key),
      await c.del(`/v2/carts/items/${itemId}`, key),
      await c.del('/v2/carts', key),
    ];
    for (const m of mismatches) {
      expect(m.status).toBe(422);
      expect(m.body).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH', field: 'idempotency-key' });
    }
    expect((await c.get('/v2/carts')).body.result).toEqual(before);
    // Another count on the same item is another request too.
    const k2 = newKey();
    await c.put(`/v2/carts/items/${itemId}/quantity?count=1`, k2);
    expect((await c.put(`/v2/carts/items/${itemId}/quantity?count=2`, k2)).status).toBe(422);
    expect(await lines(c)).toEqual([{ productId: p.otherFrame.id, quantity: 2 }]);
  });

  it('refuses a malformed key with 400 and a body, and changes nothing', async () => {
    const c = await shopper();
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(101), 'semi;colon-key']) {
      const answer = await c.post('/v2/carts/items', { productId: p.otherFrame.id }, bad);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'BAD_REQUEST', field: 'idempotency-key', message: expect.any(String) });
    }
    expect(await lines(c)).toEqual([]);
  });

  it('without a key each call applies, as before', async () => {
    const c = await shopper();
    await c.post('/v2/carts/items', { productId: p.otherFrame.id });
    await c.post('/v2/carts/items', { productId: p.otherFrame.id });
    const itemId = (await c.get('/v2/carts')).body.result.items[0].id;
    await c.put(`/v2/carts/items/${itemId}/quantity?count=1`);
    await c.put(`/v2/carts/items/${itemId}/quantity?count=1`);
    expect(await lines(c)).toEqual([{ productId: p.otherFrame.id, quantity: 4 }]);
  });

  it('stores a refusal too: the same request again answers the same error, replayed', async () => {
    const c = await shopper();
    const key = newKey();
    const first = await c.post('/v2/carts/items', { productId: p.outOfStock.id }, key);
    const again = await c.post('/v2/carts/items', { productId: p.outOfStock.id }, key);
    expect(first.status).toBe(422);
    expect(first.body.code).toBe('OUT_OF_STOCK');
    expect(again.status).toBe(422);
    expect(again.body).toEqual(first.body);
    expect(again.replayed).toBe('true');
  });

  it('takes a key on every cart write the browser makes: each replays instead of applying twice', async () => {
    const c = await shopper();
    const twice = async (send: (key: string) => ReturnType<typeof c.get>) => {
      const key = newKey();
      const first = await send(key);
      const second = await send(key);
      expect([first.status, second.status, second.replayed]).toEqual([first.status, first.status, 'true']);
      expect(second.body).toEqual(first.body);
      return first;
    };
    const added = await twice((k) => c.post('/v2/carts/items', { productId: p.otherFrame.id, quantity: 2 }, k));
    const itemId = added.body.result.items[0].id;
    await twice((k) => c.post(`/v2/carts/items/${itemId}`, { powerLater: true }, k));
    await twice((k) => c.put(`/v2/carts/items/${itemId}/quantity?count=1`, k));
    await twice((k) => c.del(`/v2/carts/items/${itemId}/quantity?count=1`, k));
    expect(await lines(c)).toEqual([{ productId: p.otherFrame.id, quantity: 2 }]);
    expect((await twice((k) => c.post('/v2/carts/shippingAddress', ADDRESS, k))).status).toBe(200);
    await twice((k) => c.post('/v2/carts/offers', { offerId: 'SAVE10' }, k));
    await twice((k) => c.del('/v2/carts/offers/SAVE10', k));
    await twice((k) => c.post('/v2/carts/paymentOffer', { offerId: 'UPI5', paymentMethod: 'upi' }, k));
    await twice((k) => c.del('/v2/carts/offers/UPI5', k));
    expect((await twice((k) => c.post('/v2/carts/gift-vouchers', { code: 'GIFT2000' }, k))).status).toBe(200);
    await twice((k) => c.del('/v2/carts/gift-vouchers/GIFT2000', k));
    expect((await twice((k) => c.post('/v2/carts/store-credits', { code: 'CREDIT1000', amount: 50 }, k))).status).toBe(200);
    await twice((k) => c.del('/v2/carts/store-credits', k));
    const options = await twice((k) =>
      c.post('/v2/carts/expressdelivery/updateDeliveryOption?pincode=560001&shippingCountry=in', { deliveryOptionId: 'standard' }, k),
    );
    expect(options.status).toBe(200);
    await twice((k) => c.del(`/v2/carts/items/${itemId}`, k));
    await c.post('/v2/carts/items', { productId: p.otherFrame.id }, newKey());
    const cleared = await twice((k) => c.del('/v2/carts', k));
    expect(cleared.body.result.items).toEqual([]);
  });

  it('re-orders once per key (by id and by e-mail)', async () => {
    const cookie = await guestSession(api.app);
    const c = cartClient(api.app, cookie);
    await c.post('/v2/carts/items', { productId: p.otherFrame.id }, newKey());
    await c.post('/v2/carts/shippingAddress', ADDRESS, newKey());
    const card = { number: '4111111111111111', nameOnCard: 'Asha Rao', expiryMonth: 12, expiryYear: 2099, cvv: '123' };
    const paid = await api.app.inject({
      method: 'POST',
      url: '/v2/orders/payment',
      payload: { paymentMethod: 'cc', card },
      headers: { cookie, 'x-country-code': 'in', 'idempotency-key': newKey() },
    });
    expect(paid.statusCode).toBe(200);
    const orderId = paid.json().result.order.id;
    const byId = newKey();
    await c.post(`/v2/carts/reorder/${orderId}`, undefined, byId);
    expect((await c.post(`/v2/carts/reorder/${orderId}`, undefined, byId)).replayed).toBe('true');
    expect(await lines(c)).toEqual([{ productId: p.otherFrame.id, quantity: 1 }]);
    const byEmail = newKey();
    const body = { emailId: { email: ADDRESS.email }, orderId };
    await c.post('/v2/carts/reorder', body, byEmail);
    expect((await c.post('/v2/carts/reorder', body, byEmail)).replayed).toBe('true');
    expect(await lines(c)).toHaveLength(2);
  });

  describe('the keyed write and its key commit together (http/idempotency.ts runOnce)', () => {
    /** An API with one more keyed route whose answer the test decides: `outcome` is what its next run does. */
    let outcome: () => Promise<unknown> = async () => ({ result: 'ran' });
    let runs = 0;
    // The handler also asks for a transaction of its own (a savepoint of the request's).
    let nested = false;
    let lastNested = '';
    let app: FastifyInstance;
    const keyedWrite = endpoint({
      name: 'test.keyedWrite',
      method: 'POST',
      path: '/test/keyed-write',
      body: z.object({ productId: z.number() }),
      response: z.unknown(),
      headers: { idempotencyKey: true },
      summary: 'a keyed write whose answer the test decides',
    });
    beforeAll(async () => {
      app = await buildApp({ db: api.db });
      route(app, keyedWrite, async ({ db }) => {
        runs += 1;
        if (nested) {
          lastNested = `nested-${Date.now()}-${runs}`;
          await db.transaction(async (tx) => tx.query(`insert into captchas (id, answer) values ($1, 'NESTED')`, [lastNested]));
        }
        // What the write does, on the request's database (its transaction): kept only when the write commits.
        await db.query(`insert into captchas (id, answer) values ($1, 'RUN')`, [`run-${Date.now()}-${runs}-${Math.random()}`]);
        return outcome();
      });
      await app.ready();
    });
    afterAll(() => app.close());
    const write = (cookie: string, key: string) =>
      app.inject({ method: 'POST', url: '/test/keyed-write', headers: { cookie, 'idempotency-key': key }, payload: { productId: 1 } });
    const written = async () => (await api.db.query<{ n: number }>(`select count(*)::int as n from captchas where answer = 'RUN'`))[0]!.n;

    it('an unexpected failure undoes the write and frees the key; a 429 or 5xx keeps the write but frees the key', async () => {
      const cookie = await guestSession(api.app);
      for (const [failure, kept] of [
        [new Error('database went away'), 0],
        [new HttpError(429, 'Too many tries', undefined, 'TOO_MANY'), 1],
        [new HttpError(503, 'Busy'), 1],
      ] as const) {
        const key = newKey();
        const before = await written();
        outcome = () => Promise.reject(failure);
        expect((await write(cookie, key)).statusCode).toBeGreaterThanOrEqual(429);
        expect(await written()).toBe(before + kept);
        runs = 0;
        outcome = async () => ({ result: runs });
        const again = await write(cookie, key);
        expect(again.json()).toEqual({ result: 1 });
        expect(again.headers['idempotent-replayed']).toBeUndefined();
        // Done now: the third time is a replay, and the handler does not run.
        const third = await write(cookie, key);
        expect(third.json()).toEqual({ result: 1 });
        expect(third.headers['idempotent-replayed']).toBe('true');
        expect(runs).toBe(1);
      }
    });

    it('stores a refusal (an HttpError) with its details and what was written before it, and answers it again with the same body', async () => {
      const cookie = await guestSession(api.app);
      const key = newKey();
      const before = await written();
      outcome = () => Promise.reject(new HttpError(409, 'Changed', undefined, 'CART_CHANGED', undefined, { total: 10 }));
      const first = await write(cookie, key);
      expect(await written()).toBe(before + 1);
      runs = 0;
      outcome = async () => ({ result: 'ran' });
      const again = await write(cookie, key);
      expect(runs).toBe(0);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(first.json());
      expect(again.json()).toMatchObject({ message: 'Changed', code: 'CART_CHANGED', total: 10 });
      expect(again.headers['idempotent-replayed']).toBe('true');
    });

    it('the same key sent while the first still runs waits for it and gets its answer: the write is done once', async () => {
      const cookie = await guestSession(api.app);
      const key = newKey();
      runs = 0;
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      outcome = async () => {
        await held;
        return { result: runs };
      };
      const before = await written();
      const first = write(cookie, key);
      const second = write(cookie, key);
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      const answers = await Promise.all([first, second]);
      expect(answers.map((a) => a.json())).toEqual([{ result: 1 }, { result: 1 }]);
      expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
      expect(runs).toBe(1);
      expect(await written()).toBe(before + 1);
    });

    it('a transaction the handler asks for is a savepoint of the request: it moves no read cache but its own tables', async () => {
      nested = true;
      const cookie = await guestSession(api.app);
      const before = await api.db.writeVersion(['products', 'categories']);
      outcome = async () => ({ result: 'ran' });
      const first = await write(cookie, newKey());
      expect(first.statusCode).toBe(200);
      // Its write committed with the key; the catalogue's read caches are still current.
      expect(await api.db.query(`select 1 from captchas where id = $1`, [lastNested])).toHaveLength(1);
      expect(await api.db.writeVersion(['products', 'categories'])).toBe(before);
      nested = false;
    });

    it("a key is the owner's: another shopper sending the same key runs the write for themselves", async () => {
      const key = newKey();
      runs = 0;
      outcome = async () => ({ result: runs });
      expect((await write(await guestSession(api.app), key)).json()).toEqual({ result: 1 });
      const other = await write(await guestSession(api.app), key);
      expect(other.json()).toEqual({ result: 2 });
      expect(other.headers['idempotent-replayed']).toBeUndefined();
    });
  });
});
