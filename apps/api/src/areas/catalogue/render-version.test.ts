import { createTestApi, type TestApi } from '../../testing/api';

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

  it('is the same read for everyone: it holds the version alone and takes no input', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/v2/content/render-version' });
    expect(Object.keys(response.json().result)).toEqual(['version']);
    const refused = await api.app.inject({ method: 'GET', url: '/v2/content/render-version?x=1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBeTruthy();
  });
});
