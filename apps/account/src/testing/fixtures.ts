import { type Address, type Order, type OrderItem } from '@eyewear/api-client';

/** Data builders for the account tests: whole, typed answers; a test overrides what it is about. */

/** Item 11 of an order: the Round Classic frame, not shipped yet. */
export const anOrderItem = (overrides: Partial<OrderItem> = {}): OrderItem => ({
  id: 11,
  productId: 128001,
  name: 'Round Classic',
  quantity: 1,
  classification: 'eyeframe',
  price: { value: 1500, currencyCode: 'INR' },
  status: 'PROCESSING',
  statusHistory: [],
  ...overrides,
});

/** Address 5 of the address book, in Kolkata (700016). */
export const anAddress = (overrides: Partial<Address> = {}): Address => ({
  addressId: 5,
  defaultAddress: true,
  addressType: 'billing',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'a@b.co',
  phone: '9812345678',
  addressline1: '4 Park Street',
  city: 'Kolkata',
  state: 'West Bengal',
  postcode: '700016',
  country: 'in',
  floor: 0,
  liftAvailable: false,
  ...overrides,
});

/** Order 7: one item (`anOrderItem`), ₹1,500 paid by card, shipped to 12 MG Road, Bengaluru 560038. */
export const anOrder = (overrides: Partial<Order> = {}): Order => {
  const {
    addressId: _id,
    defaultAddress: _default,
    ...shipTo
  } = anAddress({ addressline1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', postcode: '560038' });
  return {
    id: 7,
    createdAt: '2026-06-01T10:00:00.000Z',
    status: 'PLACED',
    amount: { total: 1500, totalTax: 229, shipping: 0, currencyCode: 'INR', discounts: [] },
    payments: { paymentList: [{ method: 'cc', amount: 1500, status: 'SUCCESS' }] },
    items: [anOrderItem()],
    shippingAddress: shipTo,
    ...overrides,
  };
};
