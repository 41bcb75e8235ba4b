// The server renderer's settings (deploy/README.md documents each variable).
const env = process.env;
const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** How long a page may take to render before what is still pending is left to the browser. */
export const RENDER_DEADLINE_MS = Number(env['SSR_DEADLINE_MS']) || 2000;
/** How long a shell build whose server build failed to load renders in the browser before it is tried again. */
export const RETRY_FAILED_MS = Number(env['SSR_RETRY_FAILED_MS']) || 30_000;
/** How long one remote module may take to load on the server before its area goes to the browser. */
export const MODULE_DEADLINE_MS = Number(env['SSR_MODULE_DEADLINE_MS']) || 1500;
/**
 * The remotes whose pages the edge renders for everyone (SSR_REMOTES): the public catalogue.
 * The others' pages get the server-rendered shell and render their area in the browser, but
 * for a shopper's own pages (PERSONAL_PAGES).
 */
export const SERVER_REMOTES = ['catalog', 'product'];
/**
 * The shopper's own pages the edge renders for that shopper (SSR_PERSONAL, `remote/Expose`,
 * docs/adr/033), with the shopper's cookies sent to the API. Never cached.
 */
export const PERSONAL_PAGES = [
  // The account's dashboard; its sections (prescriptions, addresses, store credit) render in the
  // browser: their forms and loads were not made to hydrate from the server's HTML.
  'account/AccountPage@/customer/account',
  'account/OrdersPage',
  'cart-checkout/CartPage',
  'cart-checkout/CheckoutPage',
  'cart-checkout/PaymentPage',
  'cart-checkout/OrderSuccessPage',
  'cart-checkout/OrderSummaryPage',
];
/**
 * How long a rendered page is served as it is, and then stale while it renders again (issue 19).
 * What changes a page (a price, stock, content, a release) purges it by its cache keys at once
 * (the API's purge feed, docs/adr/048): the time only bounds what no key names.
 */
export const HTML_TTL_MS = Number(env['SSR_HTML_TTL_MS']) || 60_000;
export const HTML_STALE_MS = Number(env['SSR_HTML_STALE_MS']) || 600_000;
/** How often the edge asks the API for the cache keys purged since it last asked. */
export const PURGE_POLL_MS = Number(env['SSR_PURGE_POLL_MS']) || 500;
export const MAX_CACHED_PAGES = 2000;
/** Documents of kept renders the edge keeps made (the most recently asked; renderer.ts). */
export const DOCUMENTS_KEPT = 200;

export const serverRemotesSetting = () => list(env['SSR_REMOTES'] ?? SERVER_REMOTES.join(','));
export const personalPagesSetting = () => list(env['SSR_PERSONAL'] ?? PERSONAL_PAGES.join(','));
