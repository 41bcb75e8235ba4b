import { pageReads, productIdOf, productReads } from './page-reads';
import { productRoutes } from './contract/areas/product-routes';

describe('productIdOf', () => {
  it('reads a product id from any of the product routes', () => {
    expect(productIdOf({ id: '128001' })).toBe(128001);
    expect(productIdOf({ '*': 'id/128269' })).toBe(128269);
    expect(productIdOf({ '*': 'id/128269/category/3100' })).toBe(128269);
    expect(productIdOf({ id: 'acme-round-black-1001.html' })).toBe(1001);
    expect(productIdOf({ id: 'abc' })).toBeNull();
    expect(productIdOf({ id: '0' })).toBeNull();
    expect(productIdOf({})).toBeNull();
  });
});

describe('pageReads', () => {
  it("gives the product page's first reads, with the id as the page reads it (a number: the same query key)", () => {
    expect(pageReads('product', './ProductPage', { id: '128001' })).toEqual([
      { route: productRoutes.get, input: { params: { id: 128001 } } },
      { route: productRoutes.buyOptionsGroup, input: { params: { id: 128001 } } },
    ]);
    expect(pageReads('product', './ProductPage', { '*': 'id/128269' })).toEqual(Object.values(productReads(128269)));
  });

  it('gives nothing for a product URL without an id, or a page whose reads are not declared', () => {
    expect(pageReads('product', './ProductPage', { id: 'frames' })).toEqual([]);
    expect(pageReads('cart-checkout', './CartPage', {})).toEqual([]);
    expect(pageReads('catalog', './ListingPage', { id: '3101' })).toEqual([]);
  });
});
