import { createTestApi, type TestApi } from '../testing/api';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(() => api.close());

describe('product images', () => {
  it('draws each view of a product as SVG, cacheable, with an ETag', async () => {
    const [product] = await api.db.query<{ id: number; colour: string }>(
      "select id, data->>'colourHex' as colour from products where classification = 'eyeframe' limit 1",
    );
    for (const view of ['front', 'side', 'worn']) {
      const response = await api.app.inject({ method: 'GET', url: `/v2/images/product/${product!.id}/${view}.svg` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.body.startsWith('<svg')).toBe(true);
      expect(response.body.toLowerCase()).toContain(product!.colour.toLowerCase());
      const again = await api.app.inject({
        method: 'GET',
        url: `/v2/images/product/${product!.id}/${view}.svg`,
        headers: { 'if-none-match': String(response.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it('draws the membership too', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/v2/images/product/128269/front.svg' });
    expect(response.statusCode).toBe(200);
  });

  it('answers 404 for an unknown product and 400 for a bad view or id', async () => {
    expect((await api.app.inject({ method: 'GET', url: '/v2/images/product/999999999/front.svg' })).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'GET', url: '/v2/images/product/128269/top.svg' })).json().field).toBe('view');
    expect((await api.app.inject({ method: 'GET', url: '/v2/images/product/abc/front.svg' })).json().field).toBe('id');
  });
});
