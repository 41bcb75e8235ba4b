import type { Cart, CartItem } from '@eyewear/api-client';

/** Data builders for the tests: an item and a cart as the API answers them. */
export function anItem(over: Partial<CartItem> = {}): CartItem {
  return {
    id: 11,
    productId: 128001,
    name: 'Clearview Round Classic',
    thumbnail: '/api/v2/images/product/128001/front.svg',
    productUrl: '/eyeglasses/clearview-round-128001.html',
    sku: 'eye-128001',
    quantity: 1,
    availableQuantity: 5,
    classification: 'eyeframe',
    brandName: 'Clearview',
    price: { value: 1500, currencyCode: 'INR' },
    amount: { total: 1500, currencyCode: 'INR' },
    catalogPrices: [
      { name: 'Market Price', price: 2000, currencyCode: 'INR' },
      { name: 'Eyewear Price', price: 1500, currencyCode: 'INR' },
    ],
    options: [],
    powerRequired: 'POWER_NOT_REQUIRED',
    ...over,
  };
}

export function aCart(items: CartItem[] = [anItem()], over: Partial<Cart> = {}): Cart {
  const qty = items.reduce((s, i) => s + i.quantity, 0);
  const total = items.reduce((s, i) => s + i.amount.total, 0);
  return {
    id: 7,
    items,
    itemsQty: qty,
    itemsCount: items.length,
    currencyCode: 'INR',
    totals: { subTotal: total, totalDiscount: 0, totalTax: Math.round((total * 18) / 118), shipping: 0, total, discounts: [] },
    gvAmt: 0,
    scAmt: 0,
    implicitAmt: 0,
    netAmountCart: total,
    walletApplied: false,
    applyWallet: false,
    ...over,
  };
}
