import { COUNTRY_CODES, CURRENCY_OF } from '@eyewear/i18n/rules';
import type { CountryCode, CurrencyCode, SeedPrice } from './types';

/**
 * Country price lists are derived from one INR figure so that a product is priced
 * consistently everywhere; each currency then gets its own retail rounding, because a
 * converted AED 66.37 would never appear on a real price tag.
 */
const INR_PER_UNIT: Record<CountryCode, number> = { in: 1, ae: 22.6, sg: 64, sa: 22.1, us: 83 };
/** Each country in its currency (CURRENCY_OF of @eyewear/i18n/rules), with the INR exchange rate the seed prices by. */
export const COUNTRY_CURRENCIES: readonly { country: CountryCode; currency: CurrencyCode; inrPerUnit: number }[] = COUNTRY_CODES.map((country) => ({
  country,
  currency: CURRENCY_OF[country],
  inrPerUnit: INR_PER_UNIT[country],
}));

/** Rounds to a price-tag ending: 1,499 / 2,999 in INR, 89 / 149 in AED and SAR, 29 / 129 in SGD and USD. */
export function retailRound(value: number, currency: CurrencyCode): number {
  if (currency === 'INR') {
    const step = value < 1000 ? 50 : value < 5000 ? 100 : 500;
    return Math.max(step, Math.round(value / step) * step) - 1;
  }
  if (currency === 'AED' || currency === 'SAR') {
    return Math.max(10, Math.round(value / 10) * 10) - 1;
  }
  // SGD and USD: small amounts stay whole dollars; larger ones end in 9.
  if (value < 20) return Math.max(2, Math.round(value));
  return Math.round(value / 10) * 10 - 1;
}

function convert(inr: number, inrPerUnit: number, currency: CurrencyCode): number {
  return retailRound(inr / inrPerUnit, currency);
}

/**
 * Market and selling prices for all five countries. `firstBuyInr` (the first-frame offer) is
 * kept only when it stays strictly below the selling price in every currency, so the offer is
 * never shown as a non-discount in one country.
 */
export function priceSet(sellingInr: number, marketInr: number, firstBuyInr?: number): SeedPrice[] {
  const rows = COUNTRY_CURRENCIES.map(({ country, currency, inrPerUnit }) => {
    const sellingPrice = convert(sellingInr, inrPerUnit, currency);
    const marketPrice = Math.max(sellingPrice, convert(marketInr, inrPerUnit, currency));
    const firstBuyPrice = firstBuyInr === undefined ? undefined : convert(firstBuyInr, inrPerUnit, currency);
    return { country, currency, marketPrice, sellingPrice, firstBuyPrice };
  });
  const firstBuyValid = rows.every((row) => row.firstBuyPrice !== undefined && row.firstBuyPrice < row.sellingPrice);
  return rows.map(({ firstBuyPrice, ...row }) => (firstBuyValid && firstBuyPrice !== undefined ? { ...row, firstBuyPrice } : row));
}

/** Single-price rows for lens packages and coatings. */
export function flatPrices(inr: number): { country: CountryCode; currency: CurrencyCode; price: number }[] {
  return COUNTRY_CURRENCIES.map(({ country, currency, inrPerUnit }) => ({
    country,
    currency,
    price: convert(inr, inrPerUnit, currency),
  }));
}
