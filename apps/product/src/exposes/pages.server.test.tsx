/**
 * @jest-environment node
 */
// The product page rendered where the edge renders it (issue 19): Node, no window, no document,
// no storage. The HTML carries the product (name, price, rating), the head its title, its
// Product JSON-LD, and 404 for a product that does not exist.
import { fail, fakeApi } from '@eyewear/api-client/testing';
import type { RemotePageProps } from '@eyewear/federation';
import { aProduct } from '../testing/fixtures';
import { renderOnServer } from '@eyewear/event-bus/server-testing';
import CompareLooksPage from './CompareLooksPage';
import ProductPage from './ProductPage';

// The first render compiles the lazy page chunks.
jest.setTimeout(20_000);

const route = (params: Record<string, string> = {}): RemotePageProps => ({ params, props: {} });

function productApi(product = aProduct()) {
  return fakeApi({
    'product.get': ({ params }) => (params['id'] === String(product.id) ? { result: product } : fail(404, { message: 'Product not found' })),
    'reviews.list': {
      result: {
        review: {
          reviews: [
            {
              id: 1,
              productId: 128001,
              rating: 4,
              title: 'Light and sturdy',
              body: 'Wears well.',
              author: 'Asha',
              createdAt: '2025-01-01T00:00:00.000Z',
              verifiedBuyer: true,
            },
          ],
          total: 1,
          page: 0,
          count: 10,
          averageRating: 4,
        },
      },
    },
    'product.buyOptionsGroup': {
      result: {
        groupId: 'g',
        options: [
          { productId: product.id, label: 'Honey', url: product.url, selected: true },
          { productId: 128002, label: 'Black', url: '/x', selected: false },
        ],
      },
    },
    'product.threeSixtyStatus': { result: { sku_id: product.sku, enabled: true } },
  });
}

const jsonLdOf = (jsonLd: unknown[], type: string) => jsonLd.filter((item) => (item as { '@type'?: string })['@type'] === type);

it('runs where there is no DOM or storage', () => {
  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
  expect(typeof sessionStorage).toBe('undefined');
});

describe('product page on the server', () => {
  it('renders the product: name, brand, price, rating, variants, reviews; the title and no failure', async () => {
    const api = productApi();
    const server = await renderOnServer(<ProductPage {...route({ id: '128001' })} />, { url: '/product/128001', api: api.client });
    expect(server.errors).toEqual([]);
    expect(server.html).toContain('<h1>Rowan</h1>');
    expect(server.html).toContain('by Metro Specs');
    expect(server.html).toMatch(/data-testid="product-price">₹3,899</);
    expect(server.html).toContain('3.7 out of 5 (3 reviews)');
    expect(server.html).toContain('href="/product/128002"');
    expect(server.html).toContain('Light and sturdy');
    // The review's date is the country's, in UTC (the browser writes the same).
    expect(server.html).toContain('1 Jan 2025');
    expect(server.html).not.toContain('Loading product');
    expect(server.head.title).toBe('Metro Specs Rowan | Eyewear');
    expect(server.head.status).toBeUndefined();
    // The loads' answers travel to the browser.
    expect(Object.keys(server.queries).sort()).toEqual([
      expect.stringMatching(/^product\.buyOptionsGroup /),
      expect.stringMatching(/^product\.get /),
      expect.stringMatching(/^reviews\.list /),
    ]);
    expect(api.callsTo('product.get')).toHaveLength(1);
  });

  it('gives the Product JSON-LD with its Offer and AggregateRating, once', async () => {
    const server = await renderOnServer(<ProductPage {...route({ id: '128001' })} />, { url: '/product/128001', api: productApi().client });
    expect(jsonLdOf(server.head.jsonLd, 'Product')).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Metro Specs Rowan',
        image: ['https://www.eyewear.in/api/v2/images/product/128001/front.svg', 'https://www.eyewear.in/api/v2/images/product/128001/side.svg'],
        sku: 'eye-ms-128001',
        productID: '128001',
        brand: { '@type': 'Brand', name: 'Metro Specs' },
        color: 'Honey',
        url: 'https://www.eyewear.in/eyeglasses/metro-specs-rowan-honey-128001.html',
        offers: {
          '@type': 'Offer',
          price: 3899,
          priceCurrency: 'INR',
          availability: 'https://schema.org/InStock',
          url: 'https://www.eyewear.in/eyeglasses/metro-specs-rowan-honey-128001.html',
        },
        aggregateRating: { '@type': 'AggregateRating', ratingValue: 3.7, reviewCount: 3, bestRating: 5 },
      },
    ]);
  });

  it('an unrated, sold-out product: no AggregateRating, OutOfStock', async () => {
    const product = aProduct({ reviews: { rating: 0, count: 0 }, qty: 0 });
    const server = await renderOnServer(<ProductPage {...route({ id: '128001' })} />, { url: '/product/128001', api: productApi(product).client });
    const [ld] = jsonLdOf(server.head.jsonLd, 'Product') as { offers: { availability: string }; aggregateRating?: unknown }[];
    expect(ld?.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  it('a product that does not exist answers 404 with the not-found page, and tells the browser', async () => {
    const server = await renderOnServer(<ProductPage {...route({ id: '5' })} />, { url: '/product/5', api: productApi().client });
    expect(server.head.status).toBe(404);
    expect(server.html).toContain('Product not found');
    expect(server.head.title).toBe('Product not found | Eyewear');
    expect(jsonLdOf(server.head.jsonLd, 'Product')).toEqual([]);
    expect(server.queries).toEqual({ 'product.missing 5': true });
  });

  it('a server failure is not a 404 (the browser loads it again)', async () => {
    const api = fakeApi({ 'product.get': fail(500, { message: 'down' }) });
    const server = await renderOnServer(<ProductPage {...route({ id: '128001' })} />, { url: '/product/128001', api: api.client });
    expect(server.head.status).toBeUndefined();
    expect(server.html).not.toContain('Product not found');
  });

  it('an id that is not one answers 404', async () => {
    const api = fakeApi();
    const server = await renderOnServer(<ProductPage {...route({ id: 'abc' })} />, { url: '/product/abc', api: api.client });
    expect(server.head.status).toBe(404);
    expect(server.html).toContain('Product not found');
    expect(api.calls).toEqual([]);
  });

  it('compare looks without ids waits for the browser (the picks are in its sessionStorage)', async () => {
    const api = fakeApi();
    const server = await renderOnServer(<CompareLooksPage {...route()} />, { url: '/compare-looks', api: api.client });
    expect(server.errors).toEqual([]);
    expect(server.html).toContain('aria-label="Loading"');
    expect(server.html).not.toContain('Nothing to compare yet');
    expect(api.calls).toEqual([]);
  });
});
