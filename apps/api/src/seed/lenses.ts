import { CONTACT_LENS_AXES, CONTACT_LENS_CYLINDERS, contactLensSpheres } from '@eyewear/i18n/rules';
import type { ProductDraft } from './draft';
import { flatPrices } from './prices';
import type { Rng } from './random';
import type { SeedCoating, SeedContactLensPowerRange, SeedLensPackage } from './types';

type PowerType = SeedLensPackage['powerType'];
type FrameType = SeedLensPackage['frameTypes'][number];

const ALL_FRAMES: FrameType[] = ['full-rim', 'half-rim', 'rimless'];
// Standard 1.56 lenses chip when drilled, so they are not offered for rimless frames.
const RIMMED: FrameType[] = ['full-rim', 'half-rim'];

interface PackageSpec {
  name: string;
  description: string;
  index: number;
  features: string[];
  priceInr: number;
  express: boolean;
  frameTypes: FrameType[];
}

const PACKAGES: Readonly<Record<PowerType, readonly PackageSpec[]>> = {
  single_vision: [
    {
      name: 'Anti-Glare Basic',
      description: 'Everyday lenses with anti-glare coating.',
      index: 1.56,
      features: ['Anti-glare', 'Scratch resistant', '6-month warranty'],
      priceInr: 600,
      express: true,
      frameTypes: RIMMED,
    },
    {
      name: 'Blu Screen',
      description: 'Filters blue light from screens for comfortable long days.',
      index: 1.56,
      features: ['Blue light filter', 'Anti-glare', 'Water repellent', '1-year warranty'],
      priceInr: 1500,
      express: true,
      frameTypes: RIMMED,
    },
    {
      name: 'Thin & Light 1.61',
      description: 'Thinner lenses for powers up to -6.',
      index: 1.61,
      features: ['20% thinner', 'Blue light filter', 'Anti-glare', '1-year warranty'],
      priceInr: 2500,
      express: true,
      frameTypes: ALL_FRAMES,
    },
    {
      name: 'Thin & Light 1.67',
      description: 'Ultra-thin lenses for high powers.',
      index: 1.67,
      features: ['35% thinner', 'Blue light filter', 'Anti-glare', 'UV400', '1-year warranty'],
      priceInr: 3500,
      express: false,
      frameTypes: ALL_FRAMES,
    },
    {
      name: 'Photochromic Transitions',
      description: 'Clear indoors, darkens in sunlight.',
      index: 1.59,
      features: ['Light adaptive', 'UV400', 'Anti-glare', '1-year warranty'],
      priceInr: 4000,
      express: false,
      frameTypes: ALL_FRAMES,
    },
  ],
  bifocal: [
    {
      name: 'Bifocal Basic',
      description: 'Distance and reading zones with a visible line.',
      index: 1.56,
      features: ['Two vision zones', 'Anti-glare', '6-month warranty'],
      priceInr: 1500,
      express: false,
      frameTypes: RIMMED,
    },
    {
      name: 'Bifocal Blu',
      description: 'Bifocal lenses with a blue light filter.',
      index: 1.56,
      features: ['Two vision zones', 'Blue light filter', 'Anti-glare'],
      priceInr: 2200,
      express: false,
      frameTypes: RIMMED,
    },
    {
      name: 'Bifocal Thin 1.61',
      description: 'Thinner bifocal lenses for higher powers.',
      index: 1.61,
      features: ['Two vision zones', '20% thinner', 'Anti-glare'],
      priceInr: 3000,
      express: false,
      frameTypes: ALL_FRAMES,
    },
  ],
  progressive: [
    {
      name: 'Progressive Start',
      description: 'Seamless near, intermediate and distance vision.',
      index: 1.56,
      features: ['No visible line', 'Anti-glare', '1-year warranty'],
      priceInr: 3000,
      express: false,
      frameTypes: RIMMED,
    },
    {
      name: 'Progressive Blu',
      description: 'Progressive lenses with a blue light filter.',
      index: 1.59,
      features: ['No visible line', 'Blue light filter', 'Anti-glare'],
      priceInr: 4500,
      express: false,
      frameTypes: ALL_FRAMES,
    },
    {
      name: 'Progressive Wide View 1.67',
      description: 'Wider reading corridor, thinner lenses.',
      index: 1.67,
      features: ['Wide corridor', '35% thinner', 'Blue light filter', 'UV400'],
      priceInr: 7500,
      express: false,
      frameTypes: ALL_FRAMES,
    },
    {
      name: 'Progressive Digital 1.74',
      description: 'Freeform digital surfacing for the thinnest progressive lens.',
      index: 1.74,
      features: ['Freeform design', '45% thinner', 'Blue light filter', '2-year warranty'],
      priceInr: 11000,
      express: false,
      frameTypes: ALL_FRAMES,
    },
  ],
  zero_power: [
    {
      name: 'Anti-Glare Basic',
      description: 'Plain lenses with anti-glare coating.',
      index: 1.56,
      features: ['Anti-glare', 'Scratch resistant'],
      priceInr: 500,
      express: true,
      frameTypes: RIMMED,
    },
    {
      name: 'Blu Screen',
      description: 'Zero-power lenses that filter screen blue light.',
      index: 1.56,
      features: ['Blue light filter', 'Anti-glare', 'Water repellent'],
      priceInr: 1000,
      express: true,
      frameTypes: ALL_FRAMES,
    },
    {
      name: 'Photochromic Zero Power',
      description: 'Zero-power lenses that darken outdoors.',
      index: 1.56,
      features: ['Light adaptive', 'UV400', 'Anti-glare'],
      priceInr: 2000,
      express: false,
      frameTypes: ALL_FRAMES,
    },
  ],
  sunglasses: [
    {
      name: 'Tinted Power Lenses',
      description: 'Your power in a grey, brown or green tint.',
      index: 1.56,
      features: ['UV400', 'Solid tint', 'Scratch resistant'],
      priceInr: 1500,
      express: true,
      frameTypes: RIMMED,
    },
    {
      name: 'Polarised Power',
      description: 'Cuts glare from water and roads.',
      index: 1.59,
      features: ['Polarised', 'UV400', 'Anti-glare back side'],
      priceInr: 2500,
      express: false,
      frameTypes: ALL_FRAMES,
    },
    {
      name: 'Mirror Power Lenses',
      description: 'Mirror finish over a dark tint.',
      index: 1.59,
      features: ['Mirror coating', 'UV400', 'Scratch resistant'],
      priceInr: 3000,
      express: false,
      frameTypes: ALL_FRAMES,
    },
    {
      name: 'Thin Polarised 1.67',
      description: 'Polarised lenses for high powers.',
      index: 1.67,
      features: ['Polarised', '35% thinner', 'UV400'],
      priceInr: 4500,
      express: false,
      frameTypes: ALL_FRAMES,
    },
  ],
};

const COATINGS: Readonly<Record<PowerType, readonly [string, number][]>> = {
  single_vision: [
    ['Hydrophobic', 300],
    ['Anti-Scratch Hard Coat', 250],
    ['Dust Repellent', 350],
    ['UV420 Protection', 500],
    ['Anti-Fog', 400],
  ],
  bifocal: [
    ['Hydrophobic', 300],
    ['Anti-Scratch Hard Coat', 250],
    ['UV420 Protection', 500],
  ],
  progressive: [
    ['Hydrophobic', 400],
    ['Anti-Scratch Hard Coat', 350],
    ['UV420 Protection', 600],
    ['Night Drive', 900],
  ],
  zero_power: [
    ['Hydrophobic', 250],
    ['Anti-Scratch Hard Coat', 200],
    ['Anti-Fog', 350],
  ],
  sunglasses: [
    ['Gradient Tint', 500],
    ['Mirror Finish', 700],
    ['Back-side Anti-Glare', 400],
    ['Hydrophobic', 300],
  ],
};

const PACKAGE_ID_START = 501;
const COATING_ID_START = 901;

export function generateLensPackages(rng: Rng): { lensPackages: SeedLensPackage[]; coatings: SeedCoating[] } {
  const lensPackages: SeedLensPackage[] = [];
  const coatings: SeedCoating[] = [];
  const coatingRng = rng.fork('coatings');
  for (const powerType of Object.keys(PACKAGES) as PowerType[]) {
    for (const spec of PACKAGES[powerType]) {
      const id = PACKAGE_ID_START + lensPackages.length;
      lensPackages.push({
        id,
        powerType,
        name: spec.name,
        description: spec.description,
        index: spec.index,
        features: [...spec.features],
        prices: flatPrices(spec.priceInr),
        expressAvailable: spec.express,
        frameTypes: [...spec.frameTypes],
      });
      const pool = COATINGS[powerType];
      const count = coatingRng.int(2, Math.min(4, pool.length));
      for (const [name, priceInr] of coatingRng.shuffle(pool).slice(0, count)) {
        coatings.push({ id: COATING_ID_START + coatings.length, packageId: id, name, prices: flatPrices(priceInr) });
      }
    }
  }
  return { lensPackages, coatings };
}

const BOXES: Readonly<Record<string, number[]>> = {
  daily: [1, 2, 4, 6],
  fortnightly: [1, 2, 3, 4, 6],
  monthly: [1, 2, 3, 4, 6],
  yearly: [1, 2],
};

/** Every contact lens gets the contact-lens power steps of @eyewear/i18n/rules; toric ones their cylinders and axes too. */
export function generateContactLensPowers(drafts: readonly ProductDraft[]): SeedContactLensPowerRange[] {
  const sph = contactLensSpheres();
  return drafts
    .filter((d) => d.product.classification === 'contact_lens')
    .map((d) => ({
      productId: d.product.id,
      sph: [...sph],
      cyl: d.toric ? [...CONTACT_LENS_CYLINDERS] : [],
      axis: d.toric ? [...CONTACT_LENS_AXES] : [],
      boxes: [...(BOXES[d.product.usage ?? 'monthly'] ?? [1, 2])],
    }));
}
