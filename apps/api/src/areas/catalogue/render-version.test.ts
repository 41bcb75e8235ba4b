import { createTestApi, type TestApi } from '../../testing/api';
import { ADDRESS, client, customerSession, pickProducts } from '../cart/test-helpers';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(() => api.close());

async function renderVersion(): Promise<string> {
  const response = await api.app.inject({ method: 'GET', url: '/v2/content/render-version' });
  expect(response.statusCode).toBe(200);
  return response.json().result.version;
}

describe('the render version (GET /v2/content/render-version)', () => {
  it('stays while nothing a rendered page shows is written, and changes with a price, a review or a content page', async () => {
    const first = await renderVersion();
    expect(await renderVersion()).toBe(first);

    // A shopper's own data is not on a rendered page: a new session changes nothing.
    await api.app.inject({ method: 'POST', url: '/v2/sessions', headers: { 'x-country-code': 'in' } });
    expect(await renderVersion()).toBe(first);

    const [price] = await api.db.query<{ product_id: number }>('select product_id from product_prices limit 1');
    await api.db.query('update product_prices set selling_price = selling_price + 1 where product_id = $1', [price!.product_id]);
    const afterPrice = await renderVersion();
    expect(afterPrice).not.toBe(first);

    await api.db.query("update content_pages set updated_at = now() where kind = 'home'");
    expect(await renderVersion()).not.toBe(afterPrice);
  });

  it('stays when an order moves stock, while the product read shows the new stock at once', async () => {
    const { otherFrame } = await pickProducts(api.db);
    const productStock = async () => {
      const response = await api.app.inject({ method: 'GET', url: `/v2/products/product/${otherFrame.id}`, headers: { 'x-country-code': 'in' } });
      expect(response.statusCode).toBe(200);
      return response.json().result.qty as number;
    };
    const before = await productStock();
    const version = await renderVersion();

    const { cookie } = await customerSession(api.app, api.db);
    const c = client(api.app, cookie);
    expect((await c.post('/v2/carts/items', { productId: otherFrame.id })).status).toBe(200);
    expect((await c.post('/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
    const card = { number: '4111111111111111', nameOnCard: 'Asha Rao', expiryMonth: 12, expiryYear: 2099, cvv: '123' };
    const paid = await c.post('/v2/orders/payment', { paymentMethod: 'cc', card }, { 'idempotency-key': `render-version-${Date.now()}` });
    expect(paid.status).toBe(200);

    // The API's own reads are exact (its read cache watches stock moves)...
    expect(await productStock()).toBe(before - 1);
    // ...while the pages the edge rendered are kept (their stock line lags by the HTML cache's life).
    expect(await renderVersion()).toBe(version);
  });

  it('is the same read for everyone: it holds the version alone and takes no input', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/v2/content/render-version' });
    expect(Object.keys(response.json().result)).toEqual(['version']);
    const refused = await api.app.inject({ method: 'GET', url: '/v2/content/render-version?x=1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBeTruthy();
  });
});
