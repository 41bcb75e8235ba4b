import { createTestApi, type TestApi } from '../../testing/api';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(() => api.close());

interface Product {
  id: number;
  brandName: string;
  frameShape?: string;
  frameColour?: string;
  prices: { name: string; price: number; currencyCode: string }[];
  rating: number;
  productUrl: string;
  productImageUrl: string;
  colours?: { id: number; colour: string; productImageUrl?: string; inStock?: boolean; prices?: { price: number }[]; tags?: string[] }[];
  tags?: string[];
  inStock: boolean;
}
interface Listing {
  result: { categoryId: number | null; category_name: string; product_list: Product[]; num_of_products: number; breadcrumb: { label: string }[] };
}
interface Filters {
  result: { filters: { id: string; options: { id: string; title: string; trimmedTitle: string; count: number; selected?: boolean }[] }[] };
}

const get = async <T>(url: string, country = 'in') => {
  const res = await api.app.inject({ method: 'GET', url, headers: { 'x-country-code': country } });
  return { status: res.statusCode, body: res.json() as T };
};
const selling = (p: Product) => p.prices[1]!.price;

describe('category products', () => {
  it('pages by 15 by default, in the seed order, with the total', async () => {
    const first = await get<Listing>('/v2/categories/3100');
    expect(first.status).toBe(200);
    expect(first.body.result.category_name).toBe('Eyeglasses');
    expect(first.body.result.product_list).toHaveLength(15);
    expect(first.body.result.num_of_products).toBeGreaterThan(30);
    expect(first.body.result.breadcrumb.map((b) => b.label)).toEqual(['Home', 'Eyeglasses']);
    const second = await get<Listing>('/v2/categories/3100?page=1');
    const ids = new Set(first.body.result.product_list.map((p) => p.id));
    expect(second.body.result.product_list).toHaveLength(15);
    expect(second.body.result.product_list.every((p) => !ids.has(p.id))).toBe(true);
  });

  it('answers in the country of the request, with market and selling prices and images', async () => {
    const { body } = await get<Listing>('/v2/categories/3200?page-size=3', 'ae');
    const product = body.result.product_list[0]!;
    expect(product.prices.map((p) => [p.name, p.currencyCode])).toEqual([
      ['Market Price', 'AED'],
      ['Eyewear Price', 'AED'],
    ]);
    expect(product.productImageUrl).toBe(`/api/v2/images/product/${product.id}/front.svg`);
    expect(product.productUrl).toMatch(/^\/sunglasses\/.+\.html$/);
  });

  it("shows each model's colour options", async () => {
    const { body } = await get<Listing>('/v2/categories/3100?page-size=5');
    const withColours = body.result.product_list.find((p) => (p.colours?.length ?? 0) > 1);
    expect(withColours?.colours?.map((c) => c.id)).toContain(withColours?.id);
  });

  it('lists each model once: its colour variants are swatches of one product, each with its image, stock and prices', async () => {
    const { body } = await get<Listing>('/v2/categories/3100?page-size=100');
    const list = body.result.product_list;
    const groups = list.map((p) => Math.min(p.id, ...(p.colours ?? []).map((c) => c.id)));
    expect(new Set(groups).size).toBe(list.length);
    const shown = new Set(list.map((p) => p.id));
    expect(list.some((p) => (p.colours ?? []).some((c) => c.id !== p.id && !shown.has(c.id)))).toBe(true);
    const variant = list.find((p) => (p.colours?.length ?? 0) > 1)!.colours![1]!;
    expect(variant.productImageUrl).toBe(`/api/v2/images/product/${variant.id}/front.svg`);
    expect(typeof variant.inStock).toBe('boolean');
    expect(variant.prices?.length).toBeGreaterThanOrEqual(2);
    expect(Array.isArray(variant.tags)).toBe(true);
  });

  it('the total counts models, and filters count models too', async () => {
    const { body } = await get<Listing>('/v2/categories/3100?page-size=100&page=0');
    const filters = await get<Filters>('/v2/categories/3100/filters');
    const brandCount = filters.body.result.filters.find((f) => f.id === 'brand')!.options.reduce((n, o) => n + o.count, 0);
    expect(brandCount).toBe(body.result.num_of_products);
    const past = await get<Listing>('/v2/categories/3100?page=500');
    expect(past.body.result.num_of_products).toBe(body.result.num_of_products);
  });

  it('stock and offer tags are codes', async () => {
    const { body } = await get<Listing>('/v2/categories/3100?page-size=100');
    const tags = new Set(body.result.product_list.flatMap((p) => p.tags ?? []));
    for (const tag of tags) expect(['only-one-left', 'first-frame-free']).toContain(tag);
  });

  it('a colour filter returns only that colour; two values widen it', async () => {
    const black = await get<Listing>('/v2/categories/3100?frame_colour=Matte%20Black&page-size=100');
    expect(black.body.result.product_list.length).toBeGreaterThan(0);
    expect(black.body.result.product_list.every((p) => p.frameColour === 'Matte Black')).toBe(true);
    const two = await get<Listing>('/v2/categories/3100?frame_colour=Matte%20Black,Tortoise&page-size=100');
    expect(two.body.result.num_of_products).toBeGreaterThan(black.body.result.num_of_products);
    expect(new Set(two.body.result.product_list.map((p) => p.frameColour))).toEqual(new Set(['Matte Black', 'Tortoise']));
  });

  it('filters combine: shape and price range', async () => {
    const { body } = await get<Listing>('/v2/categories/3100?frame_shape=round&price=0-2999&page-size=100');
    expect(body.result.product_list.length).toBeGreaterThan(0);
    for (const p of body.result.product_list) {
      expect(p.frameShape).toBe('round');
      expect(selling(p)).toBeLessThanOrEqual(2999);
    }
  });

  it('sorts by price both ways and by rating', async () => {
    const up = (await get<Listing>('/v2/categories/3200?sort=price&dir=asc&page-size=40')).body.result.product_list.map(selling);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await get<Listing>('/v2/categories/3200?sort=price&dir=desc&page-size=40')).body.result.product_list.map(selling);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    const rated = (await get<Listing>('/v2/categories/3200?sort=rating&page-size=40')).body.result.product_list.map((p) => p.rating);
    expect(rated).toEqual([...rated].sort((a, b) => b - a));
  });

  it('the page size follows the CATEGORY_PAGE_SIZE_COUNT setting', async () => {
    await api.db.query(`update catalogue_settings set value = '20' where key = 'CATEGORY_PAGE_SIZE_COUNT'`);
    try {
      expect((await get<Listing>('/v2/categories/3100')).body.result.product_list).toHaveLength(20);
    } finally {
      await api.db.query(`update catalogue_settings set value = '15' where key = 'CATEGORY_PAGE_SIZE_COUNT'`);
    }
  });

  it('refuses unknown filters, bad sorts and bad pages with 400 naming the field', async () => {
    expect((await get<{ field: string }>('/v2/categories/3100?colour=red')).body.field).toBe('colour');
    expect((await get<{ field: string }>('/v2/categories/3100?sort=cheapest')).body.field).toBe('sort');
    expect((await get<{ field: string }>('/v2/categories/3100?price=abc')).body.field).toBe('price');
    expect((await get('/v2/categories/3100?page=-1')).status).toBe(400);
    // The page size the storefront sends (shopping §7 `page-size`): 1 to 100.
    expect((await get<{ field: string }>('/v2/categories/3100?page-size=0')).body.field).toBe('page-size');
    expect((await get<{ field: string }>('/v2/categories/3100?page-size=101')).body.field).toBe('page-size');
    expect((await get('/v2/categories/99999')).status).toBe(404);
  });

  it('a page past the end is empty but keeps the total', async () => {
    const { body } = await get<Listing>('/v2/categories/3101?page=50');
    expect(body.result.product_list).toEqual([]);
    expect(body.result.num_of_products).toBeGreaterThan(0);
  });
});

describe('filter data', () => {
  it('lists the attributes of the category with counts and marks selections', async () => {
    const { body } = await get<Filters>('/v2/categories/3100/filters?frame_shape=round');
    const ids = body.result.filters.map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['frame_shape', 'frame_colour', 'frame_size', 'brand', 'price', 'gender', 'material']));
    const shape = body.result.filters.find((f) => f.id === 'frame_shape')!;
    const round = shape.options.find((o) => o.id === 'round')!;
    expect(round.selected).toBe(true);
    const listing = await get<Listing>('/v2/categories/3100?frame_shape=round');
    expect(round.count).toBe(listing.body.result.num_of_products);
  });

  it('price titles carry Rs. in India; long titles are trimmed to 29 plus an ellipsis', async () => {
    const { body } = await get<Filters>('/v2/categories/3100/filters');
    const price = body.result.filters.find((f) => f.id === 'price')!;
    expect(price.options[0]!.title).toMatch(/^Rs\. \d+ - Rs\. \d+$/);
    const size = body.result.filters.find((f) => f.id === 'frame_size')!;
    for (const o of size.options) {
      if (o.title.length > 32) expect(o.trimmedTitle).toBe(`${o.title.slice(0, 29)}…`);
      else expect(o.trimmedTitle).toBe(o.title);
    }
    expect(size.options.some((o) => o.title.length > 32)).toBe(true);
  });
});

describe('search', () => {
  it("searching a brand returns only that brand's products", async () => {
    const { status, body } = await get<Listing>('/v2/search/products/sunward?page-size=100');
    expect(status).toBe(200);
    expect(body.result.category_name).toBe('sunward');
    expect(body.result.categoryId).toBeNull();
    expect(body.result.num_of_products).toBeGreaterThan(0);
    expect(body.result.product_list.every((p) => p.brandName === 'Sunward')).toBe(true);
  });

  it('every word must match: "round sunglasses" are round and sunglasses', async () => {
    const { body } = await get<Listing>('/v2/search/products/round%20sunglasses?page-size=100');
    expect(body.result.product_list.length).toBeGreaterThan(0);
    for (const p of body.result.product_list) expect(p.frameShape).toBe('round');
    expect(body.result.product_list.every((p) => p.productUrl.includes('sunglasses'))).toBe(true);
  });

  it("a brand and a shape together: that brand's frames of that shape", async () => {
    const round = await get<Listing>('/v2/categories/3101?page-size=1');
    const brand = round.body.result.product_list[0]!.brandName;
    const { body } = await get<Listing>(`/v2/search/products/${encodeURIComponent(`${brand} round`)}?page-size=100`);
    expect(body.result.product_list.length).toBeGreaterThan(0);
    expect(body.result.product_list.every((p) => p.brandName === brand && p.frameShape === 'round')).toBe(true);
  });

  it('search filters refuse sort, dir and gan_data; their counts match the results', async () => {
    for (const key of ['sort=price', 'dir=asc', 'gan_data=x']) {
      expect((await get(`/v2/search/filters/aviator?${key}`)).status).toBe(400);
    }
    const filters = await get<Filters>('/v2/search/filters/aviator');
    const brandCount = filters.body.result.filters.find((f) => f.id === 'brand')!.options.reduce((n, o) => n + o.count, 0);
    const results = await get<Listing>('/v2/search/products/aviator');
    expect(brandCount).toBe(results.body.result.num_of_products);
  });

  it('refuses blocked characters and finds nothing for nonsense', async () => {
    expect((await get('/v2/search/products/%5Baviator%5D')).status).toBe(400);
    const none = await get<Listing>('/v2/search/products/zzqxv');
    expect(none.body.result.num_of_products).toBe(0);
  });
});

describe('sub-categories, carousels and banners', () => {
  it('sub-categories of a catalogue for a gender', async () => {
    const all = await get<{ result: { subCategories: { id: number; name: string }[] } }>('/v2/categories/gender/unisex/catalog/3100');
    expect(all.body.result.subCategories.map((c) => c.id)).toEqual(expect.arrayContaining([3101, 3107, 3108]));
    const men = await get<{ result: { subCategories: { id: number }[] } }>('/v2/categories/gender/men/catalog/3100');
    const ids = men.body.result.subCategories.map((c) => c.id);
    expect(ids).toContain(3107);
    expect(ids).not.toContain(3108);
  });

  it('category carousel tags each product with its cat_id', async () => {
    const { body } = await get<{ result: { cat_id: number; id: number }[] }>('/v2/categories/carousel?categoryIds=3101,3201');
    const cats = new Set(body.result.map((p) => p.cat_id));
    expect(cats).toEqual(new Set([3101, 3201]));
    const round = await get<Listing>('/v2/categories/3101?page-size=100');
    const roundIds = new Set(round.body.result.product_list.map((p) => p.id));
    expect(body.result.filter((p) => p.cat_id === 3101).every((p) => roundIds.has(p.id))).toBe(true);
    expect((await get('/v2/categories/carousel?categoryIds=a,b')).status).toBe(400);
  });

  it('carousel banners and their SVG images', async () => {
    const { body } = await get<{ result: { banners: { imageUrl: string }[] } }>('/v2/carouselbanner?category=3100');
    expect(body.result.banners.length).toBeGreaterThan(0);
    const image = await api.app.inject({ method: 'GET', url: body.result.banners[0]!.imageUrl.replace(/^\/api/, '') });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toContain('<svg');
    expect(image.body).not.toMatch(/<script|on\w+=/i);
    expect((await get('/v2/images/banner/nope.svg')).status).toBe(404);
  });
});

describe('barcode', () => {
  it('finds the product behind its EAN-13 and refuses a wrong check digit', async () => {
    const { barcodeOf } = await import('./barcode');
    const code = barcodeOf(128001);
    expect(code).toMatch(/^890\d{10}$/);
    const ok = await get<{ result: { productId: number } }>(`/v2/products/product/barcode?barCodeId=${code}`);
    expect(ok.body.result.productId).toBe(128001);
    const wrong = `${code.slice(0, 12)}${(Number(code[12]) + 1) % 10}`;
    expect((await get(`/v2/products/product/barcode?barCodeId=${wrong}`)).status).toBe(404);
    expect((await get('/v2/products/product/barcode?barCodeId=%3Cx%3E')).status).toBe(400);
  });
});
