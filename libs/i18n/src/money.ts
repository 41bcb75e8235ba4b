export type CurrencyCode = 'INR' | 'AED' | 'SGD' | 'SAR' | 'USD';

const MARKS: Record<string, string> = { INR: '₹', SGD: '$', USD: '$', AED: 'AED', SAR: 'SAR' };

/** The mark shown before a price (spec/shopping.md §1): ₹, $, or the code for AED and SAR. */
export function currencyMark(currency: string): string {
  return MARKS[currency.toUpperCase()] ?? currency.toUpperCase();
}

/**
 * A price as shoppers read it: the mark, then the amount grouped for the currency's country
 * (Indian grouping for INR), with two decimals only when the amount has a fraction.
 */
export function formatPrice(amount: number, currency: string): string {
  const mark = currencyMark(currency);
  const fractional = Math.round(amount * 100) % 100 !== 0;
  const number = new Intl.NumberFormat(currency.toUpperCase() === 'INR' ? 'en-IN' : 'en-US', {
    minimumFractionDigits: fractional ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(amount);
  // Codes are separated from the number by a space; signs are not.
  return mark.length > 1 ? `${mark} ${number}` : `${mark}${number}`;
}

/** "Rs." in price-filter labels is displayed as the rupee sign (spec/shopping.md §1). */
export function rupeeLabel(text: string): string {
  return text.replace(/Rs\.\s?/g, '₹');
}
