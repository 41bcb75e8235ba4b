import type { Product } from '@eyewear/api-client';

type Handler = (url: URL, init: RequestInit) => [status: number, body: unknown] | undefined;

/**
 * A fetch for component tests that answers like the API by method and path, and records the
 * calls. The session marker cookie is set so the client does not create a session first.
 */
export function fakeApi(handlers: Record<string, Handler | [number, unknown]>) {
  document.cookie = 'clientV1_in_active=1';
  const calls: { method: string; url: URL; body: unknown }[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url, body });
    const key = `${method} ${url.pathname.replace(/^\/api/, '')}`;
    const handler = handlers[key];
    const answer = typeof handler === 'function' ? handler(url, init) : handler;
    const [status, data] = answer ?? [404, { message: `no fake for ${key}` }];
    return { ok: status < 400, status, text: async () => JSON.stringify(data) } as Response;
  });
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

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

export const emptyReviews = { result: { review: { reviews: [], total: 0, page: 0, count: 10, averageRating: 0 } } };
