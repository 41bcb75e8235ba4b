import { isMobileViewport, MOBILE_MEDIA_QUERY } from '@eyewear/i18n/rules';
import { cartSettings } from '../../app/settings';
import { offersOfMethod, offerStepFor, paymentMethodsVersion, VPA_PATTERN, type PaymentMethodsFlags } from './rules';

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

describe('the payment offer follows the method (the shown total is the charged one)', () => {
  const offers = [
    { offerId: 'HDFC15', bank: 'Eyebank' },
    { offerId: 'UPI5', paymentMethod: 'upi' },
  ];

  it('shows a payment offer beside its method and the card offers beside the card methods', () => {
    expect(offersOfMethod(offers, 'upi').map((o) => o.offerId)).toEqual(['UPI5']);
    expect(offersOfMethod(offers, 'cc').map((o) => o.offerId)).toEqual(['HDFC15']);
    expect(offersOfMethod(offers, 'dc').map((o) => o.offerId)).toEqual(['HDFC15']);
    expect(offersOfMethod(offers, 'nb')).toEqual([]);
    expect(offersOfMethod(offers, 'primer')).toEqual([]);
  });

  it('applies the method’s own offer once, and removes an applied offer on a method it is not for', () => {
    expect(offerStepFor({ method: null, offers, appliedId: 'UPI5' })).toBeNull();
    expect(offerStepFor({ method: 'upi', offers, appliedId: null })).toEqual({ kind: 'apply', offerId: 'UPI5' });
    expect(offerStepFor({ method: 'upi', offers, appliedId: 'HDFC15' })).toEqual({ kind: 'apply', offerId: 'UPI5' });
    expect(offerStepFor({ method: 'upi', offers, appliedId: 'UPI5' })).toBeNull();
    expect(offerStepFor({ method: 'cc', offers, appliedId: 'UPI5' })).toEqual({ kind: 'remove', offerId: 'UPI5' });
    expect(offerStepFor({ method: 'nb', offers, appliedId: 'UPI5' })).toEqual({ kind: 'remove', offerId: 'UPI5' });
    expect(offerStepFor({ method: 'cod', offers, appliedId: null })).toBeNull();
    // An offer the page does not know (no longer enabled) is removed too.
    expect(offerStepFor({ method: 'upi', offers: [], appliedId: 'OLD1' })).toEqual({ kind: 'remove', offerId: 'OLD1' });
  });

  it('keeps a card offer on a card method only for a card of its own', () => {
    expect(offerStepFor({ method: 'cc', offers, appliedId: 'HDFC15' })).toBeNull();
    expect(offerStepFor({ method: 'dc', offers, appliedId: 'HDFC15', binOffers: ['HDFC15'] })).toBeNull();
    expect(offerStepFor({ method: 'cc', offers, appliedId: 'HDFC15', binOffers: [] })).toEqual({ kind: 'remove', offerId: 'HDFC15' });
    expect(offerStepFor({ method: 'cc', offers, appliedId: 'HDFC15', savedCard: true })).toEqual({ kind: 'remove', offerId: 'HDFC15' });
    expect(offerStepFor({ method: 'primer', offers, appliedId: 'HDFC15' })).toEqual({ kind: 'remove', offerId: 'HDFC15' });
  });
});
