import { contactLensSpheres } from '@eyewear/i18n/rules';
import { generateCatalogue } from './generate';
import { retailRound } from './prices';
import { createRng } from './random';
import { FRAME_SIZES, type Classification, type SeedCatalogue, type SeedProduct } from './types';

const catalogue: SeedCatalogue = generateCatalogue();
const { products, categories, routes } = catalogue;

const CURRENCY_BY_COUNTRY = { in: 'INR', ae: 'AED', sg: 'SGD', sa: 'SAR', us: 'USD' } as const;
const SKU_PREFIX: Record<Classification, string> = {
  eyeframe: 'eye',
  sunglasses: 'sun',
  contact_lens: 'contact',
  contact_lens_solution: 'contact',
  accessories: 'watch',
  services: 'service',
  loyalty_services: 'service',
};

function ofClass(classification: Classification): SeedProduct[] {
  return products.filter((p) => p.classification === classification);
}

function duplicates<T>(values: readonly T[]): T[] {
  const seen = new Set<T>();
  return values.filter((value) => (seen.has(value) ? true : (seen.add(value), false)));
}

function byId<T extends { id: number }>(rows: readonly T[]): Map<number, T> {
  return new Map(rows.map((row) => [row.id, row]));
}

const brands = byId(catalogue.brands);
const isPremium = (p: SeedProduct) => brands.get(p.brandId)?.premium === true;

describe('random', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const a = createRng(7);
    const b = createRng(7);
    const c = createRng(8);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
    expect(seqA.every((n) => n >= 0 && n < 1)).toBe(true);
  });

  it('forks independent streams, even when a label repeats down the tree', () => {
    const root = createRng(7);
    const first = (rng: ReturnType<typeof createRng>) => Array.from({ length: 3 }, () => rng.next());
    const rootSeq = first(createRng(7));
    expect(first(root.fork('a').fork('a'))).not.toEqual(rootSeq);
    expect(first(root.fork('a'))).not.toEqual(first(root.fork('b')));
    expect(first(root.fork('a'))).toEqual(first(createRng(7).fork('a')));
  });
});

describe('generateCatalogue', () => {
  it('is deterministic', () => {
    expect(generateCatalogue()).toEqual(catalogue);
  });

  it('does not depend on Math.random or the clock', () => {
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.5);
    const now = jest.spyOn(Date, 'now').mockReturnValue(0);
    try {
      expect(generateCatalogue()).toEqual(catalogue);
      expect(random).not.toHaveBeenCalled();
      expect(now).not.toHaveBeenCalled();
    } finally {
      random.mockRestore();
      now.mockRestore();
    }
  });

  it('has the expected product volume per classification', () => {
    expect(products.length).toBeGreaterThanOrEqual(420);
    const eyeframes = ofClass('eyeframe');
    const sunglasses = ofClass('sunglasses');
    expect(eyeframes.filter((p) => !isPremium(p) && p.gender !== 'kids').length).toBeGreaterThanOrEqual(100);
    expect(sunglasses.filter((p) => !isPremium(p)).length).toBeGreaterThanOrEqual(60);
    expect(eyeframes.filter(isPremium).length).toBeGreaterThanOrEqual(20);
    expect(sunglasses.filter(isPremium).length).toBeGreaterThanOrEqual(20);
    expect(eyeframes.filter((p) => p.gender === 'kids').length).toBeGreaterThanOrEqual(20);
    expect(ofClass('contact_lens').length).toBeGreaterThanOrEqual(20);
    expect(ofClass('contact_lens_solution').length).toBeGreaterThanOrEqual(8);
    expect(ofClass('accessories').length).toBeGreaterThanOrEqual(10);
    expect(ofClass('loyalty_services')).toHaveLength(1);
  });

  it('has twelve or more brands, two house brands and several premium ones, all used', () => {
    expect(catalogue.brands.length).toBeGreaterThanOrEqual(12);
    expect(catalogue.brands.filter((b) => b.house)).toHaveLength(2);
    expect(catalogue.brands.filter((b) => b.premium).length).toBeGreaterThanOrEqual(3);
    for (const brand of catalogue.brands) {
      expect(products.some((p) => p.brandId === brand.id)).toBe(true);
    }
  });

  it('sells the gold membership as product 128269', () => {
    const gold = products.find((p) => p.id === 128269);
    expect(gold).toMatchObject({
      classification: 'loyalty_services',
      membershipDays: 365,
      powerRequired: 'POWER_NOT_REQUIRED',
    });
    expect(gold?.sku.startsWith('service')).toBe(true);
    expect(gold?.stock).toBeGreaterThanOrEqual(1000);
    expect(brands.get(gold?.brandId ?? -1)?.house).toBe(true);
  });

  it('uses unique integer ids, urls and skus, with the sku prefix of the classification', () => {
    expect(products.every((p) => Number.isInteger(p.id))).toBe(true);
    expect(duplicates(products.map((p) => p.id))).toEqual([]);
    expect(duplicates(products.map((p) => p.url))).toEqual([]);
    expect(duplicates(products.map((p) => p.sku))).toEqual([]);
    for (const product of products) {
      expect(product.sku.split('-')[0]).toBe(SKU_PREFIX[product.classification]);
      // The gold membership is a page of its own, the one the menu links (issue 42).
      if (product.id === 128269) {
        expect(product.url).toBe('/gold-membership.html');
        continue;
      }
      expect(product.url).toMatch(/^\/[a-z0-9-]+\/[a-z0-9-]+-\d+\.html$/);
      expect(product.url.endsWith(`-${product.id}.html`)).toBe(true);
    }
  });

  it('prices every product in the five countries with their currencies', () => {
    for (const product of products) {
      expect(product.prices.map((p) => p.country).sort()).toEqual(['ae', 'in', 'sa', 'sg', 'us']);
      for (const price of product.prices) {
        expect(price.currency).toBe(CURRENCY_BY_COUNTRY[price.country]);
        expect(price.sellingPrice).toBeGreaterThan(0);
        expect(price.marketPrice).toBeGreaterThanOrEqual(price.sellingPrice);
        if (price.firstBuyPrice !== undefined) {
          expect(price.firstBuyPrice).toBeGreaterThan(0);
          expect(price.firstBuyPrice).toBeLessThan(price.sellingPrice);
        }
      }
    }
    expect(products.filter((p) => p.prices.some((price) => price.firstBuyPrice !== undefined)).length).toBeGreaterThan(0);
  });

  it('keeps prices realistic per currency', () => {
    const inr = (p: SeedProduct) => p.prices.find((price) => price.country === 'in')?.sellingPrice ?? 0;
    const usd = (p: SeedProduct) => p.prices.find((price) => price.country === 'us')?.sellingPrice ?? 0;
    for (const glasses of ofClass('eyeframe')) {
      expect(inr(glasses)).toBeGreaterThanOrEqual(700);
      expect(inr(glasses)).toBeLessThanOrEqual(15000);
      expect(String(inr(glasses))).toMatch(/99$/);
      // Dollar prices follow the rupee price at roughly 83 to the dollar.
      expect(usd(glasses) * 83).toBeGreaterThan(inr(glasses) * 0.6);
      expect(usd(glasses) * 83).toBeLessThan(inr(glasses) * 1.5);
    }
  });

  it('rounds to retail price endings', () => {
    expect(retailRound(2340, 'INR')).toBe(2299);
    expect(retailRound(7300, 'INR')).toBe(7499);
    expect(retailRound(103.5, 'AED')).toBe(99);
    expect(retailRound(27.7, 'USD')).toBe(29);
    expect(retailRound(7.2, 'SGD')).toBe(7);
  });

  it('describes frames with shape, type, colour, material, size and power', () => {
    const sizeNames = Object.keys(FRAME_SIZES);
    const frames = [...ofClass('eyeframe'), ...ofClass('sunglasses')];
    for (const frame of frames) {
      expect(frame.frameShape).toBeDefined();
      expect(frame.frameType).toBeDefined();
      expect(frame.frameColour).toEqual(expect.any(String));
      expect(frame.colourHex).toMatch(/^#[0-9a-f]{6}$/);
      expect(frame.material).toEqual(expect.any(String));
      expect(sizeNames).toContain(frame.frameSize);
      expect(frame.sizeMm).toMatch(/^\d{2}-\d{2}-\d{3}$/);
      expect(frame.isPlano).toBe(frame.powerRequired === 'POWER_NOT_REQUIRED');
    }
    const eyeframes = ofClass('eyeframe');
    const sunglasses = ofClass('sunglasses');
    expect(eyeframes.filter((p) => p.powerRequired === 'POWER_REQUIRED').length / eyeframes.length).toBeGreaterThan(0.8);
    expect(sunglasses.filter((p) => p.isPlano).length / sunglasses.length).toBeGreaterThan(0.8);
    expect(sunglasses.filter((p) => p.powerRequired === 'POWER_REQUIRED').length).toBeGreaterThanOrEqual(3);
  });

  it('gives contact lenses a pack size and usage', () => {
    for (const lens of ofClass('contact_lens')) {
      expect(lens.packSize).toBeGreaterThan(0);
      expect(['daily', 'fortnightly', 'monthly', 'yearly']).toContain(lens.usage);
    }
  });

  it('links colour variants symmetrically within one brand and model', () => {
    const all = byId(products);
    let linked = 0;
    for (const product of products) {
      expect(product.variantIds).not.toContain(product.id);
      for (const variantId of product.variantIds) {
        const variant = all.get(variantId);
        expect(variant?.variantIds).toContain(product.id);
        expect(variant?.brandId).toBe(product.brandId);
        expect(variant?.modelName).toBe(product.modelName);
        expect(variant?.colourHex).not.toBe(product.colourHex);
        linked += 1;
      }
    }
    expect(linked).toBeGreaterThan(100);
  });

  it('has sold-out and last-unit products in several lines', () => {
    const sold = products.filter((p) => p.stock === 0);
    const lastOne = products.filter((p) => p.stock === 1);
    expect(sold.length).toBeGreaterThanOrEqual(15);
    expect(lastOne.length).toBeGreaterThanOrEqual(15);
    expect(new Set(sold.map((p) => p.classification)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(lastOne.map((p) => p.classification)).size).toBeGreaterThanOrEqual(4);
    expect(products.filter((p) => p.stock > 1).length / products.length).toBeGreaterThan(0.8);
  });

  it('files every product under 1 to 4 existing categories and leaves no category empty', () => {
    const known = byId(categories);
    expect(categories.filter((c) => c.kind === 'cat').length).toBeGreaterThanOrEqual(30);
    expect(categories.filter((c) => c.kind === 'col').length).toBeGreaterThanOrEqual(5);
    expect(duplicates(categories.map((c) => c.id))).toEqual([]);
    expect(duplicates(categories.map((c) => c.url))).toEqual([]);
    for (const product of products) {
      expect(product.categoryIds.length).toBeGreaterThanOrEqual(1);
      expect(product.categoryIds.length).toBeLessThanOrEqual(4);
      expect(duplicates(product.categoryIds)).toEqual([]);
      for (const id of product.categoryIds) expect(known.has(id)).toBe(true);
    }
    for (const category of categories) {
      expect(products.some((p) => p.categoryIds.includes(category.id))).toBe(true);
      if (category.parentId !== null) expect(known.get(category.parentId)?.kind).toBe('cat');
    }
  });

  it('uses listing urls, not the home-style content pages', () => {
    const urls = categories.map((c) => c.url);
    expect(urls).toEqual(expect.arrayContaining(['/eyeglasses/round.html', '/sunglasses/aviator.html', '/kids-glasses.html', '/contact-lenses.html']));
    expect(urls).not.toContain('/eyeglasses.html');
    expect(urls).not.toContain('/sunglasses.html');
    for (const c of categories.filter((cat) => cat.kind === 'col')) expect(c.url).toMatch(/^\/collections\/[a-z0-9-]+\.html$/);
  });

  it('keeps category gender filters true of their products', () => {
    for (const category of categories.filter((c) => c.gender)) {
      const members = products.filter((p) => p.categoryIds.includes(category.id));
      expect(members.every((p) => p.gender === category.gender)).toBe(true);
    }
  });

  it('offers 3 to 5 lens packages per power type, each with 2 to 4 coatings', () => {
    const types = ['single_vision', 'bifocal', 'progressive', 'zero_power', 'sunglasses'] as const;
    for (const type of types) {
      const count = catalogue.lensPackages.filter((p) => p.powerType === type).length;
      expect(count).toBeGreaterThanOrEqual(3);
      expect(count).toBeLessThanOrEqual(5);
    }
    expect(duplicates(catalogue.lensPackages.map((p) => p.id))).toEqual([]);
    expect(catalogue.lensPackages.some((p) => p.expressAvailable)).toBe(true);
    for (const pkg of catalogue.lensPackages) {
      expect(pkg.prices.map((p) => `${p.country}:${p.currency}`).sort()).toEqual(['ae:AED', 'in:INR', 'sa:SAR', 'sg:SGD', 'us:USD']);
      expect(pkg.frameTypes.length).toBeGreaterThan(0);
      const coatings = catalogue.coatings.filter((c) => c.packageId === pkg.id);
      expect(coatings.length).toBeGreaterThanOrEqual(2);
      expect(coatings.length).toBeLessThanOrEqual(4);
      expect(coatings.every((c) => c.prices.length === 5 && c.prices.every((p) => p.price > 0))).toBe(true);
    }
  });

  it('gives each contact lens a power range, with cyl and axis only on toric lenses', () => {
    const lenses = ofClass('contact_lens');
    expect(catalogue.contactLensPowers.map((r) => r.productId).sort()).toEqual(lenses.map((p) => p.id).sort());
    const sph = contactLensSpheres();
    expect(sph[0]).toBe('-12.00');
    expect(sph[sph.length - 1]).toBe('+8.00');
    expect(sph).toEqual(expect.arrayContaining(['-0.50', '+1.25', '0.00', '-5.75', '+6.50']));
    expect(sph).not.toContain('-6.25');
    expect(sph).not.toContain('+7.75');
    const toric = catalogue.contactLensPowers.filter((r) => r.cyl.length > 0);
    expect(toric.length).toBeGreaterThan(0);
    for (const range of toric) {
      expect(range.cyl[0]).toBe('-0.75');
      expect(range.cyl[range.cyl.length - 1]).toBe('-2.25');
      expect(range.axis).toHaveLength(18);
      expect(range.axis[0]).toBe('10');
    }
    expect(catalogue.contactLensPowers.filter((r) => r.cyl.length === 0).every((r) => r.axis.length === 0)).toBe(true);
  });

  it('lists 30 or more stores, mostly in India, with plausible places', () => {
    const { stores } = catalogue;
    expect(stores.length).toBeGreaterThanOrEqual(30);
    expect(stores.filter((s) => s.country === 'in').length).toBeGreaterThan(stores.length / 2);
    expect(new Set(stores.map((s) => s.country)).size).toBe(5);
    expect(duplicates(stores.map((s) => s.code))).toEqual([]);
    const zones = { in: 'Asia/Kolkata', ae: 'Asia/Dubai', sg: 'Asia/Singapore', sa: 'Asia/Riyadh', us: 'America/New_York' };
    for (const store of stores) {
      expect(store.timeZone).toBe(zones[store.country]);
      expect(store.opensAt).toBe(10);
      expect(store.closesAt).toBe(21);
      expect(Math.abs(store.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(store.lng)).toBeLessThanOrEqual(180);
      if (store.country === 'in') expect(store.pincode).toMatch(/^\d{6}$/);
    }
    expect(stores.some((s) => s.studio)).toBe(true);
  });

  it('keeps product ratings consistent with their reviews', () => {
    const { reviews } = catalogue;
    expect(duplicates(reviews.map((r) => r.id))).toEqual([]);
    const grouped = new Map<number, number[]>();
    for (const review of reviews) {
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
      expect(review.createdAt).toMatch(/^202[56]-\d{2}-\d{2}T/);
      grouped.set(review.productId, [...(grouped.get(review.productId) ?? []), review.rating]);
    }
    for (const product of products) {
      const ratings = grouped.get(product.id) ?? [];
      expect(product.reviewCount).toBe(ratings.length);
      if (ratings.length === 0) {
        expect(product.rating).toBe(0);
        continue;
      }
      expect(ratings.length).toBeGreaterThanOrEqual(3);
      expect(ratings.length).toBeLessThanOrEqual(8);
      const average = ratings.reduce((a, b) => a + b, 0) / ratings.length;
      expect(product.rating).toBeCloseTo(Math.round(average * 10) / 10, 5);
    }
    expect(grouped.size).toBeGreaterThan(products.length / 4);
    expect(grouped.size).toBeLessThan(products.length);
    expect(reviews.filter((r) => r.rating >= 4).length / reviews.length).toBeGreaterThan(0.6);
  });

  it('routes every category, collection and product url to an existing id', () => {
    expect(duplicates(routes.map((r) => r.url))).toEqual([]);
    const categoriesById = byId(categories);
    const productIds = new Set(products.map((p) => String(p.id)));
    for (const route of routes) {
      if (route.type === 'prod') expect(productIds.has(route.id)).toBe(true);
      if (route.type === 'cat' || route.type === 'col') {
        const category = categoriesById.get(Number(route.id));
        expect(category?.kind).toBe(route.type);
        expect(category?.url).toBe(route.url);
      }
    }
    expect(routes.filter((r) => r.type === 'prod')).toHaveLength(products.length);
    // Gold's page is the membership product's, where the menu links (issue 42).
    expect(routes).toContainEqual({ url: '/gold-membership.html', type: 'prod', id: '128269' });
    expect(routes.filter((r) => r.type === 'cat' || r.type === 'col')).toHaveLength(categories.length);
    expect(routes).toContainEqual({ url: '/about-us.html', type: 'cms', id: 'about-us' });
    expect(routes).toContainEqual({ url: '/search/round-glasses.html', type: 'search', id: 'round glasses' });
  });
});
