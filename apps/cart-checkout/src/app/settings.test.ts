import { cartSettings, DEFAULT_CHECKOUT_CTA, DEFAULT_EMPTY_CART_LINKS } from './settings';

describe('cart settings from the remote settings', () => {
  it('fall back to their defaults when the settings hold none or cannot be read', () => {
    for (const settings of [null, {}]) {
      expect(cartSettings(settings)).toEqual({
        emptyCartLinks: DEFAULT_EMPTY_CART_LINKS,
        checkoutCta: DEFAULT_CHECKOUT_CTA,
        studioFlow: { enabled: false },
        paymentVersions: { msiteNewPaymentDesign: false, paymentMethodNewVersion: false },
      });
    }
  });

  it('take the configured links, checkout texts and studio switch', () => {
    const settings = cartSettings({
      EMPTY_CART_LINKS: [{ name: 'Aviators', link: '/search?q=aviator' }],
      CONFIG_CTA_DESKTOP: { CHECKOUT: { frameOnlySubText: 'Lenses later' } },
      STUDIO_FLOW: { enable: 'ON' },
    });
    expect(settings.emptyCartLinks).toEqual([{ name: 'Aviators', link: '/search?q=aviator' }]);
    expect(settings.checkoutCta).toEqual({ frameOnlySubText: 'Lenses later' });
    expect(settings.studioFlow).toEqual({ enabled: true });
  });

  it('ignore malformed links', () => {
    expect(cartSettings({ EMPTY_CART_LINKS: [{ name: 'x' }] }).emptyCartLinks).toBe(DEFAULT_EMPTY_CART_LINKS);
  });
});
