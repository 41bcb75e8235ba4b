import { isMobileViewport, MOBILE_MEDIA_QUERY } from '@eyewear/i18n/rules';
import { cartApi } from './api';
import { paymentMethodsVersion, type PaymentMethodsFlags } from './payment-rules';
import { cartSettings } from './settings';

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
      expect(matchMedia).toHaveBeenCalledWith('(max-width: 640px)');
    } finally {
      globalThis.matchMedia = before;
    }
  });

  it('calls the path of the chosen version with the query', async () => {
    const call = jest.fn(async (_route: { path: string }, _input: { query: unknown }) => ({ result: { methods: [] } }));
    const api = cartApi({ call } as never);
    await api.paymentMethods({ paymentMethod: 'cc,dc' });
    await api.paymentMethods({ paymentMethod: 'cc,dc', orderId: 9 }, 'v4');
    await api.paymentMethods({ paymentMethod: 'cc,dc' }, 'v5');
    expect(call.mock.calls.map(([route, input]) => [route.path, input.query])).toEqual([
      ['/v2/payments/methods', { paymentMethod: 'cc,dc' }],
      ['/v4/payments/methods', { paymentMethod: 'cc,dc', orderId: 9 }],
      ['/v5/payments/methods', { paymentMethod: 'cc,dc' }],
    ]);
  });
});
