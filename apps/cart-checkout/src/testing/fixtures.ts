import type { Cart, CartItem, Order } from '@eyewear/api-client';

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

/** An order as `GET /v2/checkout/orders/:orderId` answers it: one frame, waiting for its payment (a UPI request declined). */
export function anOrder(over: Partial<Order> = {}): Order {
  return {
    id: 42,
    createdAt: '2030-01-01T10:00:00Z',
    status: 'PENDING_PAYMENT',
    amount: { total: 1234, totalTax: 188, shipping: 0, currencyCode: 'INR', discounts: [] },
    payments: { paymentList: [{ method: 'upi', amount: 1234, status: 'FAILED' }] },
    items: [
      {
        id: 1,
        productId: 128001,
        name: 'Clearview Round Classic',
        quantity: 1,
        classification: 'eyeframe',
        thumbnail: '/api/v2/images/product/128001/front.svg',
        price: { value: 1234, currencyCode: 'INR' },
        status: 'PROCESSING',
        statusHistory: [],
      },
    ],
    shippingAddress: {
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.com',
      phone: '9876543210',
      addressline1: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postcode: '560001',
      country: 'in',
      addressType: 'shipping',
      floor: 0,
      liftAvailable: false,
    },
    ...over,
  };
}
