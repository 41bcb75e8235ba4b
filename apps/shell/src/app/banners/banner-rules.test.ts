import { campaignFromSearch, isCrawler } from '@eyewear/i18n/rules';
import { otherSiteUrl, readExchange, showCountryBanner, showExchangeBanner } from './banner-rules';

describe('country banner rules', () => {
  it('shows for a visitor from a country the site does not allow as a traffic source', () => {
    expect(showCountryBanner('in', 'ae', 'Mozilla/5.0 Chrome')).toBe(true);
    expect(showCountryBanner('in', 'in', 'Mozilla/5.0 Chrome')).toBe(false);
    // The UAE site allows Saudi traffic.
    expect(showCountryBanner('ae', 'sa', 'Mozilla/5.0 Chrome')).toBe(false);
    expect(showCountryBanner('in', undefined, 'Mozilla/5.0 Chrome')).toBe(false);
  });
  it('never shows for crawlers', () => {
    expect(isCrawler('Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe(true);
    expect(showCountryBanner('in', 'ae', 'Googlebot')).toBe(false);
  });
  it("links the other country's site with a referrer and the stored campaign", () => {
    const url = new URL(otherSiteUrl('ae', 'in', { source: 'google', campaign: 'summer' }));
    expect(url.origin).toBe('https://www.eyewear.ae');
    expect(url.searchParams.get('referrer')).toBe('www.eyewear.in');
    expect(url.searchParams.get('utm_source')).toBe('google');
    expect(url.searchParams.get('utm_campaign')).toBe('summer');
  });
  it('reads the five UTM keys from a query', () => {
    expect(campaignFromSearch('?utm_source=a&utm_medium=b&utm_campaign=c&utm_term=d&utm_content=e&utm_other=x')).toEqual({
      source: 'a',
      medium: 'b',
      campaign: 'c',
      term: 'd',
      content: 'e',
    });
    expect(campaignFromSearch('?q=1')).toEqual({});
  });
});

describe('exchange banner rules', () => {
  it('shows with an exchange cookie, no return action and a mode other than store_return', () => {
    expect(showExchangeBanner(readExchange('exchange_session=1200001:3'))).toBe(true);
    expect(readExchange('exchange_session=1200001:3')).toEqual({ orderId: '1200001', itemId: '3', returnAction: null, returnMode: null });
    expect(showExchangeBanner(readExchange('exchange_session=1:3; return_action=pickup'))).toBe(false);
    // The session's own action (exchange mode as the shell opens it) is no return in progress.
    expect(showExchangeBanner(readExchange('exchange_session=1:3; return_action=exchange; return_mode=pickup'))).toBe(true);
    expect(showExchangeBanner(readExchange('exchange_session=1:3; return_action=exchange; return_mode=store_return'))).toBe(false);
    expect(showExchangeBanner(readExchange('exchange_session=1:3; return_mode=store_return'))).toBe(false);
    expect(showExchangeBanner(readExchange('return_mode=courier'))).toBe(false);
  });
});
