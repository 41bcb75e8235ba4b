import { type RemoteId } from './remotes';

/**
 * The route table: every route of spec/shopping.md §2 and spec/account.md §2, each mapped
 * to the remote that owns it (DESIGN.md "Who owns which route") and the page module that
 * remote exposes. The shell renders it; a remote run in development reads its own rows.
 *
 * Paths are React Router 7 patterns, matched case-insensitively (so `/HTO` is `/hto`).
 * `/*` makes subpaths optional ("exact, optional subpaths"); a path without it is exact.
 */
export interface RemoteRoute {
  path: string;
  remote: RemoteId;
  expose: `./${string}`;
  /** Fixed props for pages that serve several routes (which CMS page, presales mode...). */
  props?: Record<string, string>;
  /** 'bare' pages render outside the shell's header and footer. */
  layout?: 'shell' | 'bare';
}

const catalog = (path: string, expose: `./${string}`, extra: Partial<RemoteRoute> = {}): RemoteRoute => ({ path, remote: 'catalog', expose, ...extra });
const product = (path: string, expose: `./${string}`, extra: Partial<RemoteRoute> = {}): RemoteRoute => ({ path, remote: 'product', expose, ...extra });
const cart = (path: string, expose: `./${string}`, extra: Partial<RemoteRoute> = {}): RemoteRoute => ({ path, remote: 'cart-checkout', expose, ...extra });
const account = (path: string, expose: `./${string}`, extra: Partial<RemoteRoute> = {}): RemoteRoute => ({ path, remote: 'account', expose, ...extra });
const appointments = (path: string, expose: `./${string}`, extra: Partial<RemoteRoute> = {}): RemoteRoute => ({
  path,
  remote: 'appointments',
  expose,
  ...extra,
});

export const ROUTE_TABLE: readonly RemoteRoute[] = [
  // catalog: home, promo and content pages, listings, search, CMS pages, the shortlist
  catalog('/', './HomePage'),
  catalog('/promo/:pagename/*', './HomePage'),
  catalog('/eyeglasses.html/*', './ContentPage', { props: { page: 'eyeglasses' } }),
  catalog('/sunglasses.html/*', './ContentPage', { props: { page: 'sunglasses' } }),
  catalog('/premium-eyeglasses/*', './ContentPage', { props: { page: 'premium-eyeglasses' } }),
  catalog('/premium-sunglasses/*', './ContentPage', { props: { page: 'premium-sunglasses' } }),
  catalog('/catalog/:id', './ListingPage'),
  catalog('/category/:id', './ListingPage'),
  catalog('/catalog/category/view/*', './ListingPage'),
  catalog('/search', './SearchPage'),
  catalog('/customer-feedback', './CmsPage', { props: { page: 'customer-feedback' } }),
  catalog('/set', './CmsPage', { props: { page: 'set' } }),
  catalog('/reviews', './CmsPage', { props: { page: 'reviews' } }),
  catalog('/shop-instagram', './CmsPage', { props: { page: 'shop-instagram' } }),
  catalog('/support', './CmsPage', { props: { page: 'support' } }),
  catalog('/mobile-app', './CmsPage', { props: { page: 'mobile-app' } }),
  catalog('/lead-gen/user-detail', './CmsPage', { props: { page: 'lead-gen' } }),
  catalog('/quiz_front_page', './QuizPage', { layout: 'bare' }),
  catalog('/shortlist', './ShortlistPage'),

  // product: product page, compare looks, frame size, edit power
  product('/product/:id', './ProductPage'),
  product('/catalog/product/view/*', './ProductPage'),
  product('/compare-looks', './CompareLooksPage'),
  product('/frame-size', './FrameSizePage'),
  product('/frame_size', './FrameSizePage'),
  product('/editpower/options/view', './EditPowerPage'),

  // cart-checkout: cart, checkout, payment, order success
  cart('/cart', './CartPage'),
  cart('/checkout/onepage', './CheckoutPage', { props: { mode: 'standard' } }),
  cart('/checkout/onepage/presales', './CheckoutPage', { props: { mode: 'presales' } }),
  cart('/checkout/onepage/presaleslogin', './PresalesLoginPage'),
  cart('/checkout/onepage/retrypayment', './PaymentPage', { props: { mode: 'retry' } }),
  cart('/payment', './PaymentPage', { props: { mode: 'standard' } }),
  cart('/checkout/payment/qr/:id', './PaymentStatusPage', { props: { method: 'qr' } }),
  cart('/checkout/payment/collect/:id', './PaymentStatusPage', { props: { method: 'collect' } }),
  cart('/checkout/payment/confirm', './PaymentStatusPage', { props: { method: 'confirm' } }),
  cart('/checkout/onepage/success', './OrderSuccessPage'),
  cart('/checkout/onepage/uploadprescsms', './OrderSuccessPage', { props: { from: 'sms' } }),
  cart('/checkout/onepage/success/order-summary', './OrderSummaryPage'),

  // account: account area, orders, returns, lens package upgrade
  account('/customer/*', './AccountPage'),
  account('/customer/account/resetpassword', './PasswordPage', { props: { mode: 'reset' } }),
  account('/customer/account/forgotpassword', './PasswordPage', { props: { mode: 'forgot' } }),
  account('/customer/account/sociallink', './PasswordPage', { props: { mode: 'social-link' } }),
  account('/customer/my/order/return/:exchangeOrderId/:returnProductId', './ReturnStepPage'),
  account('/sales/order/history/order-detail/:id', './OrderDetailPage'),
  account('/sales/order/return-details/:id', './ReturnDetailsPage'),
  account('/sales/order/return/products/:id', './ReturnProductsPage'),
  account('/sales/order/invoice/:id', './OrderInvoicePage'),
  account('/sales/order/*', './OrdersPage'),
  account('/lens-package-upgrade/:orderId/:itemId?', './LensPackageUpgradePage'),

  // appointments: home try-on and eye test, SOS, test your vision
  appointments('/HTO', './HtoPage'),
  appointments('/HTO/sos', './HtoSosPage'),
  appointments('/test-your-vision', './TestYourVisionPage'),
];

/** Legacy home-try-on and eye-test URLs that redirect to /HTO (spec/account.md §2). */
const LEGACY_HTO = [/^\/home-try-on-program-[^/]+\/?$/i, /^\/home-try-on-program\.html\/?$/i, /^\/home-eye-check-up\.html\/?$/i, /^\/eyetest\/?$/i];

/** Where a legacy URL redirects, keeping query and hash (spec/shopping.md "Redirect helper"), or null. */
export function legacyRedirect(pathname: string, search = '', hash = ''): string | null {
  return LEGACY_HTO.some((pattern) => pattern.test(pathname)) ? `/HTO${search}${hash}` : null;
}

const CHROME_HIDDEN = [
  '/checkout/onepage',
  'presales',
  '/sales/order',
  '/checkout/payment/qr',
  '/checkout/payment/collect',
  '/checkout/payment/confirm',
  '/hto',
  'lens-package-upgrade',
];

/** Header and footer are hidden on these paths (spec/shopping.md "Shell"), case-insensitively. */
export function isChromeHidden(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return CHROME_HIDDEN.some((part) => path.includes(part));
}

/** What the shell hands every exposed page. */
export interface RemotePageProps {
  /** Route parameters (`id`, `pagename`, `*` for the rest of a splat path). */
  params: Readonly<Record<string, string | undefined>>;
  /** The route's fixed props from the table. */
  props: Readonly<Record<string, string>>;
}
