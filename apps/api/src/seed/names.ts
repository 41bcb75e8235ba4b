import type { SeedBrand } from './types';

/**
 * Static vocabularies of the seed. Brands live here (not in the generator) because the SVG
 * renderer needs brand names for image titles and must agree with the seed on ids.
 */
export const BRANDS: readonly SeedBrand[] = [
  { id: 1, name: 'Clearview', house: true, premium: false },
  { id: 2, name: 'Brightline', house: true, premium: false },
  { id: 3, name: 'Nordlys', house: false, premium: false },
  { id: 4, name: 'Harbour & Co', house: false, premium: false },
  { id: 5, name: 'Metro Specs', house: false, premium: false },
  { id: 6, name: 'Sunward', house: false, premium: false },
  { id: 7, name: 'Kestrel', house: false, premium: false },
  { id: 8, name: 'Pebble Kids', house: false, premium: false },
  { id: 9, name: 'Aurelio Milano', house: false, premium: true },
  { id: 10, name: 'Maison Orsay', house: false, premium: true },
  { id: 11, name: 'Takeda Titanium', house: false, premium: true },
  { id: 12, name: 'Belvedere', house: false, premium: true },
  { id: 13, name: 'Aquasoft', house: false, premium: false },
  { id: 14, name: 'Lumiva', house: false, premium: false },
  { id: 15, name: 'Clarity Care', house: false, premium: false },
  { id: 16, name: 'Caseworks', house: false, premium: false },
];

/** Brand ids by role, so the generator reads as intent rather than magic numbers. */
export const BRAND_IDS = {
  clearview: 1,
  brightline: 2,
  nordlys: 3,
  harbour: 4,
  metro: 5,
  sunward: 6,
  kestrel: 7,
  pebble: 8,
  aurelio: 9,
  orsay: 10,
  takeda: 11,
  belvedere: 12,
  aquasoft: 13,
  lumiva: 14,
  clarity: 15,
  caseworks: 16,
} as const;

export function brandName(brandId: number): string {
  return BRANDS.find((brand) => brand.id === brandId)?.name ?? 'Eyewear';
}

export interface Colour {
  name: string;
  hex: string;
}

export const FRAME_COLOURS: readonly Colour[] = [
  { name: 'Matte Black', hex: '#1f1f1f' },
  { name: 'Glossy Black', hex: '#0d0d0d' },
  { name: 'Tortoise', hex: '#6b3e26' },
  { name: 'Havana Brown', hex: '#7a4a2a' },
  { name: 'Gunmetal', hex: '#53565a' },
  { name: 'Gold', hex: '#c9a227' },
  { name: 'Rose Gold', hex: '#b76e79' },
  { name: 'Silver', hex: '#a9aeb4' },
  { name: 'Crystal Clear', hex: '#c9d6df' },
  { name: 'Navy Blue', hex: '#1f3a5f' },
  { name: 'Burgundy', hex: '#6d1a36' },
  { name: 'Olive Green', hex: '#556b2f' },
  { name: 'Blush Pink', hex: '#e39aa4' },
  { name: 'Honey', hex: '#c58b3c' },
  { name: 'Smoke Grey', hex: '#6e6e73' },
  { name: 'Champagne', hex: '#cbb78a' },
  { name: 'Teal', hex: '#1f7a7a' },
  { name: 'Ivory', hex: '#e6dcc4' },
];

export const KIDS_COLOURS: readonly Colour[] = [
  { name: 'Cherry Red', hex: '#c0262d' },
  { name: 'Sky Blue', hex: '#4f9fd1' },
  { name: 'Lime Green', hex: '#7cb518' },
  { name: 'Lavender', hex: '#9b87c9' },
  { name: 'Sunny Yellow', hex: '#e8b517' },
  { name: 'Bubblegum Pink', hex: '#e26d9b' },
  { name: 'Navy Blue', hex: '#1f3a5f' },
  { name: 'Matte Black', hex: '#1f1f1f' },
];

/** Eye colours for cosmetic contact lenses; the hex also tints the packshot. */
export const LENS_TINTS: readonly Colour[] = [
  { name: 'Hazel', hex: '#8e6b3a' },
  { name: 'Ocean Blue', hex: '#2a78b8' },
  { name: 'Misty Grey', hex: '#7d8891' },
  { name: 'Emerald', hex: '#2f8a57' },
  { name: 'Honey Brown', hex: '#b07a2c' },
];

export const PACK_COLOURS: readonly Colour[] = [
  { name: 'Aqua', hex: '#1b9bc2' },
  { name: 'Cobalt', hex: '#2b55a3' },
  { name: 'Mint', hex: '#3aa57f' },
  { name: 'Violet', hex: '#6a4fa3' },
  { name: 'Coral', hex: '#e0674f' },
  { name: 'Slate', hex: '#4b5d6b' },
];

export const MEMBERSHIP_COLOUR: Colour = { name: 'Gold', hex: '#c9a227' };

const ALL_COLOURS: readonly Colour[] = [...FRAME_COLOURS, ...KIDS_COLOURS, ...LENS_TINTS, ...PACK_COLOURS, MEMBERSHIP_COLOUR];

/** Human name of a seed colour; products without a frame colour are titled by this. */
export function colourName(hex: string): string {
  return ALL_COLOURS.find((colour) => colour.hex === hex)?.name ?? hex;
}

/** Model names; each is used by at most one model, so brand+model is unique without numbering. */
export const MODEL_WORDS: readonly string[] = `
Aster Harlow Linden Marlow Quincy Sloane Wren Ellis Juno Rowan Sierra Atlas Beacon Cove Dune Ember
Fable Grove Haven Indigo Jasper Kepler Lyric Meridian Nova Orion Piper Quarry Reverie Sable Tamsin
Umber Vesper Willow Xavi Yarrow Zephyr Alder Bexley Cedar Dalton Easton Finch Gatsby Hollis Ives
Jett Kinsey Lennox Milo Nash Oakley Pax Reed Soren Thatcher Vale Wilder Yates Zara Arlo Bryn Calder
Dex Emery Flint Greer Hale Isla Jude Knox Lark Mercer Noel Odell Perry Riley Shay Tate Upton Vance
Wells Amara Blake Cleo Darcy Eden Fern Gemma Hazel Iris Jolie Kira Lola Maeve Nell Opal Posy Ruby
Stella Talia Una Vera Winnie Coco Dahlia Elsa Freya Ginger Holly Ivy Josie Kit Luna Mabel Nina Olive
Pippa Rosa Suki Trixie Verity Wynn Bowie Cruz Drake Ezra Felix Gray Hugo Iver Jonah Kai Leo Mason
Nico Otto Pierce Remy Silas Theo Viggo Wade Zane Ansel Brio Corsa Dolce Estro Fiore
`
  .trim()
  .split(/\s+/);

export const REVIEW_AUTHORS: readonly string[] = [
  'Aarav S.',
  'Ananya R.',
  'Rohan M.',
  'Priya K.',
  'Vikram N.',
  'Sneha P.',
  'Arjun D.',
  'Kavya I.',
  'Ishaan T.',
  'Meera V.',
  'Rahul B.',
  'Divya G.',
  'Karan J.',
  'Pooja L.',
  'Siddharth C.',
  'Neha A.',
  'Omar H.',
  'Fatima Z.',
  'Yousef A.',
  'Layla K.',
  'Wei Ling T.',
  'Jun Hao L.',
  'Mei Chen W.',
  'Abdullah S.',
  'Noura F.',
  'Emily R.',
  'Jacob M.',
  'Olivia P.',
  'Daniel K.',
  'Sophia W.',
];

export const REVIEW_TITLES: Readonly<Record<1 | 2 | 3 | 4 | 5, readonly string[]>> = {
  5: ['Absolutely love it', 'Perfect fit', 'Worth every rupee', 'Better than expected', 'My new favourite pair', 'Excellent quality'],
  4: ['Very good', 'Comfortable for daily use', 'Good value', 'Looks great', 'Happy with the purchase'],
  3: ['Decent', 'Okay for the price', 'Average experience', 'Fine, nothing special'],
  2: ['Not quite right', 'Fit could be better', 'Expected more'],
  1: ['Disappointed', 'Did not suit me', 'Would not buy again'],
};

export const REVIEW_BODIES: Readonly<Record<'frame' | 'lens' | 'other', Readonly<Record<1 | 2 | 3 | 4 | 5, readonly string[]>>>> = {
  frame: {
    5: [
      'Light on the nose and the colour is exactly as pictured.',
      'Lenses were ready quickly and the fit was spot on.',
      'Got compliments on the first day. Sturdy hinges too.',
    ],
    4: [
      'Comfortable for long hours at the screen. Case could be better.',
      'Nice finish, temples needed a small adjustment at the store.',
      'Good frame for the price, delivery took a few days.',
    ],
    3: ['Looks fine but feels slightly loose after a week.', 'Colour is a bit darker than in the photos.'],
    2: ['Pinches behind the ears, had to get it adjusted twice.', 'Frame is smaller than I expected from the size chart.'],
    1: ['One screw came loose within a month.', 'The shape looked very different on my face.'],
  },
  lens: {
    5: ['Very comfortable all day, no dryness at all.', 'Clear vision and easy to put on. Reordering.'],
    4: ['Comfortable, slight dryness in air-conditioned rooms.', 'Good lenses, delivery was quick.'],
    3: ['Okay, but my eyes feel tired by evening.', 'Fine for occasional use.'],
    2: ['Felt dry after a few hours.'],
    1: ['Irritated my eyes, switched back to my old brand.'],
  },
  other: {
    5: ['Exactly what I needed, great quality.', 'Does the job perfectly.'],
    4: ['Good product, packaging could be better.', 'Works well, good value.'],
    3: ['Average, does what it says.'],
    2: ['Smaller than expected.'],
    1: ['Arrived damaged.'],
  },
};
