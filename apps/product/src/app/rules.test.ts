import { displayNameOf, frameSizeOf, pricesOfProduct } from './rules';

describe('product rules shared by the pages', () => {
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

  it('names the frame size of an id, and a product by brand and model', () => {
    expect(frameSizeOf(24071)?.key).toBe('extraWide');
    expect(frameSizeOf(1)).toBeUndefined();
    expect(displayNameOf({ brandName: 'Metro Specs', modelName: 'Rowan' })).toBe('Metro Specs Rowan');
  });
});
