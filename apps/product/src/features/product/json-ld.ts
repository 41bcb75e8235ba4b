import type { Product } from '@eyewear/api-client';
import { displayNameOf, pricesOfProduct } from '../../app/rules';

/**
 * schema.org Product of a product page (issue 19, in the server's HTML): name, images, SKU and
 * id, brand, the Offer (the selling price in its currency, stock, the page's URL) and, when the
 * product has ratings, its AggregateRating. `absolute` makes a site path a full URL.
 */
export function productJsonLd(product: Product, absolute: (path: string) => string): object {
  const { selling } = pricesOfProduct(product);
  const url = absolute(product.url);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: displayNameOf(product),
    image: product.imageUrlsDetail.map((image) => absolute(image.url)),
    sku: product.sku,
    productID: String(product.id),
    brand: { '@type': 'Brand', name: product.brandName },
    ...(product.frameColour ? { color: product.frameColour } : {}),
    url,
    offers: {
      '@type': 'Offer',
      price: selling.price,
      priceCurrency: selling.currencyCode,
      availability: product.qty === 0 ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
      url,
    },
    ...(product.reviews && product.reviews.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.reviews.rating, reviewCount: product.reviews.count, bestRating: 5 } }
      : {}),
  };
}
