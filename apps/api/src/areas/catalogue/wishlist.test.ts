import { WISHLIST_MAX } from '@eyewear/i18n/rules';
import { cookieHeader, createTestApi, guestSession, type TestApi } from '../../testing/api';
import { moveGuestWishlist } from './wishlist';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(() => api.close());

interface WishlistBody {
  result: { numberOfProducts: number; productIds: number[]; productList: { id: number; brandName: string; productUrl: string; prices: unknown[] }[] };
}

const call = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  api.app.inject({
    method,
    url,
    headers: { cookie, 'x-country-code': 'in', ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('wishlist', () => {
  it('needs a session', async () => {
    expect((await api.app.inject({ method: 'GET', url: '/v2/wishlist' })).statusCode).toBe(401);
  });

  it('adds, lists with attributes, deletes one and deletes all', async () => {
    const cookie = await guestSession(api.app);
    expect((await call(cookie, 'GET', '/v2/wishlist')).json()).toEqual({ result: { numberOfProducts: 0, productIds: [], productList: [] } });
    await call(cookie, 'POST', '/v2/wishlist', { productId: 128001 });
    const added = (await call(cookie, 'POST', '/v2/wishlist', { productId: 128002 })).json() as WishlistBody;
    expect(added.result.productIds).toEqual([128002, 128001]);
    // Adding twice keeps one.
    await call(cookie, 'POST', '/v2/wishlist', { productId: 128001 });
    const plain = (await call(cookie, 'GET', '/v2/wishlist')).json() as WishlistBody;
    expect(plain.result.numberOfProducts).toBe(2);
    expect(plain.result.productList).toEqual([]);
    const rich = (await call(cookie, 'GET', '/v2/wishlist?attributes=true')).json() as WishlistBody;
    expect(rich.result.productList.map((p) => p.id)).toEqual([128002, 128001]);
    expect(rich.result.productList[0]!.productUrl).toMatch(/\.html$/);
    const removed = (await call(cookie, 'DELETE', '/v2/wishlist/128002')).json() as WishlistBody;
    expect(removed.result.productIds).toEqual([128001]);
    expect((await call(cookie, 'DELETE', '/v2/wishlist/128002')).statusCode).toBe(404);
    const cleared = (await call(cookie, 'DELETE', '/v2/wishlist')).json() as WishlistBody;
    expect(cleared.result.numberOfProducts).toBe(0);
  });

  it('holds 50 and no more; /me counts it, capped at 50', async () => {
    const cookie = await guestSession(api.app);
    for (const id of ids(128010, WISHLIST_MAX)) expect((await call(cookie, 'POST', '/v2/wishlist', { productId: id })).statusCode).toBe(200);
    const full = await call(cookie, 'POST', '/v2/wishlist', { productId: 128100 });
    expect(full.statusCode).toBe(422);
    expect(full.json()).toMatchObject({ code: 'WISHLIST_FULL', field: 'productId' });
    const list = (await call(cookie, 'GET', '/v2/wishlist?attributes=true')).json() as WishlistBody;
    expect(list.result.numberOfProducts).toBe(50);
    expect(list.result.productList).toHaveLength(50);
    const me = (await call(cookie, 'GET', '/me')).json() as { result: { wishlistCount: number } };
    expect(me.result.wishlistCount).toBe(50);
  });

  it("keeps each shopper's list apart", async () => {
    const a = await guestSession(api.app);
    const b = await guestSession(api.app);
    await call(a, 'POST', '/v2/wishlist', { productId: 128003 });
    expect(((await call(b, 'GET', '/v2/wishlist')).json() as WishlistBody).result.productIds).toEqual([]);
    expect((await call(b, 'DELETE', '/v2/wishlist/128003')).statusCode).toBe(404);
    await call(b, 'DELETE', '/v2/wishlist');
    expect(((await call(a, 'GET', '/v2/wishlist')).json() as WishlistBody).result.productIds).toEqual([128003]);
  });

  it('refuses unknown products and bad bodies', async () => {
    const cookie = await guestSession(api.app);
    expect((await call(cookie, 'POST', '/v2/wishlist', { productId: 1 })).statusCode).toBe(404);
    const bad = await call(cookie, 'POST', '/v2/wishlist', { productId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('productId');
  });

  it('a guest list moves to the customer at login, within the 50', async () => {
    const [customer] = await api.db.query<{ id: number }>(`insert into customers (first_name, email) values ('Wish', 'wish@example.com') returning id`);
    const guest = await guestSession(api.app);
    await call(guest, 'POST', '/v2/wishlist', { productId: 128005 });
    await call(guest, 'POST', '/v2/wishlist', { productId: 128006 });
    const [session] = await api.db.query<{ id: string }>(`select id from sessions order by created_at desc limit 1`);
    await api.db.query(`insert into wishlist_items (owner, product_id) values ($1, 128006), ($1, 128007)`, [`c:${customer!.id}`]);
    await api.db.transaction((tx) => moveGuestWishlist(tx, session!.id, customer!.id));
    const rows = await api.db.query<{ owner: string; product_id: number }>(
      'select owner, product_id from wishlist_items where owner in ($1, $2) order by product_id',
      [`s:${session!.id}`, `c:${customer!.id}`],
    );
    expect(rows).toEqual([
      { owner: `c:${customer!.id}`, product_id: 128005 },
      { owner: `c:${customer!.id}`, product_id: 128006 },
      { owner: `c:${customer!.id}`, product_id: 128007 },
    ]);
    expect(cookieHeader).toBeDefined();
  });
});
