import { createTestApi, guestSession, type TestApi } from '../../testing/api';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(() => api.close());

const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers });

describe('navigation and footer', () => {
  it('serves the desktop menu with the four layouts, every entry a real route or seeded listing', async () => {
    const response = await get('/v2/content/navigation');
    expect(response.statusCode).toBe(200);
    const { menu, topBarLinks } = response.json().result;
    expect(menu.map((e: { label: string }) => e.label)).toEqual([
      'Eyeglasses',
      'Sunglasses',
      'Premium',
      'Kids',
      'Contact Lenses',
      'Collections',
      'Home Eye Test',
      'Gold Membership',
    ]);
    expect(new Set(menu.map((e: { layout?: string }) => e.layout).filter(Boolean))).toEqual(
      new Set(['three-col-layout', 'two-col-layout', 'grid', 'list-grid']),
    );
    const urls: string[] = [];
    const walk = (entries: Array<{ url?: string; children?: unknown[] }>) =>
      entries.forEach((e) => {
        if (e.url) urls.push(e.url);
        if (e.children) walk(e.children as typeof entries);
      });
    walk(menu);
    const seoUrls = urls.filter((u) => u.endsWith('.html') && !['/eyeglasses.html', '/sunglasses.html'].includes(u));
    for (const url of seoUrls) {
      const lookup = (await get(`/v3/utility/routing?url=${encodeURIComponent(url)}`)).json();
      // Gold is the membership's own page (issue 42), every other entry a listing.
      const page = url === '/gold-membership.html' ? /^prod:128269$/ : /^(cat|col):\d+$/;
      expect({ url, path: lookup.result.path }).toEqual({ url, path: expect.stringMatching(page) });
    }
    expect(urls).toContain('/gold-membership.html');
    expect(menu[0].imageUrl).toMatch(/^\/api\/v2\/images\/product\/\d+\/front\.svg$/);
    expect(topBarLinks.map((l: { kind: string }) => l.kind).sort()).toEqual(['external', 'internal', 'internal', 'internal', 'phone']);
  });

  it('serves a flatter mobile menu without pictures', async () => {
    const { menu } = (await get('/v2/content/navigation/mobile')).json().result;
    expect(menu[0].children.length).toBeGreaterThan(6);
    expect(JSON.stringify(menu)).not.toContain('imageUrl');
  });

  it('serves the footer: sections, bottom row, social (new tab flag), app stores to /mobile-app', async () => {
    const footer = (await get('/v2/content/footer')).json().result;
    expect(footer.sections.length).toBe(3);
    expect(
      footer.sections.flatMap((s: { links: Array<{ action?: string }> }) => s.links).filter((l: { action?: string }) => l.action === 'enter-my-power'),
    ).toHaveLength(1);
    expect(footer.bottomRow.length).toBeGreaterThan(0);
    expect(footer.social.some((s: { newTab: boolean }) => s.newTab)).toBe(true);
    expect(footer.social.some((s: { newTab: boolean }) => !s.newTab)).toBe(true);
    expect(footer.appStores.every((s: { url: string }) => s.url === '/mobile-app')).toBe(true);
  });
});

describe('search suggestions and trending', () => {
  it('suggests keywords and products with the country price, names starting with the term first', async () => {
    const response = await get('/v2/search/suggestions/round');
    expect(response.statusCode).toBe(200);
    const { typeAhead, productRecommendations } = response.json().result;
    expect(typeAhead[0]).toMatch(/^round/i);
    expect(typeAhead.length).toBeLessThanOrEqual(8);
    expect(productRecommendations.length).toBeGreaterThan(0);
    expect(productRecommendations.length).toBeLessThanOrEqual(6);
    const first = productRecommendations[0];
    expect(first).toMatchObject({
      name: expect.any(String),
      brand_name: expect.any(String),
      image_url: expect.stringMatching(/^\/api\/v2\/images\/product\//),
      product_url: expect.stringMatching(/\.html$/),
    });
    expect(first.prices[0]).toMatchObject({ currencyCode: 'INR', price: expect.any(Number) });
    const ae = (await get('/v2/search/suggestions/round', { 'x-country-code': 'ae' })).json().result;
    expect(ae.productRecommendations[0].prices[0].currencyCode).toBe('AED');
  });

  it('finds products by brand and takes wildcards literally', async () => {
    const [brand] = await api.db.query<{ name: string }>(
      "select b.name from brands b join products p on p.brand_id = b.id where p.classification = 'eyeframe' limit 1",
    );
    const { result } = (await get(`/v2/search/suggestions/${encodeURIComponent(brand!.name)}`)).json();
    expect(result.typeAhead).toContain(brand!.name);
    expect(result.productRecommendations.some((p: { brand_name: string }) => p.brand_name === brand!.name)).toBe(true);
    const wild = (await get('/v2/search/suggestions/_')).json().result;
    expect(wild).toEqual({ typeAhead: [], productRecommendations: [] });
    expect((await get('/v2/search/suggestions/zzzzqqq')).json().result).toEqual({ typeAhead: [], productRecommendations: [] });
  });

  it('refuses blocked characters and blank terms with 400', async () => {
    for (const term of ['round%20(black)', 'a%5Bb', '%20%20']) {
      const response = await get(`/v2/search/suggestions/${term}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: expect.any(String), field: 'query' });
    }
  });

  it('lists trending searches for desktop and mobile', async () => {
    const { result } = (await get('/v2/search/trending', { 'x-country-code': 'sg' })).json();
    expect(result.desktop[0]).toEqual({ name: 'Round eyeglasses', url: '/search?q=round%20eyeglasses' });
    expect(result.mobile.length).toBeGreaterThan(0);
  });
});

describe('site rating', () => {
  it('is the average and count of the reviews', async () => {
    const [expected] = await api.db.query<{ total: number }>('select count(*) as total from reviews');
    const { result } = (await get('/v2/reviews/site-rating')).json();
    expect(result.total_reviews).toBe(expected!.total);
    expect(result.total_reviews).toBeGreaterThan(1000);
    expect(result.average_score).toBeGreaterThan(0);
    expect(result.average_score).toBeLessThanOrEqual(5);
  });
});

describe('location by IP', () => {
  const locate = (ip: string, country = 'in') => get('/v2/utility/location', { 'x-forwarded-for': ip, 'x-country-code': country });

  it('knows the visitor from the address and sets the audience-type cookie', async () => {
    const home = await locate('127.0.0.1');
    expect(home.json().result).toEqual({ audienceType: 'domestic', country: 'in', city: 'Bengaluru' });
    const cookie = home.cookies.find((c) => c.name === 'audienceType');
    expect(cookie?.value).toBe('domestic');
    expect(cookie?.httpOnly).toBeFalsy();
    const away = await locate('192.0.2.44');
    expect(away.json().result).toEqual({ audienceType: 'international', country: 'ae', city: 'Dubai' });
    expect((await locate('192.0.2.44', 'ae')).json().result.audienceType).toBe('domestic');
  });

  it("answers 'default' for an address it cannot place", async () => {
    const response = await locate('8.8.8.8');
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual({ audienceType: 'default' });
    expect(response.cookies.find((c) => c.name === 'audienceType')?.value).toBe('default');
  });
});

describe('enter my power', () => {
  it('records a valid phone number', async () => {
    const response = await get('/v2/utility/enter-my-power?phone=09876543210');
    expect(response.statusCode).toBe(200);
    expect(response.json().result.success).toBe(true);
    const rows = await api.db.query<{ phone: string }>('select phone from shell_power_requests');
    expect(rows.map((r) => r.phone)).toContain('09876543210');
  });

  it.each(['6876543210', '98765', '', '98765432100'])('refuses %p with the spec message', async (phone) => {
    const response = await get(`/v2/utility/enter-my-power?phone=${phone}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'phone', message: expect.stringContaining('PLEASE_ENTER_VALID_PHONE_NUMBER') });
  });
});

describe('UTM intake', () => {
  it('stores the five keys against the session', async () => {
    const cookie = await guestSession(api.app);
    const response = await api.app.inject({
      method: 'POST',
      url: '/v2/marketing/utm',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { source: 'google', medium: 'cpc', campaign: 'summer', term: 'round glasses', content: 'ad-1' },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await api.db.query<Record<string, string>>('select source, medium, campaign, term, content from shell_utm order by id desc limit 1');
    expect(row).toEqual({ source: 'google', medium: 'cpc', campaign: 'summer', term: 'round glasses', content: 'ad-1' });
  });

  it('refuses unknown keys, an empty body, and a missing session', async () => {
    const cookie = await guestSession(api.app);
    const post = (payload: unknown, headers: Record<string, string> = { cookie }) =>
      api.app.inject({ method: 'POST', url: '/v2/marketing/utm', headers: { ...headers, 'content-type': 'application/json' }, payload: payload as object });
    expect((await post({ gclid: 'x' })).statusCode).toBe(400);
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ source: 'google' }, {})).statusCode).toBe(401);
  });
});

describe('GET /v2/config/settings', () => {
  it("serves the spec's defaults without a session", async () => {
    const response = await get('/v2/config/settings');
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result).toMatchObject({
      NEW_AUTH_POPUP_DESKTOP: { enable: 'OFF' },
      ENABLE_CYGNUS: false,
      STUDIO_FLOW: { enable: 'OFF' },
      CONFIG_CTA_DESKTOP: { CHECKOUT: expect.any(Object) },
      ERROR_BOUNDARY_MESSAGE: expect.stringMatching(/\w/),
    });
    expect(result.LOYALTY_CONFIG.goldPid).toBe(128269);
    expect(result.LOYALTY_CONFIG.classificationsAllowed).toEqual(['eyeframe']);
    const [house] = await api.db.query<{ count: number }>('select count(*)::int as count from brands where house');
    expect(result.LOYALTY_CONFIG.brandsAllowed).toHaveLength(house!.count);
    expect(result.EMPTY_CART_LINKS.every((l: { name: string; link: string }) => l.name && l.link.startsWith('/'))).toBe(true);
  });

  it('answers only the asked keys; unknown keys are left out', async () => {
    const { result } = (await get('/v2/config/settings?keys=ENABLE_CYGNUS,NEW_AUTH_POPUP_DESKTOP,NO_SUCH_KEY')).json();
    expect(result).toEqual({ ENABLE_CYGNUS: false, NEW_AUTH_POPUP_DESKTOP: { enable: 'OFF' } });
  });

  it('refuses a malformed key list with 400 naming the field', async () => {
    for (const keys of ['enable_cygnus', 'A,,B', 'A;B']) {
      const response = await get(`/v2/config/settings?keys=${encodeURIComponent(keys)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'keys' });
    }
    expect((await get('/v2/config/settings?other=1')).statusCode).toBe(400);
  });

  it("a country's own row overrides the every-country one there only", async () => {
    await api.db.query(`insert into shell_settings (key, country, value) values ('NEW_AUTH_POPUP_DESKTOP', 'ae', '{"enable":"ON"}')`);
    try {
      const ae = (await get('/v2/config/settings?keys=NEW_AUTH_POPUP_DESKTOP', { 'x-country-code': 'ae' })).json().result;
      const india = (await get('/v2/config/settings?keys=NEW_AUTH_POPUP_DESKTOP', { 'x-country-code': 'in' })).json().result;
      expect(ae).toEqual({ NEW_AUTH_POPUP_DESKTOP: { enable: 'ON' } });
      expect(india).toEqual({ NEW_AUTH_POPUP_DESKTOP: { enable: 'OFF' } });
    } finally {
      await api.db.query(`delete from shell_settings where country = 'ae'`);
    }
  });

  it('a changed value is served and survives the seed running again', async () => {
    await api.db.query(`update shell_settings set value = 'true' where key = 'ENABLE_CYGNUS' and country = '*'`);
    try {
      const { shellArea } = await import('./index');
      const { generateCatalogue } = await import('../../seed/generate');
      await shellArea.seed!(api.db, generateCatalogue());
      expect((await get('/v2/config/settings?keys=ENABLE_CYGNUS')).json().result).toEqual({ ENABLE_CYGNUS: true });
      const [rows] = await api.db.query<{ count: number }>(`select count(*)::int as count from shell_settings where key = 'ENABLE_CYGNUS'`);
      expect(rows!.count).toBe(1);
    } finally {
      await api.db.query(`update shell_settings set value = 'false' where key = 'ENABLE_CYGNUS'`);
    }
  });
});

it('keeps the seed idempotent (a second run leaves one row per content key)', async () => {
  const { shellArea } = await import('./index');
  const { generateCatalogue } = await import('../../seed/generate');
  await shellArea.seed!(api.db, generateCatalogue());
  const rows = await api.db.query<{ key: string }>('select key from shell_content order by key');
  expect(rows.map((r) => r.key)).toEqual(['footer', 'navigation:desktop', 'navigation:mobile']);
});

describe('search suggestions: one per model, colours as swatches', () => {
  type Colour = { id: number; colour: string; hex: string; image_url: string; product_url: string };
  type Recommendation = { name: string; brand_name: string; image_url: string; product_url: string; colours?: Colour[] };

  it('groups the colour variants of a model into one recommendation, the shown colour first', async () => {
    // A model sold in several colours in India, whose name is found by the search.
    const [model] = await api.db.query<{ name: string; brand: string; ids: number[] }>(
      `select p.data->>'modelName' as name, b.name as brand, array_agg(p.id order by p.id) as ids
         from products p join brands b on b.id = p.brand_id join product_prices pp on pp.product_id = p.id and pp.country = 'in'
        where p.classification = 'eyeframe' and jsonb_array_length(p.data->'variantIds') >= 2
        group by 1, 2, least(p.id, (select min(v::int) from jsonb_array_elements_text(p.data->'variantIds') v))
       having count(*) >= 3
        order by count(*) desc, 1 limit 1`,
    );
    expect(model).toBeDefined();
    const { result } = (await get(`/v2/search/suggestions/${encodeURIComponent(model!.name)}`)).json();
    const recommendations = result.productRecommendations as Recommendation[];
    const ofModel = recommendations.filter(
      (r) => r.colours?.some((c) => model!.ids.includes(c.id)) || model!.ids.some((id) => r.image_url.includes(`/${id}/`)),
    );
    expect(ofModel).toHaveLength(1);
    const [card] = ofModel;
    expect(card).toMatchObject({ name: model!.name, brand_name: model!.brand });
    expect(card!.colours!.map((c) => c.id).sort((a, b) => a - b)).toEqual(model!.ids);
    // The recommendation shows its first colour: same page and image.
    expect(card!.colours![0]).toMatchObject({ product_url: card!.product_url, image_url: card!.image_url });
    for (const colour of card!.colours!) {
      expect(colour).toEqual({
        id: expect.any(Number),
        colour: expect.any(String),
        hex: expect.stringMatching(/^#[0-9a-f]{6}$/i),
        image_url: `/api/v2/images/product/${colour.id}/front.svg`,
        product_url: expect.stringMatching(/\.html$/),
      });
    }
    expect(new Set(card!.colours!.map((c) => c.colour)).size).toBe(card!.colours!.length);
  });

  it('never suggests two colours of the same model, and leaves swatches off a one-colour model', async () => {
    const { result } = (await get('/v2/search/suggestions/a')).json();
    const recommendations = result.productRecommendations as Recommendation[];
    expect(recommendations.length).toBe(6);
    const seen = new Set<number>();
    for (const r of recommendations) {
      const ids = r.colours ? r.colours.map((c) => c.id) : [Number(/product\/(\d+)\//.exec(r.image_url)![1])];
      for (const id of ids) {
        expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
      if (r.colours) expect(r.colours.length).toBeGreaterThan(1);
    }
  });
});
