import { closeExchangeCookies, creditOf, exchangeFromCookies, EXCHANGE_TAB_KEY, openExchangeCookies } from './exchange';

describe('exchange cookies', () => {
  it('closing ends the exchange for every reader: the cookies and the tab that claimed it (issue 42)', () => {
    expect(openExchangeCookies(1200001, 3, 'pickup')).toMatchObject({ active: true, orderId: '1200001', itemId: '3', returnAction: 'exchange' });
    expect(exchangeFromCookies(document.cookie)).toMatchObject({ active: true, orderId: '1200001' });
    expect(sessionStorage.getItem(EXCHANGE_TAB_KEY)).toBe('1200001:3');

    expect(closeExchangeCookies()).toEqual({ active: false, orderId: null, itemId: null, returnAction: null, returnMode: null });
    expect(exchangeFromCookies(document.cookie)).toMatchObject({ active: false });
    expect(document.cookie).not.toMatch(/return_action|return_mode/);
    expect(sessionStorage.getItem(EXCHANGE_TAB_KEY)).toBeNull();
  });

  it('keeps the credit the return page offered with the exchange, for every reader, and drops it on close (issue 42)', () => {
    expect(openExchangeCookies(1200001, 3, 'pickup', { amount: 1499.5, currencyCode: 'INR' })).toMatchObject({
      active: true,
      credit: { amount: 1499.5, currencyCode: 'INR' },
    });
    expect(exchangeFromCookies(document.cookie).credit).toEqual({ amount: 1499.5, currencyCode: 'INR' });
    // Opened again without a credit (a build before it): no stale amount.
    expect(openExchangeCookies(1200001, 4, 'pickup').credit).toBeUndefined();
    expect(exchangeFromCookies(document.cookie).credit).toBeUndefined();
    openExchangeCookies(1200001, 3, 'pickup', { amount: 900, currencyCode: 'INR' });
    closeExchangeCookies();
    expect(document.cookie).not.toMatch(/exchange_credit=/);
    expect(creditOf('abc:INR')).toBeNull();
    expect(creditOf('12:inr')).toBeNull();
  });
});
