import { type Order } from '@eyewear/api-client';
import { MAIN_IMAGE } from '@eyewear/ui';

export type OrderItem = Order['items'][number];

/** The statuses before shipping: an item can still be cancelled, and its lenses and power changed. */
export const UNSHIPPED = new Set(['PROCESSING', 'CONFIRMED', 'PACKED']);

/** Glasses not shipped yet: their power, power type and lens package can still change. */
export const lensesCanChange = (item: Pick<OrderItem, 'classification' | 'status'>) =>
  (item.classification === 'eyeframe' || item.classification === 'sunglasses') && UNSHIPPED.has(item.status);

/** Balances spent on an order: they paid for it, they did not lower its price (issue 42). */
const BALANCES = new Set(['sc', 'gv', 'wallet', 'exchange']);

/** What an order cost: what was charged, plus the store credit, gift voucher, wallet or exchange credit that paid for it (never ₹0 for an order paid by store credit). */
export const orderValueOf = (order: Pick<Order, 'amount'>) =>
  Math.round((order.amount.total + order.amount.discounts.filter((d) => BALANCES.has(d.type)).reduce((sum, d) => sum + d.amount, 0)) * 100) / 100;

/** Where an item's picture is: the order's thumbnail, else the product's front view. */
export const imageOf = (item: Pick<OrderItem, 'productId' | 'thumbnail'>) => item.thumbnail ?? `/api/v2/images/product/${item.productId}/front.svg`;

/**
 * An ordered product's picture, named by the product. `main`: the page's main image (the first
 * item of the order list, on the first screen: its largest paint, so it loads at once and first,
 * MAIN_IMAGE). `eager`: another picture of the first screen, loaded at once too. Chromium leaves
 * a picture of little detail (an SVG drawing at this size) out of LCP, and then takes the next
 * one of the same size: lazy, it waited for the page's scripts (LCP 2.1 s in the bench against
 * 1.1 s). The others load when they come near.
 */
export function ItemImage({
  item,
  size = 'small',
  main = false,
  eager = false,
}: {
  item: Pick<OrderItem, 'productId' | 'thumbnail' | 'name'>;
  size?: 'small' | 'large';
  main?: boolean;
  eager?: boolean;
}) {
  const [width, height] = size === 'large' ? [160, 80] : [96, 48];
  const loading = main ? MAIN_IMAGE : { loading: eager ? ('eager' as const) : ('lazy' as const) };
  return <img className="acc-item-image" src={imageOf(item)} alt={item.name} width={width} height={height} {...loading} />;
}
