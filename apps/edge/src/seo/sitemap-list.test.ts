import { parseSitemapListPage } from './sitemap-list';
import { sitemapIndexXml, urlsetXml } from './sitemap';

describe('parseSitemapListPage', () => {
  it('reads a page of the API list: its URLs, the content pages and where the next page starts', () => {
    expect(
      parseSitemapListPage({
        result: {
          urls: [
            { url: '/a.html', type: 'cat', lastmod: '2026-03-01T00:00:00.000Z' },
            { url: '/b.html', type: 'prod' },
          ],
          next: '/b.html',
          content: [{ kind: 'home', name: 'home', lastmod: '2026-03-02T00:00:00.000Z' }],
        },
      }),
    ).toEqual({
      urls: [
        { url: '/a.html', lastmod: '2026-03-01T00:00:00.000Z' },
        { url: '/b.html', lastmod: undefined },
      ],
      content: [{ kind: 'home', name: 'home', lastmod: '2026-03-02T00:00:00.000Z' }],
      next: '/b.html',
    });
    expect(parseSitemapListPage({ result: { urls: [], next: null } })).toEqual({ urls: [], content: null, next: null });
  });

  it('refuses an answer of the wrong shape', () => {
    expect(() => parseSitemapListPage(null)).toThrow('the API sent no sitemap list');
    expect(() => parseSitemapListPage({ result: { urls: 'no' } })).toThrow('the API sent no sitemap list');
    expect(() => parseSitemapListPage({ result: { urls: [{ url: 3 }] } })).toThrow('the API sent a sitemap URL of the wrong shape');
    expect(() => parseSitemapListPage({ result: { urls: [], content: [null] } })).toThrow('the API sent a content page of the wrong shape');
  });
});

describe('the XML', () => {
  it('escapes locations, writes W3C dates without milliseconds, and leaves out a date it cannot read', () => {
    const xml = urlsetXml('https://shop.example/sg', [
      { path: "/a&b's.html", lastmod: '2026-03-01T10:00:00.123Z' },
      { path: '/c.html', lastmod: 'not a date' },
    ]);
    expect(xml).toContain(
      '<url><loc>https://shop.example/sg/a&amp;b&apos;s.html</loc><lastmod>2026-03-01T10:00:00Z</lastmod></url>\n<url><loc>https://shop.example/sg/c.html</loc></url>',
    );
    const index = sitemapIndexXml('https://shop.example', [
      [
        { path: '/a', lastmod: '2026-03-01T00:00:00Z' },
        { path: '/b', lastmod: '2026-03-04T00:00:00Z' },
      ],
      [{ path: '/c' }],
    ]);
    expect(index).toContain(
      '<sitemap><loc>https://shop.example/sitemap-1.xml</loc><lastmod>2026-03-04T00:00:00Z</lastmod></sitemap>\n<sitemap><loc>https://shop.example/sitemap-2.xml</loc></sitemap>',
    );
  });
});
