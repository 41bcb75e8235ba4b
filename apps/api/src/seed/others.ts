import { brandCode, linkVariants, MEMBERSHIP_PRODUCT_ID, productUrl, type Line, type ProductDraft } from './draft';
import { BRAND_IDS, brandName, FRAME_COLOURS, KIDS_COLOURS, LENS_TINTS, MEMBERSHIP_COLOUR, PACK_COLOURS, type Colour } from './names';
import { priceSet } from './prices';
import type { Rng } from './random';
import type { SeedProduct } from './types';

type Usage = NonNullable<SeedProduct['usage']>;

/** One catalogue model; several `colours` make colour variants of the same model. */
interface Model {
  brandId: number;
  modelName: string;
  priceInr: number;
  colours: readonly Colour[];
  usage?: Usage;
  packSize?: number;
  toric?: boolean;
  accessoryKind?: ProductDraft['accessoryKind'];
}

const colour = (name: string, palette: readonly Colour[]): Colour => {
  const found = palette.find((c) => c.name === name);
  if (!found) throw new Error(`unknown seed colour ${name}`);
  return found;
};
const pack = (name: string): Colour[] => [colour(name, PACK_COLOURS)];

const CONTACT_LENSES: readonly Model[] = [
  { brandId: BRAND_IDS.aquasoft, modelName: 'Daily Comfort 30 Pack', priceInr: 1400, colours: pack('Aqua'), usage: 'daily', packSize: 30 },
  { brandId: BRAND_IDS.aquasoft, modelName: 'Daily Comfort 90 Pack', priceInr: 3800, colours: pack('Aqua'), usage: 'daily', packSize: 90 },
  { brandId: BRAND_IDS.aquasoft, modelName: 'Daily Moist 30 Pack', priceInr: 1700, colours: pack('Cobalt'), usage: 'daily', packSize: 30 },
  { brandId: BRAND_IDS.aquasoft, modelName: 'Daily Moist 90 Pack', priceInr: 4500, colours: pack('Cobalt'), usage: 'daily', packSize: 90 },
  { brandId: BRAND_IDS.aquasoft, modelName: 'Daily Toric 30 Pack', priceInr: 2400, colours: pack('Violet'), usage: 'daily', packSize: 30, toric: true },
  { brandId: BRAND_IDS.aquasoft, modelName: 'Fortnightly Plus 6 Pack', priceInr: 900, colours: pack('Mint'), usage: 'fortnightly', packSize: 6 },
  { brandId: BRAND_IDS.aquasoft, modelName: 'Monthly Air 6 Pack', priceInr: 2200, colours: pack('Slate'), usage: 'monthly', packSize: 6 },
  { brandId: BRAND_IDS.aquasoft, modelName: 'Monthly Air 3 Pack', priceInr: 1200, colours: pack('Slate'), usage: 'monthly', packSize: 3 },
  { brandId: BRAND_IDS.aquasoft, modelName: 'Monthly Toric 3 Pack', priceInr: 1900, colours: pack('Violet'), usage: 'monthly', packSize: 3, toric: true },
  { brandId: BRAND_IDS.aquasoft, modelName: 'Monthly Toric 6 Pack', priceInr: 3400, colours: pack('Violet'), usage: 'monthly', packSize: 6, toric: true },
  { brandId: BRAND_IDS.aquasoft, modelName: 'Hydra Max Monthly 6 Pack', priceInr: 2800, colours: pack('Cobalt'), usage: 'monthly', packSize: 6 },
  { brandId: BRAND_IDS.aquasoft, modelName: 'Silk Daily 30 Pack', priceInr: 1600, colours: pack('Coral'), usage: 'daily', packSize: 30 },
  { brandId: BRAND_IDS.aquasoft, modelName: 'Classic Yearly 2 Pack', priceInr: 1500, colours: pack('Slate'), usage: 'yearly', packSize: 2 },
  { brandId: BRAND_IDS.clearview, modelName: 'Daily 30 Pack', priceInr: 1100, colours: pack('Aqua'), usage: 'daily', packSize: 30 },
  { brandId: BRAND_IDS.clearview, modelName: 'Monthly 6 Pack', priceInr: 1800, colours: pack('Mint'), usage: 'monthly', packSize: 6 },
  { brandId: BRAND_IDS.clearview, modelName: 'Toric Monthly 6 Pack', priceInr: 2900, colours: pack('Violet'), usage: 'monthly', packSize: 6, toric: true },
  { brandId: BRAND_IDS.clearview, modelName: 'Fortnightly 6 Pack', priceInr: 800, colours: pack('Coral'), usage: 'fortnightly', packSize: 6 },
  { brandId: BRAND_IDS.brightline, modelName: 'Daily Fresh 30 Pack', priceInr: 1200, colours: pack('Cobalt'), usage: 'daily', packSize: 30 },
  { brandId: BRAND_IDS.brightline, modelName: 'Monthly Clear 6 Pack', priceInr: 1900, colours: pack('Aqua'), usage: 'monthly', packSize: 6 },
  { brandId: BRAND_IDS.lumiva, modelName: 'Colours Monthly 2 Pack', priceInr: 1100, colours: LENS_TINTS, usage: 'monthly', packSize: 2 },
  { brandId: BRAND_IDS.lumiva, modelName: 'Colours Daily 10 Pack', priceInr: 700, colours: LENS_TINTS.slice(0, 3), usage: 'daily', packSize: 10 },
  { brandId: BRAND_IDS.lumiva, modelName: 'Colours Yearly 2 Pack', priceInr: 1600, colours: LENS_TINTS.slice(1, 4), usage: 'yearly', packSize: 2 },
];

const SOLUTIONS: readonly Model[] = [
  { brandId: BRAND_IDS.clarity, modelName: 'Multi-Purpose Solution 60 ml', priceInr: 199, colours: pack('Aqua') },
  { brandId: BRAND_IDS.clarity, modelName: 'Multi-Purpose Solution 120 ml', priceInr: 299, colours: pack('Aqua') },
  { brandId: BRAND_IDS.clarity, modelName: 'Multi-Purpose Solution 360 ml', priceInr: 599, colours: pack('Aqua') },
  { brandId: BRAND_IDS.clarity, modelName: 'Multi-Purpose Solution 500 ml', priceInr: 799, colours: pack('Aqua') },
  { brandId: BRAND_IDS.clarity, modelName: 'Peroxide Cleaning System 360 ml', priceInr: 899, colours: pack('Coral') },
  { brandId: BRAND_IDS.clarity, modelName: 'Rewetting Drops 15 ml', priceInr: 249, colours: pack('Mint') },
  { brandId: BRAND_IDS.clarity, modelName: 'Saline Rinse 250 ml', priceInr: 349, colours: pack('Slate') },
  { brandId: BRAND_IDS.clarity, modelName: 'Travel Kit 2 x 60 ml', priceInr: 399, colours: pack('Violet') },
  { brandId: BRAND_IDS.aquasoft, modelName: 'Aqua Solution 100 ml', priceInr: 249, colours: pack('Cobalt') },
  { brandId: BRAND_IDS.aquasoft, modelName: 'Aqua Solution 300 ml', priceInr: 499, colours: pack('Cobalt') },
  { brandId: BRAND_IDS.clearview, modelName: 'Lens Solution 120 ml', priceInr: 249, colours: pack('Mint') },
  { brandId: BRAND_IDS.clearview, modelName: 'Lens Solution 360 ml', priceInr: 549, colours: pack('Mint') },
];

const frame = (...names: string[]): Colour[] => names.map((name) => colour(name, FRAME_COLOURS));

const ACCESSORIES: readonly Model[] = [
  { brandId: BRAND_IDS.caseworks, modelName: 'Hard Shell Case', priceInr: 499, colours: frame('Matte Black', 'Navy Blue', 'Tortoise'), accessoryKind: 'case' },
  { brandId: BRAND_IDS.caseworks, modelName: 'Folding Case', priceInr: 699, colours: frame('Smoke Grey', 'Burgundy', 'Olive Green'), accessoryKind: 'case' },
  { brandId: BRAND_IDS.caseworks, modelName: 'Leather Sleeve', priceInr: 899, colours: frame('Havana Brown', 'Matte Black'), accessoryKind: 'case' },
  {
    brandId: BRAND_IDS.caseworks,
    modelName: 'Kids Zip Case',
    priceInr: 399,
    colours: [colour('Sky Blue', KIDS_COLOURS), colour('Bubblegum Pink', KIDS_COLOURS)],
    accessoryKind: 'case',
  },
  { brandId: BRAND_IDS.caseworks, modelName: 'Beaded Chain', priceInr: 599, colours: frame('Gold', 'Silver'), accessoryKind: 'wearable' },
  { brandId: BRAND_IDS.caseworks, modelName: 'Sports Strap', priceInr: 299, colours: frame('Matte Black'), accessoryKind: 'wearable' },
  { brandId: BRAND_IDS.caseworks, modelName: 'Lens Cleaning Spray 60 ml', priceInr: 249, colours: pack('Aqua'), accessoryKind: 'care' },
  { brandId: BRAND_IDS.caseworks, modelName: 'Microfibre Cloth 3 Pack', priceInr: 199, colours: pack('Slate'), accessoryKind: 'care' },
  { brandId: BRAND_IDS.caseworks, modelName: 'Anti-Fog Wipes 30 Pack', priceInr: 349, colours: pack('Mint'), accessoryKind: 'care' },
  { brandId: BRAND_IDS.caseworks, modelName: 'Repair Kit', priceInr: 299, colours: pack('Coral'), accessoryKind: 'care' },
  { brandId: BRAND_IDS.clearview, modelName: 'Travel Case', priceInr: 449, colours: frame('Teal', 'Ivory'), accessoryKind: 'case' },
  { brandId: BRAND_IDS.clearview, modelName: 'Cleaning Kit', priceInr: 299, colours: pack('Cobalt'), accessoryKind: 'care' },
  { brandId: BRAND_IDS.brightline, modelName: 'Magnetic Clip Case', priceInr: 549, colours: frame('Gunmetal'), accessoryKind: 'case' },
];

interface Kind {
  line: Line;
  classification: SeedProduct['classification'];
  prefix: string;
  models: readonly Model[];
}

const KINDS: readonly Kind[] = [
  { line: 'contact-lenses', classification: 'contact_lens', prefix: 'contact', models: CONTACT_LENSES },
  { line: 'solutions', classification: 'contact_lens_solution', prefix: 'contact', models: SOLUTIONS },
  { line: 'accessories', classification: 'accessories', prefix: 'watch', models: ACCESSORIES },
];

export function generateOtherProducts(rng: Rng, nextId: () => number): ProductDraft[] {
  const drafts: ProductDraft[] = [];
  for (const kind of KINDS) {
    const kindRng = rng.fork(kind.line);
    for (const model of kind.models) {
      // Consumables are rarely discounted; market price sits at or a little above selling.
      const market = model.priceInr * kindRng.pick([1, 1, 1.1, 1.2]);
      const prices = priceSet(model.priceInr, market);
      // Colour belongs in the URL only where the colour is what the shopper chooses.
      const hasVariants = model.colours.length > 1 || model.accessoryKind === 'case' || model.accessoryKind === 'wearable';
      const cosmetic = kind.line === 'contact-lenses' && model.brandId === BRAND_IDS.lumiva;
      const group = model.colours.map((c): SeedProduct => {
        const id = nextId();
        const product: SeedProduct = {
          id,
          sku: `${kind.prefix}-${brandCode(model.brandId)}-${id}`,
          brandId: model.brandId,
          modelName: model.modelName,
          classification: kind.classification,
          url: productUrl(kind.line, brandName(model.brandId), model.modelName, hasVariants ? c.name : null, id),
          categoryIds: [],
          colourHex: c.hex,
          gender: 'unisex',
          powerRequired: kind.line === 'contact-lenses' ? 'POWER_REQUIRED' : 'POWER_NOT_REQUIRED',
          isPlano: false,
          stock: 0,
          prices: prices.map((price) => ({ ...price })),
          variantIds: [],
          rating: 0,
          reviewCount: 0,
        };
        if (model.usage) product.usage = model.usage;
        if (model.packSize !== undefined) product.packSize = model.packSize;
        return product;
      });
      linkVariants(group);
      for (const product of group) {
        const draft: ProductDraft = { product, line: kind.line, toric: model.toric === true, coloured: cosmetic };
        if (model.accessoryKind) draft.accessoryKind = model.accessoryKind;
        drafts.push(draft);
      }
    }
  }
  return drafts;
}

/** The gold membership's page (shopping §1: join by adding the membership product to the cart). */
export const GOLD_MEMBERSHIP_URL = '/gold-membership.html';

export function generateMembership(): ProductDraft {
  const product: SeedProduct = {
    id: MEMBERSHIP_PRODUCT_ID,
    sku: `service-gold-${MEMBERSHIP_PRODUCT_ID}`,
    brandId: BRAND_IDS.clearview,
    modelName: 'Gold Membership',
    classification: 'loyalty_services',
    // Where the menu, the footer and the home banner send a shopper for Gold (issue 42: it was a
    // one-product listing with frame filters): this product's page says what Gold gives and adds it.
    url: GOLD_MEMBERSHIP_URL,
    categoryIds: [],
    colourHex: MEMBERSHIP_COLOUR.hex,
    gender: 'unisex',
    powerRequired: 'POWER_NOT_REQUIRED',
    isPlano: false,
    // A service never runs out; the number only has to stay far from the low-stock messages.
    stock: 100000,
    prices: priceSet(600, 1000),
    variantIds: [],
    rating: 0,
    reviewCount: 0,
    membershipDays: 365,
  };
  return { product, line: 'membership', toric: false, coloured: false };
}
