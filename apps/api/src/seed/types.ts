/**
 * The seed catalogue: plain rows, generated deterministically by `generateCatalogue()` and
 * inserted by the seed loader. Ids are stable across runs, so URLs and tests can rely on them.
 */
import type { CountryCode, CurrencyCode } from '@eyewear/i18n/rules';

export type { CountryCode, CurrencyCode };

/** shopping §3 classifications; `accessories` is shown as Accessories. */
export type Classification = 'eyeframe' | 'sunglasses' | 'contact_lens' | 'contact_lens_solution' | 'services' | 'loyalty_services' | 'accessories';

/** shopping §3: frame size ids. */
export const FRAME_SIZES = {
  medium: 11341,
  extraNarrow: 24072,
  narrow: 24070,
  wide: 24069,
  extraWide: 24071,
} as const;
export type FrameSizeName = keyof typeof FRAME_SIZES;

export interface SeedBrand {
  id: number;
  name: string;
  /** House brands (own-brand discount, loyalty brandsAllowed). */
  house: boolean;
  premium: boolean;
}

export interface SeedCategory {
  id: number;
  name: string;
  /** Canonical SEO URL path, e.g. `/eyeglasses/round.html`; the routing lookup resolves it. */
  url: string;
  parentId: number | null;
  /** `cat` for listings; `col` for curated collections. */
  kind: 'cat' | 'col';
  /** Gender or audience filter the category applies, when any. */
  gender?: 'men' | 'women' | 'kids' | 'unisex';
  imageColour: string;
}

export interface SeedPrice {
  country: CountryCode;
  currency: CurrencyCode;
  /** Spec: index 0 market price, index 1 the retailer's selling price. */
  marketPrice: number;
  sellingPrice: number;
  /** First-buy price (flag value 1000 in the spec) where the product has one. */
  firstBuyPrice?: number;
}

export interface SeedProduct {
  id: number;
  sku: string; // prefix gives the type: eye, sun, contact, watch (accessories), service
  brandId: number;
  modelName: string;
  classification: Classification;
  /** Product URL path, e.g. `/eyeglasses/house-brand-round-black-128001.html`. */
  url: string;
  categoryIds: number[];
  frameShape?: 'round' | 'rectangle' | 'square' | 'aviator' | 'cat-eye' | 'wayfarer' | 'oval' | 'geometric' | 'clubmaster' | 'hexagonal';
  frameType?: 'full-rim' | 'half-rim' | 'rimless';
  frameColour?: string;
  /** CSS colour used to draw the SVG images. */
  colourHex: string;
  material?: string;
  frameSize?: FrameSizeName;
  /** Lens width - bridge - temple, in mm, e.g. `52-18-140`. */
  sizeMm?: string;
  gender: 'men' | 'women' | 'kids' | 'unisex';
  powerRequired: 'POWER_REQUIRED' | 'POWER_NOT_REQUIRED';
  isPlano: boolean;
  /** Units in stock; 0 is out of stock, 1 shows 'only one left'. */
  stock: number;
  prices: SeedPrice[];
  /** Ids of the other colour variants of the same model. */
  variantIds: number[];
  rating: number; // 0-5, one decimal
  reviewCount: number;
  /** For memberships: tierMembershipDuration in days. */
  membershipDays?: number;
  /** Contact lenses: pack size and usage (daily, monthly...). */
  packSize?: number;
  usage?: 'daily' | 'fortnightly' | 'monthly' | 'yearly';
}

export interface SeedLensPackage {
  id: number;
  /** single_vision, bifocal, progressive, zero_power, frame_only, sunglasses (power). */
  powerType: 'single_vision' | 'bifocal' | 'progressive' | 'zero_power' | 'sunglasses';
  name: string;
  description: string;
  index: number; // lens index, e.g. 1.56
  features: string[];
  prices: { country: CountryCode; currency: CurrencyCode; price: number }[];
  expressAvailable: boolean;
  frameTypes: ('full-rim' | 'half-rim' | 'rimless')[];
}

export interface SeedCoating {
  id: number;
  packageId: number;
  name: string;
  prices: { country: CountryCode; currency: CurrencyCode; price: number }[];
}

export interface SeedContactLensPowerRange {
  productId: number;
  /** Allowed sph values, as strings with sign and two decimals ('-0.50'). */
  sph: string[];
  cyl: string[];
  axis: string[];
  boxes: number[];
}

export interface SeedStore {
  code: string;
  name: string;
  country: CountryCode;
  city: string;
  area: string;
  pincode: string;
  address: string;
  lat: number;
  lng: number;
  timeZone: string;
  phone: string;
  /** Opening hours, 24h clock. */
  opensAt: number;
  closesAt: number;
  studio: boolean;
}

export interface SeedReview {
  id: number;
  productId: number;
  author: string;
  rating: number; // 1-5
  title: string;
  body: string;
  createdAt: string; // ISO date
}

/** A URL the routing lookup knows: `type:id` (shopping §2 sections). */
export interface SeedRoute {
  url: string;
  type: 'cat' | 'prod' | 'cms' | 'col' | 'search';
  id: string;
}

export interface SeedCatalogue {
  brands: SeedBrand[];
  categories: SeedCategory[];
  products: SeedProduct[];
  lensPackages: SeedLensPackage[];
  coatings: SeedCoating[];
  contactLensPowers: SeedContactLensPowerRange[];
  stores: SeedStore[];
  reviews: SeedReview[];
  routes: SeedRoute[];
}
