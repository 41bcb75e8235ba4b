import type { CategoryData, ListingProduct } from '@eyewear/api-client';

/** A listing product and a listing page, as the API answers them. */
export const product = (id: number): ListingProduct => ({
  id,
  brandName: 'Kestrel',
  modelName: `Model ${id}`,
  productUrl: `/eyeglasses/p-${id}.html`,
  productImageUrl: `/api/v2/images/product/${id}/front.svg`,
  prices: [
    { name: 'Market Price', price: 2000, currencyCode: 'INR' },
    { name: 'Eyewear Price', price: 1500, currencyCode: 'INR' },
  ],
  classification: 'eyeframe',
  inStock: true,
});
export const page = (ids: number[], total = 40): CategoryData => ({
  categoryId: 3100,
  category_name: 'Eyeglasses',
  categoryType: 'eyeglasses',
  product_list: ids.map(product),
  num_of_products: total,
  breadcrumb: [{ label: 'Home', url: '/' }],
});
