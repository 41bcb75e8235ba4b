import { ROUTE_TABLE } from '@eyewear/federation';
import { DISALLOW, PREFIXED, robotsAllows, robotsTxt } from './robots';

describe('robotsAllows', () => {
  it('keeps out every private route of the table, under every country prefix too', () => {
    const sample = (path: string) => path.replace(/\/\*$/, '/x').replace(/:[A-Za-z]+\??/g, '12');
    const privateRoutes = ROUTE_TABLE.filter(
      (route) => route.remote === 'cart-checkout' || route.remote === 'account' || route.path.startsWith('/editpower') || route.path === '/shortlist',
    );
    expect(privateRoutes.length).toBeGreaterThan(20);
    for (const route of privateRoutes) {
      for (const path of [sample(route.path), `/ae${sample(route.path)}`]) expect({ path, allowed: robotsAllows(path) }).toEqual({ path, allowed: false });
    }
  });

  it('lets crawlers fetch the storefront: listings named like a private page, content, assets', () => {
    for (const path of [
      '/',
      '/cartier-sunglasses.html',
      '/customer-feedback',
      '/payments-faq.html',
      '/search/round-glasses.html',
      '/remotes/catalog/1.0.0/x.js',
      '/sg/eyeglasses.html',
    ]) {
      expect({ path, allowed: robotsAllows(path) }).toEqual({ path, allowed: true });
    }
    expect(robotsAllows('/search?q=round')).toBe(false);
    expect(robotsAllows('/cart?x=1')).toBe(false);
    expect(robotsAllows('/api/v2/products')).toBe(false);
    expect(robotsAllows('/_edge/anything')).toBe(false);
  });
});

describe('robotsTxt', () => {
  it('writes every rule, under every country prefix but the API and the edge', () => {
    const lines = robotsTxt('https://shop.example', 'shop.example').split('\n');
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    expect(disallowed).toEqual(['/api/', '/_edge/', ...DISALLOW, ...PREFIXED.flatMap((code) => DISALLOW.map((rule) => `/${code}${rule}`))]);
    expect(PREFIXED).toEqual(['ae', 'sg', 'sa', 'us']);
  });

  it("lists every country's sitemap on the shared domain, a country's own on its domain", () => {
    const sitemapsOf = (hostname: string) => robotsTxt(`https://${hostname}`, hostname).match(/^Sitemap: .*$/gm);
    expect(sitemapsOf('www.eyewear.in')).toEqual(['', '/ae', '/sg', '/sa', '/us'].map((prefix) => `Sitemap: https://www.eyewear.in${prefix}/sitemap.xml`));
    expect(sitemapsOf('www.eyewear.com.sa')).toEqual(['Sitemap: https://www.eyewear.com.sa/sitemap.xml']);
    expect(sitemapsOf('WWW.EYEWEAR.US')).toEqual(['Sitemap: https://WWW.EYEWEAR.US/sitemap.xml']);
    expect(robotsTxt('https://www.eyewear.sg', 'www.eyewear.sg').endsWith('\n\nSitemap: https://www.eyewear.sg/sitemap.xml\n')).toBe(true);
  });
});
