import type { Cart, CartItem } from '@eyewear/api-client';
import type { CheckoutCta, StudioFlow } from '../../app/settings';

/** shopping §9 and §2 "Cart page and items": names are cut at 39 characters, thumbnails are 100x100. */
export const CART_NAME_MAX = 39;
export const THUMBNAIL_SIZE = 100;
/** shopping §2 "Cart popup": the item list scrolls beyond 272 px. */
export const POPUP_LIST_MAX_HEIGHT = 272;
/** shopping §4: the last quantity action is remembered in session storage under this key. */
export const LAST_ACTION_KEY = 'cartLastAction';

export function truncateName(name: string, max = CART_NAME_MAX): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}

/** Quantity controls are hidden for services, loyalty services, contact lenses and solutions. */
const NO_QUANTITY: CartItem['classification'][] = ['services', 'loyalty_services', 'contact_lens', 'contact_lens_solution'];
export const showsQuantityControls = (item: Pick<CartItem, 'classification'>) => !NO_QUANTITY.includes(item.classification);

/** The increase control is disabled when only one unit remains (or none, or the item is at its stock). */
export const canIncrease = (item: Pick<CartItem, 'availableQuantity' | 'quantity'>) =>
  item.availableQuantity !== undefined && item.availableQuantity > 1 && item.quantity < item.availableQuantity;

/** No stock data: out of stock. availableQuantity 1: only one left. */
export function stockLabel(item: Pick<CartItem, 'availableQuantity'>): 'outOfStock' | 'onlyOneLeft' | null {
  if (item.availableQuantity === undefined || item.availableQuantity === 0) return 'outOfStock';
  return item.availableQuantity === 1 ? 'onlyOneLeft' : null;
}

/** shopping §5 frame-only product: eyeframe or sunglasses with powerRequired POWER_REQUIRED; a frame-only cart has only such items, none with a lens package. */
export const isFrameOnlyItem = (item: Pick<CartItem, 'classification' | 'powerRequired' | 'options'>) =>
  (item.classification === 'eyeframe' || item.classification === 'sunglasses') &&
  item.powerRequired === 'POWER_REQUIRED' &&
  !item.options.some((o) => o.type === 'PACKAGE');
export const isFrameOnlyCart = (cart: Pick<Cart, 'items'> | null) => !!cart && cart.items.length > 0 && cart.items.every(isFrameOnlyItem);

/** Shown as Accessories when the classification is not one of the named ones. */
export const classificationLabel = (c: CartItem['classification']) => (c === 'accessories' ? 'Accessories' : c);

/** The appointments remote's eye-test route; `flow=studio` opens its studio flow (store, time, booking). */
export const STUDIO_FLOW_PATH = '/test-your-vision';

/** Where 'continue to select store' leads: the studio flow, for the cart's order when it has one. */
export function studioFlowTarget(orderId?: number | null): string {
  return `${STUDIO_FLOW_PATH}?flow=studio${orderId ? `&orderId=${orderId}` : ''}`;
}

/**
 * A studio-flow cart (the spec names it, not its test; our reading): a cart with an item whose
 * power is to be given later, which a studio visit measures. Its order is the one it re-orders.
 */
export const isStudioFlowCart = (cart: Pick<Cart, 'items'> | null) => !!cart && cart.items.some((i) => i.powerSubmission === 'later-on-checkout-or-call');

/** shopping §2: the checkout button's text: continue-to-select-store for a studio cart with the flow on (a link to the studio flow), the configured text, or the default. */
export function checkoutButton(
  { cta, studio, studioCart, frameOnly, orderId }: { cta: CheckoutCta; studio: StudioFlow; studioCart: boolean; frameOnly: boolean; orderId?: number | null },
  labels: { proceed: string; selectStore: string },
): { text: string; subText: string | null; to: string; studio: boolean } {
  if (studio.enabled && studioCart) return { text: labels.selectStore, subText: null, to: studioFlowTarget(orderId), studio: true };
  return {
    text: cta.mainText || labels.proceed,
    subText: frameOnly && cta.frameOnlySubText ? cta.frameOnlySubText : null,
    to: '/checkout/onepage/',
    studio: false,
  };
}

const APPLY_WALLET_FLAG = 'applyWalletOnCart';

/** shopping §4: the wallet is applied on the cart only when the stored flag applyWalletOnCart is ON. */
export const walletFlagOn = () => {
  try {
    return globalThis.localStorage?.getItem(APPLY_WALLET_FLAG) === 'ON';
  } catch {
    return false;
  }
};

/** account §2 power display rules: one implementation, in @eyewear/i18n. */
export { displayPowerValue as powerValue, powerOwnerLabel } from '@eyewear/i18n';
