import { brandCode, linkVariants, productUrl, type Line, type ProductDraft } from './draft';
import { BRAND_IDS, BRANDS, FRAME_COLOURS, KIDS_COLOURS, type Colour } from './names';
import { priceSet } from './prices';
import type { Rng } from './random';
import type { FrameSizeName, SeedProduct } from './types';

type Shape = NonNullable<SeedProduct['frameShape']>;
type FrameType = NonNullable<SeedProduct['frameType']>;
type Gender = SeedProduct['gender'];

interface FrameLine {
  line: Line;
  classification: 'eyeframe' | 'sunglasses';
  /** Number of products (colour variants included) this line should reach. */
  target: number;
  brands: readonly number[];
  shapes: readonly [Shape, number][];
  frameTypes: readonly [FrameType, number][];
  materials: readonly string[];
  genders: readonly [Gender, number][];
  sizes: readonly [FrameSizeName, number][];
  colours: readonly Colour[];
  /** Selling price range in INR; variants of a model share one price. */
  priceInr: readonly [number, number];
  /** Share of models sold with power (eyeglasses) or without (sunglasses) – the exception. */
  exceptionRate: number;
  firstBuyRate: number;
}

/** Weighted choices written as `{ value: weight }`, in the order given. */
function weights<T extends string>(options: Readonly<Record<T, number>>): [T, number][] {
  return Object.entries(options) as [T, number][];
}

const ADULT_SIZES = weights<FrameSizeName>({ medium: 40, narrow: 18, wide: 22, extraNarrow: 8, extraWide: 12 });

export const FRAME_LINES: readonly FrameLine[] = [
  {
    line: 'eyeglasses',
    classification: 'eyeframe',
    target: 160,
    brands: [BRAND_IDS.clearview, BRAND_IDS.brightline, BRAND_IDS.nordlys, BRAND_IDS.harbour, BRAND_IDS.metro],
    shapes: weights({ rectangle: 22, round: 18, square: 16, 'cat-eye': 10, oval: 8, geometric: 8, clubmaster: 7, hexagonal: 5, wayfarer: 6 }),
    frameTypes: weights({ 'full-rim': 70, 'half-rim': 18, rimless: 12 }),
    materials: ['acetate', 'metal', 'TR90', 'stainless steel', 'titanium', 'ultem'],
    genders: weights({ men: 38, women: 34, unisex: 28 }),
    sizes: ADULT_SIZES,
    colours: FRAME_COLOURS,
    priceInr: [1000, 4500],
    exceptionRate: 0.1,
    firstBuyRate: 0.5,
  },
  {
    line: 'sunglasses',
    classification: 'sunglasses',
    target: 110,
    brands: [BRAND_IDS.clearview, BRAND_IDS.brightline, BRAND_IDS.harbour, BRAND_IDS.sunward, BRAND_IDS.kestrel],
    shapes: weights({ aviator: 20, wayfarer: 20, round: 14, 'cat-eye': 12, square: 14, clubmaster: 8, rectangle: 6, geometric: 6 }),
    frameTypes: weights({ 'full-rim': 82, 'half-rim': 12, rimless: 6 }),
    materials: ['acetate', 'metal', 'TR90', 'polycarbonate', 'stainless steel'],
    genders: weights({ men: 36, women: 36, unisex: 28 }),
    sizes: ADULT_SIZES,
    colours: FRAME_COLOURS,
    priceInr: [1200, 4500],
    exceptionRate: 0.12,
    firstBuyRate: 0,
  },
  {
    line: 'premium-eyeglasses',
    classification: 'eyeframe',
    target: 44,
    brands: [BRAND_IDS.aurelio, BRAND_IDS.orsay, BRAND_IDS.takeda],
    shapes: weights({ rectangle: 20, round: 20, square: 15, 'cat-eye': 10, oval: 10, geometric: 10, hexagonal: 5 }),
    frameTypes: weights({ 'full-rim': 60, 'half-rim': 20, rimless: 20 }),
    materials: ['titanium', 'acetate', 'beta-titanium'],
    genders: weights({ men: 40, women: 35, unisex: 25 }),
    sizes: ADULT_SIZES,
    colours: FRAME_COLOURS,
    priceInr: [6000, 15000],
    exceptionRate: 0,
    firstBuyRate: 0,
  },
  {
    line: 'premium-sunglasses',
    classification: 'sunglasses',
    target: 34,
    brands: [BRAND_IDS.aurelio, BRAND_IDS.orsay, BRAND_IDS.belvedere],
    shapes: weights({ aviator: 30, 'cat-eye': 20, wayfarer: 20, round: 15, square: 15 }),
    frameTypes: weights({ 'full-rim': 85, 'half-rim': 15 }),
    materials: ['acetate', 'titanium', 'metal'],
    genders: weights({ men: 40, women: 40, unisex: 20 }),
    sizes: ADULT_SIZES,
    colours: FRAME_COLOURS,
    priceInr: [7000, 15000],
    exceptionRate: 0,
    firstBuyRate: 0,
  },
  {
    line: 'kids',
    classification: 'eyeframe',
    target: 42,
    brands: [BRAND_IDS.pebble, BRAND_IDS.clearview],
    shapes: weights({ round: 35, rectangle: 30, square: 20, oval: 15 }),
    frameTypes: weights({ 'full-rim': 90, 'half-rim': 10 }),
    materials: ['TR90', 'silicone', 'acetate'],
    genders: weights({ kids: 1 }),
    sizes: weights({ extraNarrow: 60, narrow: 40 }),
    colours: KIDS_COLOURS,
    priceInr: [800, 2500],
    exceptionRate: 0,
    firstBuyRate: 0.4,
  },
];

function weighted<T>(rng: Rng, options: readonly [T, number][]): T {
  return rng.weighted(
    options.map(([value]) => value),
    options.map(([, weight]) => weight),
  );
}

/** Metal-only constructions: rimless lenses are drilled into a metal bridge, aviators are wire frames. */
function materialFor(rng: Rng, line: FrameLine, shape: Shape, frameType: FrameType): string {
  if (frameType === 'rimless') return line.materials.includes('titanium') ? 'titanium' : 'metal';
  if (shape === 'aviator') return rng.pick(line.materials.filter((m) => /metal|titanium|steel/.test(m)).concat('metal'));
  return rng.pick(line.materials);
}

const LENS_WIDTH: Readonly<Record<FrameSizeName, [number, number]>> = {
  extraNarrow: [45, 47],
  narrow: [48, 50],
  medium: [51, 53],
  wide: [54, 55],
  extraWide: [56, 58],
};

function sizeMm(rng: Rng, size: FrameSizeName, kids: boolean): string {
  const [min, max] = LENS_WIDTH[size];
  const lens = kids ? rng.int(min - 4, max - 3) : rng.int(min, max);
  const bridge = kids ? rng.int(14, 17) : rng.int(16, 21);
  const temple = kids ? rng.pick([125, 130, 135]) : rng.pick([135, 140, 145, 150]);
  return `${lens}-${bridge}-${temple}`;
}

/** Rounds a random INR amount to the hundred, so `priceSet` can give it a retail ending. */
function basePrice(rng: Rng, [min, max]: readonly [number, number]): number {
  return Math.round(rng.int(min, max) / 100) * 100;
}

const MARKUPS = [1, 1.2, 1.25, 1.4, 1.5, 2];
/** Most models come in two to four colours; a few are single-colour. */
const COLOUR_COUNTS: readonly [number, number][] = [
  [1, 10],
  [2, 30],
  [3, 35],
  [4, 25],
];

export function generateFrames(rng: Rng, nextId: () => number, takeModelName: () => string): ProductDraft[] {
  const drafts: ProductDraft[] = [];
  for (const line of FRAME_LINES) {
    const lineRng = rng.fork(line.line);
    let made = 0;
    while (made < line.target) {
      const brandId = lineRng.pick(line.brands);
      const brand = BRANDS.find((b) => b.id === brandId);
      const modelName = takeModelName();
      const shape = weighted(lineRng, line.shapes);
      const frameType = weighted(lineRng, line.frameTypes);
      const material = materialFor(lineRng, line, shape, frameType);
      const gender = weighted(lineRng, line.genders);
      const frameSize = weighted(lineRng, line.sizes);
      const exception = lineRng.chance(line.exceptionRate);
      // Eyeglasses take a prescription unless they are zero-power fashion frames; sunglasses are
      // plano unless sold as power sunglasses.
      const powered = line.classification === 'eyeframe' ? !exception : exception;
      const selling = basePrice(lineRng, line.priceInr);
      const market = selling * lineRng.pick(MARKUPS);
      const firstBuy = brand?.house && lineRng.chance(line.firstBuyRate) ? selling * 0.5 : undefined;
      const prices = priceSet(selling, market, firstBuy);
      const size = sizeMm(lineRng, frameSize, line.line === 'kids');
      const colourCount = Math.min(weighted(lineRng, COLOUR_COUNTS), line.target - made);
      const colours = lineRng.shuffle(line.colours).slice(0, colourCount);
      const prefix = line.classification === 'eyeframe' ? 'eye' : 'sun';

      const group = colours.map((colour): SeedProduct => {
        const id = nextId();
        return {
          id,
          sku: `${prefix}-${brandCode(brandId)}-${id}`,
          brandId,
          modelName,
          classification: line.classification,
          url: productUrl(line.line, brand?.name ?? 'brand', modelName, colour.name, id),
          categoryIds: [],
          frameShape: shape,
          frameType,
          frameColour: colour.name,
          colourHex: colour.hex,
          material,
          frameSize,
          sizeMm: size,
          gender,
          powerRequired: powered ? 'POWER_REQUIRED' : 'POWER_NOT_REQUIRED',
          isPlano: !powered,
          stock: 0,
          prices: prices.map((price) => ({ ...price })),
          variantIds: [],
          rating: 0,
          reviewCount: 0,
        };
      });
      linkVariants(group);
      for (const product of group) drafts.push({ product, line: line.line, toric: false, coloured: false });
      made += group.length;
    }
  }
  return drafts;
}
