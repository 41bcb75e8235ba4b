import { screen } from '@testing-library/react';
import { renderPage } from '@eyewear/event-bus/testing';
import { aCart, anItem } from '../../../testing/fixtures';
import { CartTotals } from './CartTotals';

// Issue 42: "the US cart shows 'Tax (included) $0'"; the tax is named as each country names it.
describe('cart totals: the tax line per country', () => {
  it('names the tax included by its name and rate', () => {
    renderPage(<CartTotals cart={aCart()} />, { country: 'in' });
    expect(screen.getByText('GST 18% (included)')).toBeInTheDocument();
  });

  it('shows the UAE’s VAT', () => {
    const cart = aCart([anItem({ amount: { total: 105, currencyCode: 'AED' }, price: { value: 105, currencyCode: 'AED' } })], { currencyCode: 'AED' });
    renderPage(<CartTotals cart={{ ...cart, totals: { ...cart.totals, totalTax: 5 } }} />, { country: 'ae' });
    expect(screen.getByText('VAT 5% (included)')).toBeInTheDocument();
  });

  it('shows no tax line where prices include none (the US)', () => {
    const cart = aCart([anItem({ amount: { total: 120, currencyCode: 'USD' }, price: { value: 120, currencyCode: 'USD' } })], { currencyCode: 'USD' });
    renderPage(<CartTotals cart={{ ...cart, totals: { ...cart.totals, totalTax: 0 } }} />, { country: 'us' });
    expect(screen.getByText('Subtotal')).toBeInTheDocument();
    expect(screen.queryByText(/tax/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/included/)).not.toBeInTheDocument();
  });
});
