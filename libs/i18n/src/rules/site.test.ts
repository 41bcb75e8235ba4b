import { addCampaign, campaignFromSearch, UTM_KEYS, UTM_STORAGE_KEY, UTM_VALUE_MAX } from './campaign';
import { isCrawler } from './crawler';
import { WISHLIST_MAX, wishlistSummary } from './limits';
import { isMobileViewport, MOBILE_MEDIA_QUERY } from './viewport';
import { httpsUrl, safeReturnPath } from './urls';

// shopping.md §2: the banner "is hidden for search crawlers"; "Search crawlers get the whole list".
describe('crawler detection', () => {
  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    [
      'Googlebot smartphone',
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.129 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    ],
    ['Googlebot-Image', 'Googlebot-Image/1.0'],
    ['Bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    [
      'Bingbot (Edge)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
    ],
    ['BingPreview', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) BingPreview/1.0b'],
    ['YandexBot', 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)'],
    ['Baiduspider', 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)'],
    ['DuckDuckBot', 'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)'],
    [
      'Applebot',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
    ],
    ['Yahoo Slurp', 'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)'],
    ['Facebook preview', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
  ])('%s is a crawler', (_name, ua) => expect(isCrawler(ua)).toBe(true));

  it.each([
    ['Chrome on an Android phone', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36'],
    [
      'Safari on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    ],
    ['Chrome on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'],
    ['Chrome on a CUBOT phone', 'Mozilla/5.0 (Linux; Android 9; CUBOT J5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/74.0.3729.136 Mobile Safari/537.36'],
    [
      'a Lighthouse audit',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
    ],
    ['no user agent', ''],
  ])('%s is not a crawler', (_name, ua) => expect(isCrawler(ua)).toBe(false));
});

// shopping.md §9: "UTM mapping covers five keys: source, medium, campaign, term, content."
describe('campaign (UTM) values', () => {
  it('has the five keys of the spec', () => expect(UTM_KEYS).toEqual(['source', 'medium', 'campaign', 'term', 'content']));

  it('reads the utm_ parameters that have a value, cut to the longest kept', () => {
    expect(campaignFromSearch('?utm_source=mail&utm_medium=&utm_term=frames&other=1')).toEqual({ source: 'mail', term: 'frames' });
    expect(campaignFromSearch(new URLSearchParams({ utm_content: 'x'.repeat(300) })).content).toHaveLength(UTM_VALUE_MAX);
    expect(campaignFromSearch('')).toEqual({});
  });

  it('writes them back as utm_ parameters', () => {
    expect(addCampaign(new URL('https://www.eyewear.ae/?referrer=x'), { source: 'mail', campaign: 'sale' }).toString()).toBe(
      'https://www.eyewear.ae/?referrer=x&utm_source=mail&utm_campaign=sale',
    );
  });

  it('is kept for the tab under one key', () => expect(UTM_STORAGE_KEY).toBe('shell.utm'));
});

// shopping.md §9: "Wishlist maximum 50."; §2: "Shows at most 50 items; counts are capped at 50."
describe('wishlist limit', () => {
  it('is 50', () => expect(WISHLIST_MAX).toBe(50));
  it('caps the count and the ids', () => {
    const ids = Array.from({ length: 60 }, (_, i) => i + 1);
    expect(wishlistSummary({ numberOfProducts: 60, productIds: ids })).toEqual({ count: 50, productIds: ids.slice(0, 50) });
    expect(wishlistSummary({ numberOfProducts: 2, productIds: [7, 8] })).toEqual({ count: 2, productIds: [7, 8] });
  });
});

describe('mobile layout', () => {
  afterEach(() => {
    delete (window as { matchMedia?: unknown }).matchMedia;
  });
  it('is the one media query', () => expect(MOBILE_MEDIA_QUERY).toBe('(max-width: 767px)'));
  it('asks the window with that query, and is false without one', () => {
    expect(isMobileViewport()).toBe(false);
    const asked: string[] = [];
    window.matchMedia = ((query: string) => {
      asked.push(query);
      return { matches: true } as MediaQueryList;
    }) as typeof window.matchMedia;
    expect(isMobileViewport()).toBe(true);
    expect(asked).toEqual([MOBILE_MEDIA_QUERY]);
  });
});

// shopping.md §9: "Image URLs are forced to https."
describe('image URLs', () => {
  it('are forced to https', () => {
    expect(httpsUrl('http://img.example/a.jpg')).toBe('https://img.example/a.jpg');
    expect(httpsUrl('//img.example/a.jpg')).toBe('https://img.example/a.jpg');
    expect(httpsUrl('https://img.example/a.jpg')).toBe('https://img.example/a.jpg');
    expect(httpsUrl('/v2/images/product/1/front')).toBe('/v2/images/product/1/front');
  });
});

describe('safeReturnPath (where a sign-in sends the shopper back)', () => {
  it('keeps a path on this site and sends anything else home', () => {
    expect(safeReturnPath('/customer/account?tab=orders')).toBe('/customer/account?tab=orders');
    for (const bad of [
      null,
      undefined,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/x\u007f',
      `/${'a'.repeat(600)}`,
    ])
      expect({ bad, to: safeReturnPath(bad) }).toEqual({ bad, to: '/' });
  });
});
