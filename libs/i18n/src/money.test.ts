import { currencyMark, formatPrice, rupeeLabel } from './money';

describe('currency marks', () => {
  it.each([
    ['INR', '₹'],
    ['SGD', '$'],
    ['USD', '$'],
    ['AED', 'AED'],
    ['SAR', 'SAR'],
  ])('%s is shown as %s', (currency, mark) => {
    expect(currencyMark(currency)).toBe(mark);
  });

  it('formats with the mark, grouping and decimals only when fractional', () => {
    expect(formatPrice(150000, 'INR')).toBe('₹1,50,000');
    expect(formatPrice(1999.5, 'USD')).toBe('$1,999.50');
    expect(formatPrice(250, 'AED')).toBe('AED 250');
  });

  it('shows "Rs." in filter labels as the rupee sign', () => {
    expect(rupeeLabel('Rs. 500 - Rs. 999')).toBe('₹500 - ₹999');
  });
});
