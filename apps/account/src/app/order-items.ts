import { type Order } from '@eyewear/api-client';

export type OrderItem = Order['items'][number];

/** The statuses before shipping: an item can still be cancelled, and its lenses and power changed. */
export const UNSHIPPED = new Set(['PROCESSING', 'CONFIRMED', 'PACKED']);

/** Glasses not shipped yet: their power, power type and lens package can still change. */
export const lensesCanChange = (item: Pick<OrderItem, 'classification' | 'status'>) =>
  (item.classification === 'eyeframe' || item.classification === 'sunglasses') && UNSHIPPED.has(item.status);
