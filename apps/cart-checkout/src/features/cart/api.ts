import {
  audienceTypeOf,
  cartRoutes,
  checkoutRoutes,
  productRoutes,
  type AddToCart,
  type ApiClient,
  type Cart,
  type CartItem,
  type PowerType,
  type UpdateCartItem,
} from '@eyewear/api-client';
import { useQuery, type LoadStatus } from '@eyewear/event-bus';

/**
 * The cart's operations, run one after another by the cart saga. A change carries `key`, the
 * Idempotency-Key of the shopper's action (`cartActions.requested` draws it): sent with the call,
 * so a repeat of the action changes nothing (issue 37).
 */
export type CartOp = CartOpKind & { key?: string };
type CartOpKind =
  | { op: 'get'; applyWallet?: boolean }
  | { op: 'add'; item: AddToCart }
  | { op: 'increase'; itemId: number }
  | { op: 'decrease'; itemId: number }
  | { op: 'remove'; itemId: number }
  | { op: 'update'; itemId: number; change: UpdateCartItem }
  | { op: 'clear' }
  | { op: 'applyVoucher'; code: string }
  | { op: 'removeVoucher'; code: string }
  | { op: 'applyStoreCredit'; code: string }
  | { op: 'removeStoreCredit' }
  | { op: 'applyOffer'; offerId: string }
  | { op: 'removeOffer'; offerId: string };

/** One cart operation over the page's client: every one answers with the cart, priced by the API. */
export function runCartOp(client: Pick<ApiClient, 'call'>, op: CartOp): Promise<{ result: Cart }> {
  const r = cartRoutes;
  const key = op.key === undefined ? {} : { idempotencyKey: op.key };
  switch (op.op) {
    case 'get':
      return client.call(r.get, { query: op.applyWallet === undefined ? {} : { applyWallet: String(op.applyWallet) } });
    case 'add':
      return client.call(r.add, { body: op.item, ...key });
    case 'increase':
      return client.call(r.increase, { params: { itemId: op.itemId }, query: { count: 1 }, ...key });
    case 'decrease':
      return client.call(r.decrease, { params: { itemId: op.itemId }, query: { count: 1 }, ...key });
    case 'remove':
      return client.call(r.remove, { params: { itemId: op.itemId }, ...key });
    case 'update':
      return client.call(r.updateItem, { params: { itemId: op.itemId }, body: op.change, ...key });
    case 'clear':
      return client.call(r.clear, key);
    case 'applyVoucher':
      return client.call(r.applyGiftVoucher, { body: { code: op.code }, ...key });
    case 'removeVoucher':
      return client.call(r.removeGiftVoucher, { params: { code: op.code }, ...key });
    case 'applyStoreCredit':
      return client.call(r.applyStoreCredit, { body: { code: op.code }, ...key });
    case 'removeStoreCredit':
      return client.call(r.removeStoreCredit, key);
    case 'applyOffer':
      return client.call(r.applyOffer, { body: { offerId: op.offerId }, ...key });
    case 'removeOffer':
      return client.call(r.removeOffer, { params: { offerId: op.offerId }, ...key });
  }
}

/** The power type an item's lenses are of: what it was added with, or the frame kind's usual one. */
export function itemPowerType(item: Pick<CartItem, 'lensType' | 'classification'>): PowerType {
  if (item.lensType) return item.lensType as PowerType;
  return item.classification === 'sunglasses' ? 'SUNGLASSES' : 'SINGLE_VISION';
}

/** The lens packages that fit an item (all of them, not only the recommended three), for the package change from the cart. */
export function usePackages(item: Pick<CartItem, 'productId' | 'frameType' | 'lensType' | 'classification'>) {
  const powerType = itemPowerType(item);
  return useQuery(productRoutes.packages, {
    params: { id: item.productId },
    query: {
      power_type: powerType,
      allPackages: 'true',
      ...(item.frameType ? { frame_type: item.frameType } : {}),
      // shopping §7: the shopper's audience type (the location lookup's cookie).
      audienceType: audienceTypeOf(typeof document === 'undefined' ? '' : document.cookie),
    },
  });
}

/** Whether this cart can be paid for: `null` while that is being asked (or when it could not be read: checkout stays open). */
export interface PaymentAvailability {
  status: LoadStatus;
  available: boolean | null;
}

/**
 * Can the shopper pay for this cart, known before checkout (so no one reaches a payment page
 * without a way to pay)? The same calls the payment page makes: in India the payment methods
 * (shopping §5, §7: filter `cc,dc`, fetched for India only), elsewhere the card provider's
 * method (shopping §7 "the card-provider flow": paymentMethod=primer, the card types the
 * payment page shows). At least one enabled method, or the notice.
 */
export function usePaymentAvailability(country: string, enabled = true): PaymentAvailability {
  const india = country === 'in';
  const methods = useQuery(checkoutRoutes.paymentMethods, { query: { paymentMethod: 'cc,dc' } }, { enabled: enabled && india });
  const provider = useQuery(
    checkoutRoutes.paymentMethods,
    { query: { paymentMethod: 'primer', primerPaymentMethods: 'PAYMENT_CARD' } },
    { enabled: enabled && !india },
  );
  if (!enabled) return { status: 'idle', available: null };
  const asked = india ? methods : provider;
  if (asked.status !== 'ready') return { status: asked.status, available: null };
  const list = asked.data?.result.methods ?? [];
  return { status: 'ready', available: india ? list.some((m) => m.enabled) : list.some((m) => m.code === 'primer' && m.enabled) };
}
