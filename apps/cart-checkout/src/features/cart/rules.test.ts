import { formatPrice } from '@eyewear/i18n';
import { anItem } from '../../testing/fixtures';
import {
  canIncrease,
  checkoutButton,
  CART_NAME_MAX,
  isFrameOnlyCart,
  isStudioFlowCart,
  STUDIO_FLOW_PATH,
  studioFlowTarget,
  powerOwnerLabel,
  powerValue,
  POPUP_LIST_MAX_HEIGHT,
  showsQuantityControls,
  stockLabel,
  THUMBNAIL_SIZE,
  truncateName,
} from './rules';

describe('cart rules and their constants', () => {
  it('cuts names at 39 characters; thumbnails are 100x100; the popup list scrolls past 272 px', () => {
    expect(CART_NAME_MAX).toBe(39);
    expect(THUMBNAIL_SIZE).toBe(100);
    expect(POPUP_LIST_MAX_HEIGHT).toBe(272);
    expect(truncateName('x'.repeat(39))).toBe('x'.repeat(39));
    expect(truncateName('x'.repeat(40))).toBe(`${'x'.repeat(39)}…`);
  });

  it('hides quantity controls for services, loyalty, contact lenses and solutions', () => {
    for (const c of ['services', 'loyalty_services', 'contact_lens', 'contact_lens_solution'] as const)
      expect(showsQuantityControls({ classification: c })).toBe(false);
    expect(showsQuantityControls({ classification: 'eyeframe' })).toBe(true);
  });

  it('disables increase when one unit remains; labels out of stock and only one left', () => {
    expect(canIncrease({ availableQuantity: 1, quantity: 1 })).toBe(false);
    expect(canIncrease({ availableQuantity: 3, quantity: 1 })).toBe(true);
    expect(canIncrease({ availableQuantity: undefined, quantity: 1 })).toBe(false);
    expect(stockLabel({ availableQuantity: undefined })).toBe('outOfStock');
    expect(stockLabel({ availableQuantity: 1 })).toBe('onlyOneLeft');
    expect(stockLabel({ availableQuantity: 4 })).toBeNull();
  });

  it('frame-only: eyeframe or sunglasses with POWER_REQUIRED and no lens package', () => {
    const frame = anItem({ powerRequired: 'POWER_REQUIRED' });
    expect(isFrameOnlyCart({ items: [frame] })).toBe(true);
    expect(isFrameOnlyCart({ items: [frame, anItem({ classification: 'contact_lens' })] })).toBe(false);
    expect(
      isFrameOnlyCart({ items: [anItem({ powerRequired: 'POWER_REQUIRED', options: [{ type: 'PACKAGE', name: 'SV', oid: 1, catalogPrices: [] }] })] }),
    ).toBe(false);
    expect(isFrameOnlyCart({ items: [] })).toBe(false);
  });

  it('checkout button: configured text or default, frame-only sub-text, studio flow select store', () => {
    const labels = { proceed: 'Proceed to checkout', selectStore: 'Continue to select store' };
    const off = { enabled: false };
    const on = { enabled: true };
    expect(checkoutButton({ cta: {}, studio: off, studioCart: true, frameOnly: false }, labels)).toEqual({
      text: 'Proceed to checkout',
      subText: null,
      to: '/checkout/onepage/',
      studio: false,
    });
    expect(checkoutButton({ cta: { mainText: 'Buy now', frameOnlySubText: 'Frame only' }, studio: off, studioCart: false, frameOnly: true }, labels)).toEqual({
      text: 'Buy now',
      subText: 'Frame only',
      to: '/checkout/onepage/',
      studio: false,
    });
    expect(checkoutButton({ cta: {}, studio: on, studioCart: false, frameOnly: false }, labels)).toMatchObject({ text: 'Proceed to checkout', studio: false });
    expect(checkoutButton({ cta: { mainText: 'Buy now' }, studio: on, studioCart: true, frameOnly: true }, labels)).toEqual({
      text: 'Continue to select store',
      subText: null,
      to: '/test-your-vision?flow=studio',
      studio: true,
    });
    expect(checkoutButton({ cta: {}, studio: on, studioCart: true, frameOnly: false, orderId: 4021 }, labels).to).toBe(
      '/test-your-vision?flow=studio&orderId=4021',
    );
  });

  it('studio flow: its target, and which carts are studio-flow carts', () => {
    expect(STUDIO_FLOW_PATH).toBe('/test-your-vision');
    expect(studioFlowTarget()).toBe('/test-your-vision?flow=studio');
    expect(studioFlowTarget(null)).toBe('/test-your-vision?flow=studio');
    expect(studioFlowTarget(77)).toBe('/test-your-vision?flow=studio&orderId=77');
    expect(isStudioFlowCart({ items: [anItem(), anItem({ powerSubmission: 'later-on-checkout-or-call' })] })).toBe(true);
    expect(isStudioFlowCart({ items: [anItem({ powerSubmission: 'self-from-pdp' })] })).toBe(false);
    expect(isStudioFlowCart(null)).toBe(false);
  });

  it('shows two decimals only for fractional amounts (formatPrice, @eyewear/i18n)', () => {
    expect(formatPrice(1499, 'INR')).toBe('₹1,499');
    expect(formatPrice(1499.5, 'INR')).toBe('₹1,499.50');
  });

  it('power display: placeholders and empty as a hyphen; user and repeated owners', () => {
    expect(powerValue('Call Me/Email Me for Power')).toBe('-');
    expect(powerValue('Call Me/Email Me for Color')).toBe('-');
    expect(powerValue('')).toBe('-');
    expect(powerValue('-1.25')).toBe('-1.25');
    expect(powerOwnerLabel('user', [], 'Your power')).toBe('Your power');
    expect(powerOwnerLabel('Ravi', ['Ravi'], 'Your power')).toBeNull();
    expect(powerOwnerLabel('Ravi', [], 'Your power')).toBe('Ravi');
  });
});
