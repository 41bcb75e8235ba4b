import { type CountryCode } from '../country';

/** The currencies of the five countries, one each (shopping.md §1 names their marks). */
export const CURRENCY_CODES = ['INR', 'AED', 'SGD', 'SAR', 'USD'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** The currency a country's site sells in. */
export const CURRENCY_OF: Readonly<Record<CountryCode, CurrencyCode>> = { in: 'INR', ae: 'AED', sg: 'SGD', sa: 'SAR', us: 'USD' };

export const isCurrencyCode = (value: unknown): value is CurrencyCode => typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value);

/** Goods and services tax per country, in per cent (the rate of "price with GST", shopping.md §9). */
export const GST_RATE_OF: Readonly<Record<CountryCode, number>> = { in: 18, ae: 5, sg: 9, sa: 15, us: 0 };

/**
 * The name of the tax included in a country's prices (issue 42): GST in India and Singapore,
 * VAT in the UAE and Saudi Arabia; null where prices include none (the US, rate 0), whose cart
 * and order show no tax line rather than "Tax (included) $0".
 */
export const TAX_NAME_OF: Readonly<Record<CountryCode, 'GST' | 'VAT' | null>> = { in: 'GST', ae: 'VAT', sg: 'GST', sa: 'VAT', us: null };

/** The tax line of a total: its label (`GST 18% (included)`), or null when none is shown (no tax included and none charged). */
export function taxLineLabel(country: CountryCode, totalTax: number): string | null {
  const name = TAX_NAME_OF[country];
  if (!name) return totalTax > 0 ? 'Tax (included)' : null;
  return `${name} ${GST_RATE_OF[country]}% (included)`;
}

const MARKS: Readonly<Record<CurrencyCode, string>> = { INR: '₹', SGD: '$', USD: '$', AED: 'AED', SAR: 'SAR' };

/**
 * The mark shown before a price.
 * shopping.md §1: "Currency marks are: INR shown as the rupee sign, SGD and USD as a dollar
 * sign, AED and SAR as their codes."
 */
export function currencyMark(currency: string): string {
  const code = currency.toUpperCase();
  return isCurrencyCode(code) ? MARKS[code] : code;
}

/**
 * An amount grouped as en-IN (`indian`: the last three digits, then pairs) or en-US (threes)
 * write it, with two decimals only when it has a fraction. By hand rather than through
 * Intl.NumberFormat: the first Intl format of a page loads ICU's locale data, ~25 ms of a
 * product page's first render on a phone (issue 19), for two fixed patterns. The tests hold it
 * to Intl's output.
 */
export function groupAmount(amount: number, indian: boolean): string {
  const cents = Math.round(Math.abs(amount) * 100);
  let rest = Math.floor(cents / 100).toString();
  const fraction = cents % 100;
  const groups: string[] = [];
  if (rest.length > 3) {
    groups.unshift(rest.slice(-3));
    rest = rest.slice(0, -3);
    const size = indian ? 2 : 3;
    while (rest.length > size) {
      groups.unshift(rest.slice(-size));
      rest = rest.slice(0, -size);
    }
  }
  groups.unshift(rest);
  const text = `${groups.join(',')}${fraction ? `.${String(fraction).padStart(2, '0')}` : ''}`;
  return amount < 0 && cents !== 0 ? `-${text}` : text;
}

/**
 * A price as shoppers read it: the mark, then the amount grouped for the currency's country
 * (Indian grouping for INR), with two decimals only when the amount has a fraction
 * (shopping.md §2 Cart popup: "The net amount is shown with 2 decimals when fractional").
 */
export function formatPrice(amount: number, currency: string): string {
  const mark = currencyMark(currency);
  const number = groupAmount(amount, currency.toUpperCase() === 'INR');
  // Codes are separated from the number by a space; signs are not.
  return mark.length > 1 ? `${mark} ${number}` : `${mark}${number}`;
}

/**
 * shopping.md §1: 'In price filters the text "Rs." is displayed as the rupee sign.' The
 * retailer's filter titles carry "Rs. " for INR (priceFilterMark), the page shows ₹ (rupeeLabel).
 */
export function priceFilterMark(currency: string): string {
  if (currency.toUpperCase() === 'INR') return 'Rs. ';
  const mark = currencyMark(currency);
  return mark.length > 1 ? `${mark} ` : mark;
}

export function rupeeLabel(text: string): string {
  return text.replace(/Rs\.\s?/g, '₹');
}

/**
 * The tax inside a price that includes GST at `ratePercent`.
 * shopping.md §9: "Price with GST = price + price*rate/100", so of a price with GST the tax is
 * priceWithGst * rate / (100 + rate).
 */
export function gstIncluded(priceWithGst: number, ratePercent: number): number {
  return (priceWithGst * ratePercent) / (100 + ratePercent);
}

/** shopping.md §9: "Discount = market price minus the brand price." Never negative. */
export function discountOf(marketPrice: number, sellingPrice: number): number {
  return Math.max(0, marketPrice - sellingPrice);
}
