import { isMobileViewport, MOBILE_MEDIA_QUERY } from '@eyewear/i18n/rules';
import { cartSettings } from '../../app/settings';
import { paymentMethodsVersion, VPA_PATTERN, type PaymentMethodsFlags } from './rules';

const flags = (over: Partial<PaymentMethodsFlags>): PaymentMethodsFlags => ({
  mobileClient: false,
  msiteNewPaymentDesign: false,
  paymentMethodNewVersion: false,
  ...over,
});

describe('payment methods path version (shopping §7: v5, v4 or default)', () => {
  it.each([
    [flags({}), 'default'],
    [flags({ mobileClient: true }), 'default'],
    [flags({ msiteNewPaymentDesign: true }), 'default'],
    [flags({ mobileClient: true, msiteNewPaymentDesign: true }), 'v5'],
    [flags({ mobileClient: true, msiteNewPaymentDesign: true, paymentMethodNewVersion: true }), 'v5'],
    [flags({ paymentMethodNewVersion: true }), 'v4'],
    [flags({ mobileClient: true, paymentMethodNewVersion: true }), 'v4'],
    [flags({ msiteNewPaymentDesign: true, paymentMethodNewVersion: true }), 'v4'],
  ])('%j -> %s', (input, version) => {
    expect(paymentMethodsVersion(input)).toBe(version);
  });

  it('reads both switches from the remote settings, off when missing: the desktop site then uses the default path', () => {
    const off = cartSettings({}).paymentVersions;
    expect(off).toEqual({ msiteNewPaymentDesign: false, paymentMethodNewVersion: false });
    expect(paymentMethodsVersion({ mobileClient: false, ...off })).toBe('default');
    const on = cartSettings({ MSITE_NEW_PAYMENT_DESIGN: { enable: 'ON' }, PAYMENT_METHOD_NEW_VERSION: { enable: 'ON' } }).paymentVersions;
    expect(paymentMethodsVersion({ mobileClient: true, ...on })).toBe('v5');
    expect(paymentMethodsVersion({ mobileClient: false, ...on })).toBe('v4');
  });

  it('the mobile client is the mobile layout width', () => {
    const matchMedia = jest.fn((query: string) => ({ matches: query === MOBILE_MEDIA_QUERY }));
    const before = globalThis.matchMedia;
    globalThis.matchMedia = matchMedia as unknown as typeof globalThis.matchMedia;
    try {
      expect(isMobileViewport()).toBe(true);
      expect(matchMedia).toHaveBeenCalledWith(MOBILE_MEDIA_QUERY);
    } finally {
      globalThis.matchMedia = before;
    }
  });
});

// Card type, Luhn, phones and postcodes are @eyewear/i18n/rules, tested there per country.
describe('payment rules', () => {
  it('validates VPAs', () => {
    expect(VPA_PATTERN.test('success@upi')).toBe(true);
    expect(VPA_PATTERN.test('nope')).toBe(false);
  });
});
