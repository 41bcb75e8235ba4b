import { COUNTRY_CODES, type CountryCode } from '../country';
import {
  CURRENCY_CODES,
  CURRENCY_OF,
  currencyMark,
  discountOf,
  formatPrice,
  groupAmount,
  GST_RATE_OF,
  gstIncluded,
  isCurrencyCode,
  priceFilterMark,
  rupeeLabel,
} from './money';

// Per country: its currency, its mark (shopping.md §1: "INR shown as the rupee sign, SGD and USD
// as a dollar sign, AED and SAR as their codes"), a whole and a fractional price, a filter mark.
const TABLE: [CountryCode, string, string, number, string, number, string, string][] = [
  ['in', 'INR', '₹', 150000, '₹1,50,000', 1999.5, '₹1,999.50', 'Rs. '],
  ['ae', 'AED', 'AED', 250, 'AED 250', 1234.25, 'AED 1,234.25', 'AED '],
  ['sg', 'SGD', '$', 1200, '$1,200', 19.9, '$19.90', '$'],
  ['sa', 'SAR', 'SAR', 99, 'SAR 99', 1000000.5, 'SAR 1,000,000.50', 'SAR '],
  ['us', 'USD', '$', 20, '$20', 1999.5, '$1,999.50', '$'],
];

describe('amounts grouped by hand', () => {
  it("write what Intl's en-IN and en-US formats write, for whole, fractional, negative, small and large amounts", () => {
    const intl = (locale: string, amount: number) =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: Math.round(amount * 100) % 100 !== 0 ? 2 : 0, maximumFractionDigits: 2 }).format(amount);
    const amounts = [
      0, 0.5, 1, 9.99, 12, 999, 1000, 1099, 2199.5, 12345, 99999.99, 100000, 123456, 1234567.25, 12345678, 100000000, -1, -1999.5, -150000, 0.004, 19.999,
    ];
    // And a spread of prices a catalogue has, whole and in paise or cents.
    for (let i = 1; i < 400; i += 1) amounts.push(i * 997, i * 1234.56, (i * 7919) / 100);
    for (const amount of amounts) {
      expect([amount, groupAmount(amount, true)]).toEqual([amount, intl('en-IN', amount)]);
      expect([amount, groupAmount(amount, false)]).toEqual([amount, intl('en-US', amount)]);
    }
  });
});

describe.each(TABLE)('money of %s', (country, currency, mark, whole, wholeText, fraction, fractionText, filterMark) => {
  it(`sells in ${currency}, shown as ${mark}`, () => {
    expect(CURRENCY_OF[country]).toBe(currency);
    expect(currencyMark(currency)).toBe(mark);
    expect(currencyMark(currency.toLowerCase())).toBe(mark);
  });
  it('formats with the mark and the country grouping, decimals only when fractional', () => {
    expect(formatPrice(whole, currency)).toBe(wholeText);
    expect(formatPrice(fraction, currency)).toBe(fractionText);
    expect(formatPrice(0, currency)).toBe(mark.length > 1 ? `${mark} 0` : `${mark}0`);
  });
  it('writes price filter titles with the retailer mark, shown with the rupee sign', () => {
    expect(priceFilterMark(currency)).toBe(filterMark);
    expect(rupeeLabel(`${filterMark}500`)).toBe(country === 'in' ? '₹500' : `${filterMark}500`);
  });
});

describe('money rules', () => {
  it('has one currency per country, each one of the five codes', () => {
    expect(COUNTRY_CODES.map((c) => CURRENCY_OF[c])).toEqual([...CURRENCY_CODES]);
    expect(isCurrencyCode('INR')).toBe(true);
    expect(isCurrencyCode('EUR')).toBe(false);
    expect(currencyMark('EUR')).toBe('EUR');
  });

  it('shows "Rs." in filter labels as the rupee sign (shopping.md §1)', () => {
    expect(rupeeLabel('Rs. 500 - Rs. 999')).toBe('₹500 - ₹999');
    expect(rupeeLabel('Rs.10000 & above')).toBe('₹10000 & above');
  });

  // shopping.md §9: "Price with GST = price + price*rate/100."
  it.each(COUNTRY_CODES)('finds the GST inside a price with GST in %s', (country) => {
    const rate = GST_RATE_OF[country];
    const price = 1000;
    const withGst = price + (price * rate) / 100;
    expect(gstIncluded(withGst, rate)).toBeCloseTo(withGst - price, 10);
  });

  it('knows the GST rates', () => expect(GST_RATE_OF).toEqual({ in: 18, ae: 5, sg: 9, sa: 15, us: 0 }));

  // shopping.md §9: "Discount = market price minus the brand price."
  it('discount is market minus selling price, never negative', () => {
    expect(discountOf(2999, 1999)).toBe(1000);
    expect(discountOf(1000, 1500)).toBe(0);
  });
});
