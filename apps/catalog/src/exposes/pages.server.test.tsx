/**
 * @jest-environment node
 */
// The catalogue's pages rendered where the edge renders them (issue 19): Node, no window, no
// document; the HTML carries the loaded page (sections, carousels, products), the head its
// JSON-LD and status.
import type { HomeSection } from '@eyewear/api-client';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { page, product } from '../testing/fixtures';
import { CRAWLER_AGENT, renderOnServer } from '@eyewear/event-bus/server-testing';
import CmsPage from './CmsPage';
import ContentPage from './ContentPage';
import HomePage from './HomePage';
import ListingPage from './ListingPage';
import SearchPage from './SearchPage';
import ShortlistPage from './ShortlistPage';

const text = (id: string): HomeSection => ({ id, data: [{ type: 'text', data: { title: `Section ${id}`, body: `Body of ${id}` } }] });
const carousel = (id: string, catId: number): HomeSection => ({ id, data: [{ type: 'category-carousel', data: { catId, title: `Carousel ${id}` } }] });
// Two carousels: one on the first screen (the third section), one far below it (the 14th).
const sections: HomeSection[] = [
  text('s1'),
  text('s2'),
  carousel('near', 3101),
  ...Array.from({ length: 10 }, (_, i) => text(`t${i}`)),
  carousel('far', 3201),
  text('last'),
];

function homeApi() {
  return fakeApi({
    'content.home': () => ({ result: { sections } }),
    'catalogue.categoryCarousel': ({ query }) => ({
      result: (query['categoryIds'] ?? '')
        .split(',')
        .map(Number)
        .map((catId, i) => ({ ...product(catId === 3101 ? 1 : 2 + i), cat_id: catId })),
    }),
  });
}

const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern.source, 'g'))?.length ?? 0;

it('runs where there is no DOM', () => {
  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
  expect(typeof navigator === 'undefined' ? '' : navigator.userAgent).not.toMatch(/jsdom/);
});

describe('home on the server', () => {
  it("renders the loaded sections and the first screen's carousels, and keeps only those in the state", async () => {
    const api = homeApi();
    const server = await renderOnServer(<HomePage params={{}} props={{}} />, { url: '/', api: api.client, mobile: true });
    expect(server.errors).toEqual([]);
    expect(server.html).toContain('Section s1');
    expect(server.html).toContain('Body of s1');
    expect(server.html).toContain('Carousel near');
    // The near carousel's product, with its price and link.
    expect(server.html).toContain('Model 1');
    expect(server.html).toContain('₹1,500');
    expect(server.html).toContain('href="/eyeglasses/p-1.html"');
    // 10 sections once the carousels are in (shopping §2), no skeleton.
    expect(count(server.html, /data-section="/)).toBe(10);
    expect(server.html).not.toContain('Section last');
    expect(server.html).not.toContain('aria-label="Loading the page"');
    // The first screen's carousels only, at once; the phone's cache-busting bucket.
    expect(api.callsTo('catalogue.categoryCarousel').map((c) => c.query)).toEqual([{ categoryIds: '3101' }]);
    expect(Number(api.callsTo('content.home')[0]?.query['v']) % 180000).toBe(0);
    const home = server.state['catalogHome'] as { page: string; status: string; carouselsLoaded: boolean; carousels: Record<string, unknown[]> };
    expect(home).toMatchObject({ page: 'home', status: 'ready', carouselsLoaded: true });
    expect(Object.keys(home.carousels)).toEqual(['3101']);
    expect(server.head.title).toBe('Eyeglasses, sunglasses and contact lenses | Eyewear');
  });

  it('gives a crawler every section and every carousel', async () => {
    const api = homeApi();
    const server = await renderOnServer(<HomePage params={{}} props={{}} />, { url: '/', api: api.client, userAgent: CRAWLER_AGENT });
    expect(count(server.html, /data-section="/)).toBe(sections.length);
    expect(server.html).toContain('Section last');
    expect(server.html).toContain('Carousel far');
    expect(api.callsTo('catalogue.categoryCarousel').map((c) => c.query)).toEqual([{ categoryIds: '3101,3201' }]);
  });

  it('a content page renders its sections; a promotion that does not exist answers 404', async () => {
    const content = await renderOnServer(<ContentPage params={{}} props={{ page: 'eyeglasses' }} />, {
      url: '/eyeglasses.html',
      api: fakeApi({
        'content.page': () => ({ result: { name: 'eyeglasses', sections: [text('glasses')], title: 'Eyeglasses' } }),
        'catalogue.categoryCarousel': { result: [] },
      }).client,
    });
    expect(content.html).toContain('Section glasses');
    expect(content.head.status).toBeUndefined();
    const promo = await renderOnServer(<HomePage params={{ pagename: 'winter' }} props={{}} />, {
      url: '/promo/winter',
      api: fakeApi({ 'content.page': fail(404, { message: 'Not Found' }) }).client,
    });
    expect(promo.html).toContain('This promotion has ended');
    expect(promo.head.status).toBe(404);
    // A name no page can have (the API refuses it, 400) is not a page either: 404, and the name is not its heading.
    const invalid = await renderOnServer(<HomePage params={{ pagename: '<script>' }} props={{}} />, {
      url: '/promo/%3Cscript%3E',
      api: fakeApi({ 'content.page': fail(400, { message: 'page: Invalid page name', field: 'page' }) }).client,
    });
    expect(invalid.head.status).toBe(404);
    expect(invalid.html).toContain('This promotion has ended');
    expect(invalid.html).not.toContain('&lt;script&gt;</h1>');
  });
});

const filters = {
  filters: [{ id: 'frame_shape', name: 'Frame Shape', options: [{ id: 'round', title: 'Round', displayTitle: 'Round', trimmedTitle: 'Round', count: 4 }] }],
};

function listingApi(more: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'catalogue.category': ({ params }) =>
      params['id'] === '3100'
        ? {
            result: {
              ...page([1, 2, 3], 40),
              breadcrumb: [
                { label: 'Home', url: '/' },
                { label: 'Eyeglasses', url: '/eyeglasses.html' },
              ],
            },
          }
        : fail(404, { message: 'Category not found' }),
    'catalogue.filters': () => ({ result: filters }),
    'catalogue.subCategories': () => ({ result: { subCategories: [{ id: 3101, name: 'Round Eyeglasses', url: '/eyeglasses/round.html' }] } }),
    'catalogue.search': () => ({ result: { ...page([7, 8], 2), categoryId: null, category_name: 'aviator' } }),
    'catalogue.searchFilters': () => ({ result: filters }),
    ...more,
  });
}

describe('listing on the server', () => {
  it('renders the first page of products (names, prices, sized images, links), the filters and sub-categories', async () => {
    const api = listingApi();
    const server = await renderOnServer(<ListingPage params={{ id: '3100' }} props={{}} />, { url: '/catalog/3100', path: '/catalog/:id', api: api.client });
    expect(server.errors).toEqual([]);
    expect(server.html).toContain('<h1>Eyeglasses</h1>');
    expect(server.html).toContain('40 frames');
    for (const id of [1, 2, 3]) {
      expect(server.html).toContain(`aria-label="Kestrel Model ${id}"`);
      expect(server.html).toContain(`href="/eyeglasses/p-${id}.html"`);
      expect(server.html).toMatch(new RegExp(`<img src="/api/v2/images/product/${id}/front.svg" alt="" width="240" height="120"`));
    }
    expect(count(server.html, /class="catalog-price">₹1,500</)).toBe(3);
    expect(server.html).not.toContain('aria-label="Loading products"');
    // Sub-categories and the filter panel are in the HTML too (links a crawler follows).
    expect(server.html).toContain('href="/eyeglasses/round.html"');
    expect(server.html).toContain('Frame Shape');
    expect(api.callsTo('catalogue.category').map((c) => c.query)).toEqual([{ 'page-size': '15', page: '0' }]);
    expect(server.head.title).toBe('Eyeglasses | Eyewear');
    expect(server.head.status).toBeUndefined();
  });

  it("asks the first page with the size of the request's CATEGORY_PAGE_SIZE_COUNT setting (shopping §9), and the browser's next pages with the same", async () => {
    const api = listingApi({ 'content.settings': () => ({ result: { CATEGORY_PAGE_SIZE_COUNT: 24 } }) });
    const server = await renderOnServer(<ListingPage params={{ id: '3100' }} props={{}} />, { url: '/catalog/3100', path: '/catalog/:id', api: api.client });
    expect(server.errors).toEqual([]);
    expect(api.callsTo('content.settings')).toHaveLength(1);
    expect(api.callsTo('catalogue.category').map((c) => c.query)).toEqual([{ 'page-size': '24', page: '0' }]);
    expect(JSON.stringify(server.state)).toContain('"pageSize":24');
  });

  it('gives the breadcrumb as BreadcrumbList JSON-LD, once', async () => {
    const server = await renderOnServer(<ListingPage params={{ id: '3100' }} props={{}} />, {
      url: '/catalog/3100',
      path: '/catalog/:id',
      api: listingApi().client,
    });
    const crumbs = server.head.jsonLd.filter((item) => (item as { '@type'?: string })['@type'] === 'BreadcrumbList');
    expect(crumbs).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.eyewear.in/' },
          { '@type': 'ListItem', position: 2, name: 'Eyeglasses', item: 'https://www.eyewear.in/eyeglasses.html' },
        ],
      },
    ]);
  });

  it('a search renders its products; a category that does not exist answers 404', async () => {
    const search = await renderOnServer(<SearchPage params={{}} props={{}} />, { url: '/search?q=aviator', api: listingApi().client });
    expect(search.html).toContain('Results for &quot;aviator&quot;');
    expect(search.html).toContain('aria-label="Kestrel Model 7"');
    expect(search.html).toContain('aria-label="Kestrel Model 8"');
    const missing = await renderOnServer(<ListingPage params={{ id: '999' }} props={{}} />, {
      url: '/catalog/999',
      path: '/catalog/:id',
      api: listingApi().client,
    });
    expect(missing.html).toContain('Category not found');
    expect(missing.head.status).toBe(404);
  });

  it('gives a crawler the whole collection, a shopper its first 5', async () => {
    const items = Array.from({ length: 12 }, (_, i) => product(i + 1));
    const api = () => fakeApi({ 'content.collection': () => ({ result: { id: '4003', title: 'Bestsellers', items } }) }).client;
    const props = { section: 'col' };
    const shopper = await renderOnServer(<ListingPage params={{ id: '4003' }} props={props} />, { url: '/collections/bestsellers.html', api: api() });
    const crawler = await renderOnServer(<ListingPage params={{ id: '4003' }} props={props} />, {
      url: '/collections/bestsellers.html',
      api: api(),
      userAgent: CRAWLER_AGENT,
    });
    expect(count(shopper.html, /<article class="catalog-card"/)).toBe(5);
    expect(count(crawler.html, /<article class="catalog-card"/)).toBe(12);
  });
});

describe('shortlist on the server', () => {
  it("renders the page (heading, title, noindex) and leaves the shopper's list to the browser", async () => {
    const api = fakeApi({});
    const server = await renderOnServer(<ShortlistPage params={{}} props={{}} />, { url: '/shortlist', api: api.client });
    expect(server.errors).toEqual([]);
    expect(server.html).toContain('<h1>Shortlist</h1>');
    // React 19 puts the meta first in the page's HTML; in the browser it goes to the head.
    expect(server.html).toMatch(/^<meta name="robots" content="noindex"\/>/);
    expect(server.html).toContain('aria-label="Loading your wishlist"');
    expect(server.head.title).toBe('Shortlist | Eyewear');
    expect(server.head.status).toBeUndefined();
    expect(api.calls).toEqual([]);
  });
});

describe('the store locator on the server', () => {
  it("carries the country's stores in its HTML: a crawler and a shopper without scripts see them", async () => {
    const store = {
      code: 'IN-BEN-008',
      name: 'Clearview Studio, Indiranagar',
      country: 'in' as const,
      city: 'Bengaluru',
      area: 'Indiranagar',
      pincode: '560038',
      address: 'Ground Floor, 59 Indiranagar Main Road, Indiranagar, Bengaluru',
      lat: 12.97,
      lng: 77.64,
      phone: '+91 80 4719 4359',
      opensAt: 10,
      closesAt: 21,
      studio: true,
      timeZone: 'Asia/Kolkata',
    };
    const api = fakeApi({
      'content.cms': () => ({ result: { pageName: 'store-locator', title: 'Store locator', html: '<p>Visit one of our stores.</p>' } }),
      'appointments.stores': () => ({ result: { stores: [store] } }),
    });
    const server = await renderOnServer(<CmsPage params={{}} props={{ page: 'store-locator' }} />, { url: '/store-locator.html', api: api.client });
    expect(server.errors).toEqual([]);
    expect(server.html).toContain('<h1>Store locator</h1>');
    expect(server.html).toContain('Clearview Studio, Indiranagar');
    expect(server.html).toContain('href="tel:+918047194359"');
    expect(server.html).toContain('Open 10:00 am - 9:00 pm');
    expect(server.html).toContain('href="/test-your-vision?area=Indiranagar"');
  });
});
