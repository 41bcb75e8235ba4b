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

/** A package: name, lens index, price in INR, express delivery, the frame types it fits, its features (comma-separated). */
type PackageRow = readonly [name: string, index: number, priceInr: number, express: boolean, frameTypes: FrameType[], features: string];

const PACKAGE_ROWS: Readonly<Record<PowerType, readonly PackageRow[]>> = {
  single_vision: [
    ['Anti-Glare Basic', 1.56, 600, true, RIMMED, 'Anti-glare, Scratch resistant, 6-month warranty'],
    ['Blu Screen', 1.56, 1500, true, RIMMED, 'Blue light filter, Anti-glare, Water repellent, 1-year warranty'],
    ['Thin & Light 1.61', 1.61, 2500, true, ALL_FRAMES, '20% thinner, Blue light filter, Anti-glare, 1-year warranty'],
    ['Thin & Light 1.67', 1.67, 3500, false, ALL_FRAMES, '35% thinner, Blue light filter, Anti-glare, UV400, 1-year warranty'],
    ['Photochromic Transitions', 1.59, 4000, false, ALL_FRAMES, 'Light adaptive, UV400, Anti-glare, 1-year warranty'],
  ],
  bifocal: [
    ['Bifocal Basic', 1.56, 1500, false, RIMMED, 'Two vision zones, Anti-glare, 6-month warranty'],
    ['Bifocal Blu', 1.56, 2200, false, RIMMED, 'Two vision zones, Blue light filter, Anti-glare'],
    ['Bifocal Thin 1.61', 1.61, 3000, false, ALL_FRAMES, 'Two vision zones, 20% thinner, Anti-glare'],
  ],
  progressive: [
    ['Progressive Start', 1.56, 3000, false, RIMMED, 'No visible line, Anti-glare, 1-year warranty'],
    ['Progressive Blu', 1.59, 4500, false, ALL_FRAMES, 'No visible line, Blue light filter, Anti-glare'],
    ['Progressive Wide View 1.67', 1.67, 7500, false, ALL_FRAMES, 'Wide corridor, 35% thinner, Blue light filter, UV400'],
    ['Progressive Digital 1.74', 1.74, 11000, false, ALL_FRAMES, 'Freeform design, 45% thinner, Blue light filter, 2-year warranty'],
  ],
  zero_power: [
    ['Anti-Glare Basic', 1.56, 500, true, RIMMED, 'Anti-glare, Scratch resistant'],
    ['Blu Screen', 1.56, 1000, true, ALL_FRAMES, 'Blue light filter, Anti-glare, Water repellent'],
    ['Photochromic Zero Power', 1.56, 2000, false, ALL_FRAMES, 'Light adaptive, UV400, Anti-glare'],
  ],
  sunglasses: [
    ['Tinted Power Lenses', 1.56, 1500, true, RIMMED, 'UV400, Solid tint, Scratch resistant'],
    ['Polarised Power', 1.59, 2500, false, ALL_FRAMES, 'Polarised, UV400, Anti-glare back side'],
    ['Mirror Power Lenses', 1.59, 3000, false, ALL_FRAMES, 'Mirror coating, UV400, Scratch resistant'],
    ['Thin Polarised 1.67', 1.67, 4500, false, ALL_FRAMES, 'Polarised, 35% thinner, UV400'],
  ],
};

/** What the product page says of each package, by power type and name. */
const DESCRIPTIONS: Readonly<Record<PowerType, Readonly<Record<string, string>>>> = {
  single_vision: {
    'Anti-Glare Basic': 'Everyday lenses with anti-glare coating.',
    'Blu Screen': 'Filters blue light from screens for comfortable long days.',
    'Thin & Light 1.61': 'Thinner lenses for powers up to -6.',
    'Thin & Light 1.67': 'Ultra-thin lenses for high powers.',
    'Photochromic Transitions': 'Clear indoors, darkens in sunlight.',
  },
  bifocal: {
    'Bifocal Basic': 'Distance and reading zones with a visible line.',
    'Bifocal Blu': 'Bifocal lenses with a blue light filter.',
    'Bifocal Thin 1.61': 'Thinner bifocal lenses for higher powers.',
  },
  progressive: {
    'Progressive Start': 'Seamless near, intermediate and distance vision.',
    'Progressive Blu': 'Progressive lenses with a blue light filter.',
    'Progressive Wide View 1.67': 'Wider reading corridor, thinner lenses.',
    'Progressive Digital 1.74': 'Freeform digital surfacing for the thinnest progressive lens.',
  },
  zero_power: {
    'Anti-Glare Basic': 'Plain lenses with anti-glare coating.',
    'Blu Screen': 'Zero-power lenses that filter screen blue light.',
    'Photochromic Zero Power': 'Zero-power lenses that darken outdoors.',
  },
  sunglasses: {
    'Tinted Power Lenses': 'Your power in a grey, brown or green tint.',
    'Polarised Power': 'Cuts glare from water and roads.',
    'Mirror Power Lenses': 'Mirror finish over a dark tint.',
    'Thin Polarised 1.67': 'Polarised lenses for high powers.',
  },
};

/** The description of a package, by power type and name (every row has one). */
function descriptionOf(powerType: PowerType, name: string): string {
  const description = DESCRIPTIONS[powerType][name];
  if (description === undefined) throw new Error(`No description for the ${powerType} package ${name}`);
  return description;
}

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
  for (const powerType of Object.keys(PACKAGE_ROWS) as PowerType[]) {
    for (const [name, index, priceInr, express, frameTypes, features] of PACKAGE_ROWS[powerType]) {
      const id = PACKAGE_ID_START + lensPackages.length;
      lensPackages.push({
        id,
        powerType,
        name,
        description: descriptionOf(powerType, name),
        index,
        features: features.split(', '),
        prices: flatPrices(priceInr),
        expressAvailable: express,
        frameTypes: [...frameTypes],
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
