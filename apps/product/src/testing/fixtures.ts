import type { Product } from '@eyewear/api-client';

/** A product as the API answers it: a full-rim eyeglass frame with two images, in stock. */
export function aProduct(over: Partial<Product> = {}): Product {
  return {
    id: 128001,
    sku: 'eye-ms-128001',
    type: 'eyeglass',
    classification: 'eyeframe',
    modelName: 'Rowan',
    brandName: 'Metro Specs',
    url: '/eyeglasses/metro-specs-rowan-honey-128001.html',
    prices: [
      { name: 'Market Price', price: 4699, currencyCode: 'INR' },
      { name: 'Eyewear Price', price: 3899, currencyCode: 'INR' },
    ],
    frameColour: 'Honey',
    frameType: 'full-rim',
    frameSizeId: 24071,
    isPlano: false,
    powerRequired: 'POWER_REQUIRED',
    specifications: [{ name: 'General', items: [{ name: 'Brand', value: 'Metro Specs' }] }],
    imageUrlsDetail: [
      { url: '/api/v2/images/product/128001/front.svg', view: 'front', alt: 'front view' },
      { url: '/api/v2/images/product/128001/side.svg', view: 'side', alt: 'side view' },
    ],
    reviews: { rating: 3.7, count: 3 },
    qty: 23,
    jit: false,
    appOfferPrice: 3704,
    ctaText: 'Select Lenses',
    threeSixtyView: true,
    ...over,
  };
}

/** `reviews.list`'s answer for a product without reviews. */
export const emptyReviews = { result: { review: { reviews: [], total: 0, page: 0, count: 10, averageRating: 0 } } };
