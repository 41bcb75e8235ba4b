import { closeExchangeCookies, exchangeFromCookies, EXCHANGE_TAB_KEY, openExchangeCookies } from './exchange';

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
});
