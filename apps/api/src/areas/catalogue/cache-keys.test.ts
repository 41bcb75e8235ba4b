import { CACHE_KEYS_HEADER, parseCacheKeys } from '@eyewear/api-client';
import { createTestApi, customerSession, type TestApi } from '../../testing/api';
import { ADDRESS, CARD, client, pickProducts } from '../cart/test-helpers';

/**
 * Issue 39: the answers a server-rendered page shows name their cache keys, and a write to what
 * a page shows records a purge of its keys in its own transaction (db/purges.ts).
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(() => api.close());

const get = (url: string) => api.app.inject({ method: 'GET', url, headers: { 'x-country-code': 'in' } });
const keysOf = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode).toBe(200);
  return parseCacheKeys(response.headers[CACHE_KEYS_HEADER] as string | undefined);
};
const purges = async () => (await api.db.query<{ keys: string[] }>('select keys from cache_purges order by id')).map((row) => row.keys);
const clearPurges = () => api.db.query('delete from cache_purges');

describe('cache keys on the answers pages show', () => {
  it("a product page's calls name the product and its stock", async () => {
    const { otherFrame } = await pickProducts(api.db);
    expect(await keysOf(`/v2/products/product/${otherFrame.id}`)).toEqual([`p${otherFrame.id}`, `s${otherFrame.id}`]);
    // Twice: the second comes from the read cache and names the same keys.
    expect(await keysOf(`/v2/products/product/${otherFrame.id}`)).toEqual([`p${otherFrame.id}`, `s${otherFrame.id}`]);
    expect(await keysOf(`/v2/products/product/${otherFrame.id}/review`)).toEqual([`p${otherFrame.id}`]);
    expect(await keysOf(`/v2/products/product/${otherFrame.id}/buyoptions/group`)).toContain(`p${otherFrame.id}`);
    // A missing product names nothing.
    expect((await get('/v2/products/product/99')).headers[CACHE_KEYS_HEADER]).toBeUndefined();
  });

  it("a listing names its category, every card's product and stock (colours too), and the catalogue", async () => {
    const response = await get('/v2/categories/3100');
    const cards = response.json().result.product_list as { id: number; colours?: { id: number }[] }[];
    expect(cards.length).toBeGreaterThan(0);
    const keys = parseCacheKeys(response.headers[CACHE_KEYS_HEADER] as string);
    expect(keys).toEqual(expect.arrayContaining(['c3100', 'catalogue']));
    for (const card of cards) {
      expect(keys).toEqual(expect.arrayContaining([`p${card.id}`, `s${card.id}`, ...(card.colours ?? []).map((c) => `p${c.id}`)]));
    }
    const search = await get('/v2/search/products/round');
    expect(parseCacheKeys(search.headers[CACHE_KEYS_HEADER] as string)).toEqual(
      expect.arrayContaining((search.json().result.product_list as { id: number }[]).map((card) => `p${card.id}`)),
    );
  });

  it('content pages name their slug, the shell its one key', async () => {
    expect(await keysOf('/v2/content/home')).toEqual(['cms-home']);
    expect(await keysOf('/v2/content/navigation')).toEqual(['shell']);
    expect(await keysOf('/v2/config/category')).toEqual(['catalogue']);
    // A shopper's own answers name nothing.
    const session = await api.app.inject({ method: 'POST', url: '/v2/sessions', headers: { 'x-country-code': 'in' } });
    expect(session.headers[CACHE_KEYS_HEADER]).toBeUndefined();
  });
});

describe('purges recorded by writes', () => {
  const setPrice = (id: number, sellingPrice: number, country = 'in') =>
    api.admin.inject({ method: 'PUT', url: `/catalogue/products/${id}/price`, payload: { country, sellingPrice } });

  it('a price change through the back office records one purge of the product and its listings (their price filters and order), in its transaction; a refused one none', async () => {
    const { otherFrame } = await pickProducts(api.db);
    const categories = (
      await api.db.query<{ category_id: number }>('select category_id from product_categories where product_id = $1 order by category_id', [otherFrame.id])
    ).map((row) => `c${row.category_id}`);
    expect(categories.length).toBeGreaterThan(0);
    // A listing of one of them names its category's key: the purge reaches it.
    expect(await keysOf(`/v2/categories/${categories[0]!.slice(1)}`)).toContain(categories[0]);
    await clearPurges();
    const changed = await setPrice(otherFrame.id, otherFrame.selling_price - 100);
    expect(changed.statusCode).toBe(200);
    expect(await purges()).toEqual([[`p${otherFrame.id}`, ...categories]]);

    // No price in that country: 404, and the transaction rolled back with no purge row.
    await api.db.query(`delete from product_prices where product_id = $1 and country = 'us'`, [otherFrame.id]);
    expect((await setPrice(otherFrame.id, 10, 'us')).statusCode).toBe(404);
    expect(await purges()).toHaveLength(1);
    // Reads record nothing.
    await get(`/v2/products/product/${otherFrame.id}`);
    await get('/v2/categories/3100');
    expect(await purges()).toHaveLength(1);
  });

  it('a review posted records a purge of its product', async () => {
    const { houseFrame } = await pickProducts(api.db);
    await clearPurges();
    const { cookie } = await customerSession(api.app, api.db, { email: 'keys-review@example.com' });
    const posted = await api.app.inject({
      method: 'POST',
      url: `/v2/products/product/${houseFrame.id}/review`,
      payload: { rating: 4, title: 'Light', body: 'Comfortable all day.' },
      headers: { cookie },
    });
    expect(posted.statusCode).toBe(200);
    expect(await purges()).toEqual([[`p${houseFrame.id}`]]);
  });

  it("an order purges a product's stock only when the stock a page shows changes", async () => {
    const { otherFrame, otherFrame2 } = await pickProducts(api.db);
    // Two left of one frame (the order leaves the last one: "Only 1 left"), plenty of the other.
    await api.db.query('update products set stock = 2 where id = $1', [otherFrame.id]);
    await api.db.query('update products set stock = 50 where id = $1', [otherFrame2.id]);
    await clearPurges();
    const { cookie } = await customerSession(api.app, api.db, { email: 'keys-order@example.com' });
    const c = client(api.app, cookie);
    expect((await c.post('/v2/carts/items', { productId: otherFrame.id })).status).toBe(200);
    expect((await c.post('/v2/carts/items', { productId: otherFrame2.id })).status).toBe(200);
    expect((await c.post('/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
    const paid = await c.post('/v2/orders/payment', { paymentMethod: 'cc', card: CARD }, { 'idempotency-key': `cache-keys-${Date.now()}` });
    expect(paid.status).toBe(200);
    expect(await purges()).toEqual([[`s${otherFrame.id}`]]);
  });
});
