import { assignCategories } from './categories';
import { createIdAllocator, type Line, type ProductDraft } from './draft';
import { generateFrames } from './frames';
import { generateContactLensPowers, generateLensPackages } from './lenses';
import { BRANDS, MODEL_WORDS } from './names';
import { generateMembership, generateOtherProducts } from './others';
import { createRng, type Rng } from './random';
import { generateReviews } from './reviews';
import { generateStores } from './stores';
import type { SeedCatalogue, SeedCategory, SeedProduct, SeedRoute } from './types';

/** Changing the seed reshuffles every generated attribute (not ids or URLs of fixed rows). */
export const CATALOGUE_SEED = 20260101;

/** Minimum counts of the stock states the cart must be able to show. */
export const OUT_OF_STOCK_COUNT = 18;
export const ONE_LEFT_COUNT = 18;

export const CMS_ROUTES: readonly SeedRoute[] = [
  { url: '/about-us.html', type: 'cms', id: 'about-us' },
  { url: '/terms-and-conditions.html', type: 'cms', id: 'terms-and-conditions' },
  { url: '/privacy-policy.html', type: 'cms', id: 'privacy-policy' },
  { url: '/store-locator.html', type: 'cms', id: 'store-locator' },
  { url: '/return-policy.html', type: 'cms', id: 'return-policy' },
  { url: '/warranty-policy.html', type: 'cms', id: 'warranty-policy' },
];

const SEARCH_TERMS = [
  'round glasses',
  'blue light glasses',
  'aviator sunglasses',
  'cat eye glasses',
  'titanium frames',
  'kids glasses',
  'daily contact lenses',
  'coloured contact lenses',
];

/** Each word names one model; once they run out, a series numeral keeps brand+model unique. */
function modelNamer(rng: Rng): () => string {
  const words = rng.shuffle(MODEL_WORDS);
  const series = ['', ' II', ' III', ' IV'];
  let taken = 0;
  return () => {
    const word = words[taken % words.length] ?? 'Classic';
    const suffix = series[Math.floor(taken / words.length)] ?? ` ${Math.floor(taken / words.length) + 1}`;
    taken += 1;
    return `${word}${suffix}`;
  };
}

const STOCK_RANGES: Readonly<Record<Line, [number, number]>> = {
  eyeglasses: [2, 60],
  sunglasses: [2, 60],
  'premium-eyeglasses': [2, 25],
  'premium-sunglasses': [2, 25],
  kids: [2, 50],
  'contact-lenses': [10, 400],
  solutions: [10, 300],
  accessories: [5, 120],
  membership: [100000, 100000],
};

/**
 * Most products are in stock; a fixed number are sold out or down to one unit. Those are
 * dealt round-robin across the lines so every listing has examples of both states.
 */
function assignStock(rng: Rng, drafts: readonly ProductDraft[]): void {
  for (const draft of drafts) {
    const [min, max] = STOCK_RANGES[draft.line];
    draft.product.stock = rng.int(min, max);
  }
  const byLine = new Map<Line, SeedProduct[]>();
  for (const draft of drafts) {
    if (draft.line === 'membership') continue;
    byLine.set(draft.line, [...(byLine.get(draft.line) ?? []), draft.product]);
  }
  const queues = [...byLine.values()].map((products) => rng.shuffle(products));
  let zeros = 0;
  let ones = 0;
  for (let round = 0; zeros < OUT_OF_STOCK_COUNT || ones < ONE_LEFT_COUNT; round += 1) {
    for (const queue of queues) {
      if (zeros < OUT_OF_STOCK_COUNT) {
        const product = queue[round * 2];
        if (product) {
          product.stock = 0;
          zeros += 1;
        }
      }
      if (ones < ONE_LEFT_COUNT) {
        const product = queue[round * 2 + 1];
        if (product) {
          product.stock = 1;
          ones += 1;
        }
      }
    }
  }
}

function slugifyTerm(term: string): string {
  return term.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

function buildRoutes(categories: readonly SeedCategory[], products: readonly SeedProduct[]): SeedRoute[] {
  return [
    ...categories.map((c): SeedRoute => ({ url: c.url, type: c.kind, id: String(c.id) })),
    ...products.map((p): SeedRoute => ({ url: p.url, type: 'prod', id: String(p.id) })),
    ...CMS_ROUTES.map((route) => ({ ...route })),
    ...SEARCH_TERMS.map((term): SeedRoute => ({ url: `/search/${slugifyTerm(term)}.html`, type: 'search', id: term })),
  ];
}

/** The whole seed catalogue; pure and deterministic, so two calls return deep-equal data. */
export function generateCatalogue(): SeedCatalogue {
  const rng = createRng(CATALOGUE_SEED);
  const nextId = createIdAllocator();
  const drafts = [
    ...generateFrames(rng.fork('frames'), nextId, modelNamer(rng.fork('models'))),
    ...generateOtherProducts(rng.fork('others'), nextId),
    generateMembership(),
  ].sort((a, b) => a.product.id - b.product.id);

  const categories = assignCategories(rng.fork('categories'), drafts);
  assignStock(rng.fork('stock'), drafts);
  const reviews = generateReviews(rng.fork('reviews'), drafts);
  const { lensPackages, coatings } = generateLensPackages(rng.fork('lenses'));
  const products = drafts.map((draft) => draft.product);

  return {
    brands: BRANDS.map((brand) => ({ ...brand })),
    categories,
    products,
    lensPackages,
    coatings,
    contactLensPowers: generateContactLensPowers(drafts),
    stores: generateStores(),
    reviews,
    routes: buildRoutes(categories, products),
  };
}
