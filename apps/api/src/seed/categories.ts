import type { ProductDraft } from './draft';
import type { Rng } from './random';
import type { SeedCategory } from './types';

/**
 * Listing categories and curated collections. Membership is decided by predicates over the
 * drafts, so a category can never disagree with the attributes of the products it lists.
 */
interface CategoryRule {
  category: SeedCategory;
  matches: (draft: ProductDraft) => boolean;
  /** Collections only: how many products to curate into it. */
  size?: number;
}

/** Spec: products sit in at most four categories (collections included). */
export const MAX_CATEGORIES_PER_PRODUCT = 4;

type Gender = SeedCategory['gender'];

function rule(
  id: number,
  name: string,
  url: string,
  parentId: number | null,
  imageColour: string,
  matches: CategoryRule['matches'],
  gender?: Gender,
): CategoryRule {
  const category: SeedCategory = { id, name, url, parentId, kind: 'cat', imageColour };
  if (gender) category.gender = gender;
  return { category, matches };
}

function collection(id: number, name: string, slug: string, imageColour: string, size: number, matches: CategoryRule['matches']): CategoryRule {
  return { category: { id, name, url: `/collections/${slug}.html`, parentId: null, kind: 'col', imageColour }, matches, size };
}

const p = (draft: ProductDraft) => draft.product;
const isLine = (line: ProductDraft['line']) => (d: ProductDraft) => d.line === line;
const both = (a: CategoryRule['matches'], b: CategoryRule['matches']) => (d: ProductDraft) => a(d) && b(d);
const shapeIs =
  (...shapes: string[]) =>
  (d: ProductDraft) =>
    shapes.includes(p(d).frameShape ?? '');
const genderIs = (gender: Gender) => (d: ProductDraft) => p(d).gender === gender;
const frameTypeIs = (frameType: ProductDraft['product']['frameType']) => (d: ProductDraft) => p(d).frameType === frameType;
const materialIs =
  (...materials: string[]) =>
  (d: ProductDraft) =>
    materials.includes(p(d).material ?? '');
const usageIs = (usage: ProductDraft['product']['usage']) => (d: ProductDraft) => p(d).usage === usage;
const powered = (d: ProductDraft) => p(d).powerRequired === 'POWER_REQUIRED';
const isToric = (d: ProductDraft) => d.toric;
const isColoured = (d: ProductDraft) => d.coloured;
/** Titanium and beta-titanium. */
const isTitanium = (d: ProductDraft) => /titanium/.test(p(d).material ?? '');

const EYE = isLine('eyeglasses');
const SUN = isLine('sunglasses');
const PEYE = isLine('premium-eyeglasses');
const PSUN = isLine('premium-sunglasses');
const KIDS = isLine('kids');
const CL = isLine('contact-lenses');

const CATEGORY_RULES: readonly CategoryRule[] = [
  rule(3100, 'Eyeglasses', '/eyeglasses/all.html', null, '#2f4858', EYE),
  rule(3101, 'Round Eyeglasses', '/eyeglasses/round.html', 3100, '#33658a', both(EYE, shapeIs('round'))),
  rule(3102, 'Rectangle Eyeglasses', '/eyeglasses/rectangle.html', 3100, '#33658a', both(EYE, shapeIs('rectangle'))),
  rule(3103, 'Square Eyeglasses', '/eyeglasses/square.html', 3100, '#33658a', both(EYE, shapeIs('square'))),
  rule(3104, 'Cat-Eye Eyeglasses', '/eyeglasses/cat-eye.html', 3100, '#33658a', both(EYE, shapeIs('cat-eye'))),
  rule(3105, 'Oval Eyeglasses', '/eyeglasses/oval.html', 3100, '#33658a', both(EYE, shapeIs('oval'))),
  rule(3106, 'Geometric Eyeglasses', '/eyeglasses/geometric.html', 3100, '#33658a', both(EYE, shapeIs('geometric', 'hexagonal'))),
  rule(3107, "Men's Eyeglasses", '/eyeglasses/men.html', 3100, '#55828b', both(EYE, genderIs('men')), 'men'),
  rule(3108, "Women's Eyeglasses", '/eyeglasses/women.html', 3100, '#86bbd8', both(EYE, genderIs('women')), 'women'),
  rule(3109, 'Rimless Eyeglasses', '/eyeglasses/rimless.html', 3100, '#758e4f', both(EYE, frameTypeIs('rimless'))),
  rule(3110, 'Half-Rim Eyeglasses', '/eyeglasses/half-rim.html', 3100, '#758e4f', both(EYE, frameTypeIs('half-rim'))),

  rule(3200, 'Sunglasses', '/sunglasses/all.html', null, '#f26419', SUN),
  rule(3201, 'Aviator Sunglasses', '/sunglasses/aviator.html', 3200, '#f6ae2d', both(SUN, shapeIs('aviator'))),
  rule(3202, 'Wayfarer Sunglasses', '/sunglasses/wayfarer.html', 3200, '#f6ae2d', both(SUN, shapeIs('wayfarer'))),
  rule(3203, 'Round Sunglasses', '/sunglasses/round.html', 3200, '#f6ae2d', both(SUN, shapeIs('round'))),
  rule(3204, 'Cat-Eye Sunglasses', '/sunglasses/cat-eye.html', 3200, '#f6ae2d', both(SUN, shapeIs('cat-eye'))),
  rule(3205, 'Square Sunglasses', '/sunglasses/square.html', 3200, '#f6ae2d', both(SUN, shapeIs('square'))),
  rule(3206, 'Clubmaster Sunglasses', '/sunglasses/clubmaster.html', 3200, '#f6ae2d', both(SUN, shapeIs('clubmaster'))),
  rule(3207, "Men's Sunglasses", '/sunglasses/men.html', 3200, '#c05621', both(SUN, genderIs('men')), 'men'),
  rule(3208, "Women's Sunglasses", '/sunglasses/women.html', 3200, '#e07a5f', both(SUN, genderIs('women')), 'women'),
  rule(3209, 'Power Sunglasses', '/sunglasses/power.html', 3200, '#8d5b4c', both(SUN, powered)),

  rule(3300, 'Premium Eyeglasses', '/premium-eyeglasses/all.html', null, '#3d314a', PEYE),
  rule(3301, 'Titanium Premium Eyeglasses', '/premium-eyeglasses/titanium.html', 3300, '#684756', both(PEYE, isTitanium)),
  rule(3302, 'Acetate Premium Eyeglasses', '/premium-eyeglasses/acetate.html', 3300, '#684756', both(PEYE, materialIs('acetate'))),
  rule(3303, "Men's Premium Eyeglasses", '/premium-eyeglasses/men.html', 3300, '#96705b', both(PEYE, genderIs('men')), 'men'),
  rule(3304, "Women's Premium Eyeglasses", '/premium-eyeglasses/women.html', 3300, '#ab8476', both(PEYE, genderIs('women')), 'women'),
  rule(3305, 'Rimless Premium Eyeglasses', '/premium-eyeglasses/rimless.html', 3300, '#684756', both(PEYE, frameTypeIs('rimless'))),

  rule(3400, 'Premium Sunglasses', '/premium-sunglasses/all.html', null, '#1b1b3a', PSUN),
  rule(3401, 'Premium Aviators', '/premium-sunglasses/aviator.html', 3400, '#693668', both(PSUN, shapeIs('aviator'))),
  rule(3402, 'Premium Cat-Eye Sunglasses', '/premium-sunglasses/cat-eye.html', 3400, '#693668', both(PSUN, shapeIs('cat-eye'))),
  rule(3403, "Men's Premium Sunglasses", '/premium-sunglasses/men.html', 3400, '#a74482', both(PSUN, genderIs('men')), 'men'),
  rule(3404, "Women's Premium Sunglasses", '/premium-sunglasses/women.html', 3400, '#f84aa7', both(PSUN, genderIs('women')), 'women'),

  rule(3500, 'Kids Glasses', '/kids-glasses.html', null, '#ffb400', KIDS, 'kids'),
  rule(3501, 'Flexible Kids Glasses', '/kids-glasses/flexible.html', 3500, '#00a6ed', both(KIDS, materialIs('TR90', 'silicone')), 'kids'),
  rule(3502, 'Round Kids Glasses', '/kids-glasses/round.html', 3500, '#7fb800', both(KIDS, shapeIs('round', 'oval')), 'kids'),
  rule(3503, 'Rectangle Kids Glasses', '/kids-glasses/rectangle.html', 3500, '#f6511d', both(KIDS, shapeIs('rectangle', 'square')), 'kids'),

  rule(3600, 'Contact Lenses', '/contact-lenses.html', null, '#1b9bc2', CL),
  rule(3601, 'Daily Contact Lenses', '/contact-lenses/daily.html', 3600, '#2b55a3', both(CL, usageIs('daily'))),
  rule(3602, 'Monthly Contact Lenses', '/contact-lenses/monthly.html', 3600, '#2b55a3', both(CL, usageIs('monthly'))),
  rule(3603, 'Fortnightly Contact Lenses', '/contact-lenses/fortnightly.html', 3600, '#2b55a3', both(CL, usageIs('fortnightly'))),
  rule(3604, 'Toric Contact Lenses', '/contact-lenses/toric.html', 3600, '#6a4fa3', both(CL, isToric)),
  rule(3605, 'Coloured Contact Lenses', '/contact-lenses/coloured.html', 3600, '#8e6b3a', both(CL, isColoured)),

  rule(3700, 'Contact Lens Solutions', '/contact-lens-solutions.html', null, '#3aa57f', isLine('solutions')),

  rule(3800, 'Accessories', '/accessories.html', null, '#4b5d6b', isLine('accessories')),
  rule(3801, 'Eyewear Cases', '/accessories/cases.html', 3800, '#53565a', (d) => d.accessoryKind === 'case'),
  rule(3802, 'Lens Care', '/accessories/care.html', 3800, '#1b9bc2', (d) => d.accessoryKind === 'care'),
  rule(3803, 'Chains and Straps', '/accessories/chains-and-straps.html', 3800, '#c9a227', (d) => d.accessoryKind === 'wearable'),

  // Gold's page is the membership product's own, /gold-membership.html (others.ts); the category only lists it.
  rule(3900, 'Gold Membership', '/gold-membership/all.html', null, '#c9a227', isLine('membership')),
];

const FRAME_LINES = new Set(['eyeglasses', 'sunglasses', 'premium-eyeglasses', 'premium-sunglasses', 'kids']);

const COLLECTION_RULES: readonly CategoryRule[] = [
  collection(4001, 'Summer Edit', 'summer-edit', '#f6ae2d', 20, (d) => d.line === 'sunglasses' || d.line === 'premium-sunglasses'),
  collection(
    4002,
    'Office Classics',
    'office-classics',
    '#2f4858',
    18,
    (d) => (d.line === 'eyeglasses' || d.line === 'premium-eyeglasses') && shapeIs('rectangle', 'square', 'clubmaster', 'wayfarer')(d),
  ),
  collection(4003, 'Bestsellers', 'bestsellers', '#e63946', 24, (d) => FRAME_LINES.has(d.line)),
  collection(4004, 'New Arrivals', 'new-arrivals', '#457b9d', 20, (d) => d.line !== 'membership'),
  collection(4005, 'Screen Time', 'screen-time', '#1d3557', 12, (d) => d.line === 'eyeglasses'),
  collection(4006, 'Back to School', 'back-to-school', '#ffb400', 14, (d) => d.line === 'kids' || d.accessoryKind === 'case'),
  collection(4007, 'Lens Care Essentials', 'lens-care-essentials', '#3aa57f', 10, (d) => d.line === 'solutions' || d.line === 'contact-lenses'),
];

/**
 * Fills every draft's categoryIds and returns the category rows (listings, then collections).
 * Listing categories come first so a product never loses its main listing to a collection.
 */
export function assignCategories(rng: Rng, drafts: readonly ProductDraft[]): SeedCategory[] {
  for (const draft of drafts) {
    draft.product.categoryIds = CATEGORY_RULES.filter((r) => r.matches(draft))
      .map((r) => r.category.id)
      .slice(0, MAX_CATEGORIES_PER_PRODUCT);
  }
  const curateRng = rng.fork('collections');
  for (const col of COLLECTION_RULES) {
    const candidates = drafts.filter((d) => col.matches(d) && d.product.categoryIds.length < MAX_CATEGORIES_PER_PRODUCT);
    for (const draft of curateRng.shuffle(candidates).slice(0, col.size ?? 0)) {
      draft.product.categoryIds.push(col.category.id);
    }
  }
  return [...CATEGORY_RULES, ...COLLECTION_RULES].map((r) => ({ ...r.category }));
}
