import { createTestApi, guestSession, type TestApi } from '../../testing/api';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(() => api.close());

interface Section {
  id: string;
  className?: string;
  data: { type: string; data: { catId?: number } }[];
}

const get = (url: string) => api.app.inject({ method: 'GET', url });

describe('content', () => {
  it('home has more than 10 sections, with category carousels naming real categories', async () => {
    const res = await get('/v2/content/home?v=1700000000000');
    expect(res.statusCode).toBe(200);
    const sections = (res.json() as { result: { sections: Section[] } }).result.sections;
    expect(sections.length).toBeGreaterThan(10);
    const carousels = sections.filter((s) => s.data[0]!.type === 'category-carousel');
    expect(carousels.length).toBeGreaterThanOrEqual(5);
    const catIds = carousels.map((s) => s.data[0]!.data.catId);
    const found = await api.db.query<{ id: number }>('select id from categories where id = any($1::int[])', [catIds]);
    expect(found).toHaveLength(new Set(catIds).size);
    expect(sections.some((s) => s.className === 'hide-repeat')).toBe(true);
  });

  it('premium and promo pages by name; unknown pages are 404; bad v is 400', async () => {
    for (const name of ['eyeglasses', 'sunglasses', 'premium-eyeglasses', 'premium-sunglasses', 'summer-sale']) {
      const res = await get(`/v2/content/pages/${name}?v=1`);
      expect(res.statusCode).toBe(200);
      expect((res.json() as { result: { sections: unknown[] } }).result.sections.length).toBeGreaterThan(3);
    }
    expect((await get('/v2/content/pages/winter-sale')).statusCode).toBe(404);
    expect((await get('/v2/content/home?v=abc')).statusCode).toBe(400);
  });

  it('a collection by URL carries all its models (24 products, two of them colours of one model: 23 cards)', async () => {
    const res = await get('/v2/content/collections?url=/collections/bestsellers.html');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { result: { title: string; items: { id: number; colours?: { id: number }[] }[] } };
    expect(body.result.title).toBe('Bestsellers');
    expect(body.result.items.length).toBe(23);
    const [{ n }] = (await api.db.query(
      `select count(*)::int as n from product_categories pc join categories c on c.id = pc.category_id where c.url = '/collections/bestsellers.html'`,
    )) as [{ n: number }];
    expect(n).toBe(24);
    expect((await get('/v2/content/collections?url=/nope.html')).statusCode).toBe(404);
  });

  it('CMS pages by name; the page name is validated', async () => {
    for (const name of ['customer-feedback', 'set', 'reviews', 'shop-instagram', 'support', 'mobile-app', 'lead-gen', 'quiz_front_page']) {
      const res = await get(`/v2/content/cms/${name}`);
      expect(res.statusCode).toBe(200);
      expect((res.json() as { result: { html: string } }).result.html.length).toBeGreaterThan(20);
    }
    expect((await get('/v2/content/cms/..%2Fetc')).statusCode).toBe(400);
    expect((await get('/v2/content/cms/unknown-page')).statusCode).toBe(404);
  });

  it('category config carries the page size', async () => {
    const res = await get('/v2/config/category');
    expect((res.json() as { result: Record<string, unknown> }).result['CATEGORY_PAGE_SIZE_COUNT']).toBe(15);
  });

  it('the lead form is stored; a bad phone is refused naming the field', async () => {
    const cookie = await guestSession(api.app);
    const ok = await api.app.inject({
      method: 'POST',
      url: '/v2/marketing/lead-gen',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { name: 'Asha', phone: '9876543210', interest: 'eyeglasses' },
    });
    expect(ok.statusCode).toBe(200);
    const [row] = await api.db.query<{ data: { name: string } }>('select data from lead_gen order by id desc limit 1');
    expect(row?.data.name).toBe('Asha');
    const bad = await api.app.inject({
      method: 'POST',
      url: '/v2/marketing/lead-gen',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { name: 'Asha', phone: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('phone');
    // The site's country's mobile rule: India's numbers start 6-9; Singapore's have 8 digits.
    const notIndian = await api.app.inject({
      method: 'POST',
      url: '/v2/marketing/lead-gen',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { name: 'Asha', phone: '5876543210' },
    });
    expect(notIndian.statusCode).toBe(400);
    expect(notIndian.json().field).toBe('phone');
    const singapore = { cookie, 'content-type': 'application/json', 'x-country-code': 'sg' };
    expect(
      (await api.app.inject({ method: 'POST', url: '/v2/marketing/lead-gen', headers: singapore, payload: { name: 'Wei', phone: '81234567' } })).statusCode,
    ).toBe(200);
    expect(
      (await api.app.inject({ method: 'POST', url: '/v2/marketing/lead-gen', headers: singapore, payload: { name: 'Wei', phone: '9876543210' } })).statusCode,
    ).toBe(400);
  });
});
