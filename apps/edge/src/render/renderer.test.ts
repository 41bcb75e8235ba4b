// What the renderer decides before any render: a phone or not, and a shopper's own page or not.
import { join } from 'node:path';
import { createRenderer, isMobileRequest, type Renderer } from './renderer';
import { PERSONAL_PAGES } from './settings';

describe('a phone', () => {
  test('is told by Client Hints first, then by its user agent', () => {
    expect(isMobileRequest({ 'sec-ch-ua-mobile': '?1' })).toBe(true);
    expect(isMobileRequest({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Mozilla/5.0 (iPhone)' })).toBe(false);
    expect(isMobileRequest({ 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari' })).toBe(true);
    expect(isMobileRequest({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140' })).toBe(false);
  });
});

describe("a shopper's own pages (docs/adr/033)", () => {
  const renderers: Renderer[] = [];
  /**
   * A renderer with these personal pages. No render is asked for, so no worker starts: the
   * worker's script need not exist (it is only in the webpack build, dist/apps/edge).
   */
  const rendererWith = (personalPages: string[]): Renderer => {
    const renderer = createRenderer({
      apiUrl: 'http://127.0.0.1:1',
      readBuildInfo: async () => null,
      workerFile: join(__dirname, 'render-worker.js'),
      cacheEnabled: false,
      personalPages,
    });
    renderers.push(renderer);
    return renderer;
  };

  afterAll(async () => {
    await Promise.all(renderers.map((renderer) => renderer.close()));
  });

  it('are the account area, the cart, checkout, payment and the order pages by default, by route; SSR_PERSONAL can name others or none', () => {
    const renderer = rendererWith(PERSONAL_PAGES);
    expect(renderer.isPersonal({ remote: 'cart-checkout', expose: './CartPage' })).toBe(true);
    expect(renderer.isPersonal({ remote: 'cart-checkout', expose: './CheckoutPage' })).toBe(true);
    expect(renderer.isPersonal({ remote: 'account', expose: './OrdersPage' })).toBe(true);
    // The account's pages arrive rendered for their customer (issue 39); the catalogue is anonymous.
    expect(renderer.isPersonal({ remote: 'cart-checkout', expose: './PaymentPage' })).toBe(true);
    expect(renderer.isPersonal({ remote: 'account', expose: './AccountPage' }, '/customer/account/')).toBe(true);
    // The dashboard alone: its sections render in the browser.
    expect(renderer.isPersonal({ remote: 'account', expose: './AccountPage' }, '/customer/prescriptions/')).toBe(false);
    expect(renderer.isPersonal({ remote: 'account', expose: './ReturnStepPage' })).toBe(false);
    expect(renderer.isPersonal({ remote: 'catalog', expose: './ListingPage' })).toBe(false);
    expect(renderer.isPersonal(null)).toBe(false);
    const none = rendererWith([]);
    expect(none.isPersonal({ remote: 'cart-checkout', expose: './CartPage' })).toBe(false);
  });
});
