import { POWER_LATER } from '@eyewear/i18n/rules';
import { addFailureAlert, isPrescriptionValid, powerSubmissionOf, pricesOfProduct, productIdOf } from './rules';
import { productPageActions as a, productPageSlice } from './state';

const frame = { isPlano: false, powerRequired: 'POWER_REQUIRED' as const, jit: false };

describe('power-submission classification', () => {
  it('is self-from-pdp when an sph was entered', () => {
    expect(powerSubmissionOf({ product: frame, prescription: { left: { sph: '-1.00' }, right: { sph: '' } } })).toBe('self-from-pdp');
  });
  it('is later-on-checkout-or-call when the shopper sends the power later', () => {
    expect(powerSubmissionOf({ product: frame, powerLater: true })).toBe('later-on-checkout-or-call');
    expect(powerSubmissionOf({ product: frame, prescription: { left: { sph: POWER_LATER }, right: { sph: POWER_LATER } } })).toBe('later-on-checkout-or-call');
  });
  it('is jit-usecase for made-to-order products', () => {
    expect(powerSubmissionOf({ product: { ...frame, jit: true } })).toBe('jit-usecase');
    expect(powerSubmissionOf({ product: { ...frame, jit: true }, prescription: { left: { sph: '-1.00' }, right: {} } })).toBe('self-from-pdp');
  });
  it('is power-not-required for plano, POWER_NOT_REQUIRED, or an empty sph', () => {
    expect(powerSubmissionOf({ product: { ...frame, isPlano: true, jit: true } })).toBe('power-not-required');
    expect(powerSubmissionOf({ product: { ...frame, powerRequired: 'POWER_NOT_REQUIRED' } })).toBe('power-not-required');
    expect(powerSubmissionOf({ product: frame, prescription: { left: { sph: '' }, right: { sph: '' } } })).toBe('power-not-required');
  });
});

describe('rules', () => {
  it('reads contact-lens validity: JIT always valid, else result[0].isSuccess', () => {
    expect(isPrescriptionValid(true, [{ isSuccess: false }])).toBe(true);
    expect(isPrescriptionValid(false, [{ isSuccess: false }, { isSuccess: true }])).toBe(false);
    expect(isPrescriptionValid(false, [{ isSuccess: true }])).toBe(true);
    expect(isPrescriptionValid(false, null)).toBe(false);
  });
  it('alerts the out-of-stock text or the server message', () => {
    expect(addFailureAlert('Sorry, this product is out of stock')).toBe('This product is Out of Stock !');
    expect(addFailureAlert('Only 1 left in stock')).toBe('Only 1 left in stock');
  });
  it('reads the product id from either product route', () => {
    expect(productIdOf({ id: '128001' })).toBe(128001);
    expect(productIdOf({ '*': 'id/128269' })).toBe(128269);
    expect(productIdOf({ '*': 'id/128269/category/3100' })).toBe(128269);
    expect(productIdOf({ id: 'abc' })).toBeNull();
  });
  it('splits market, selling and first-buy prices and the discount', () => {
    const prices = pricesOfProduct({
      prices: [
        { name: 'Market Price', price: 4699, currencyCode: 'INR' },
        { name: 'Eyewear Price', price: 3899, currencyCode: 'INR' },
        { id: 1000, name: 'First Frame Price', price: 0, currencyCode: 'INR' },
      ],
    });
    expect(prices).toMatchObject({ selling: { price: 3899 }, firstBuy: { price: 0 }, discount: 800 });
  });
});

describe('product page state', () => {
  const reduce = productPageSlice.reducer;
  it('clears old data when a product loads, and stores the error on failure', () => {
    let state = reduce(undefined, a.productLoaded({ id: 1 } as never));
    state = reduce(state, a.productRequested({ id: 2 }));
    expect(state.product).toEqual({ status: 'loading', id: 2, data: null, error: null });
    state = reduce(state, a.productFailed({ message: 'Product not found' }));
    expect(state.product.error).toBe('Product not found');
  });
  it('keeps the estimates until the pincode form is reset', () => {
    const estimate = { pincode: '560001', serviceable: true, isExpress: true, expressOptions: [] };
    let state = reduce(undefined, a.deliveryRequested({ pincode: '560001' }));
    state = reduce(state, a.deliveryLoaded({ express: estimate, details: estimate }));
    expect(state.delivery.express).toEqual(estimate);
    state = reduce(state, a.deliveryReset());
    expect(state.delivery).toMatchObject({ status: 'idle', pincode: '', express: null, details: null });
  });
  it('appends review pages and puts a posted review first', () => {
    const review = (id: number) => ({ id, productId: 1, author: 'A', rating: 4, title: `t${id}`, body: 'b', createdAt: '2025-01-01T00:00:00.000Z' });
    let state = reduce(undefined, a.reviewsLoaded({ reviews: [review(1)], page: 0, total: 2, count: 10, averageRating: 4 }));
    state = reduce(state, a.reviewsLoaded({ reviews: [review(2)], page: 1, total: 2, count: 10, averageRating: 4 }));
    expect(state.reviews.items.map((r) => r.id)).toEqual([1, 2]);
    state = reduce(state, a.reviewPosted(review(3)));
    expect(state.reviews.items.map((r) => r.id)).toEqual([3, 1, 2]);
    expect(state.reviews.total).toBe(3);
    expect(reduce(state, a.reviewsReset()).reviews.items).toEqual([]);
  });
});
