import { redirectTarget } from './redirect';

describe('redirect helper', () => {
  it('keeps the current query and hash', () => {
    expect(redirectTarget('/HTO', { search: '?utm_source=sms', hash: '#slots' })).toEqual({ href: '/HTO?utm_source=sms#slots', fullPage: false });
  });
  it("keeps the target's own query and hash when it has them", () => {
    expect(redirectTarget('/cart?x=1#top', { search: '?y=2', hash: '#z' })).toEqual({ href: '/cart?x=1#top', fullPage: false });
  });
  it('leaves the app for /orders/ targets', () => {
    expect(redirectTarget('/orders/123', { search: '', hash: '' })).toEqual({ href: '/orders/123', fullPage: true });
  });
});
