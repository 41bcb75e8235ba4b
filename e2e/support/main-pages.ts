import { expect, type Page } from '@playwright/test';

/**
 * The site's main pages (issue 20), each with what shows it is ready: the pages the
 * accessibility checks scan and `npm run screens` photographs, at a phone's width and a desktop's.
 */
export const MAIN_PAGES: [name: string, url: string, ready: (page: Page) => Promise<void>][] = [
  ['home', '/', (page) => expect(page.getByTestId('catalog-HomePage')).toBeVisible()],
  ['listing', '/catalog/3100', (page) => expect(page.getByTestId('catalog-ListingPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ['search', '/search?q=round', (page) => expect(page.getByTestId('catalog-SearchPage')).toContainText('Results for "round"')],
  ['product', '/product/128001', (page) => expect(page.getByTestId('product-ProductPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ['cart', '/cart', (page) => expect(page.getByTestId('cart-checkout-CartPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ['checkout', '/checkout/onepage/', (page) => expect(page.getByTestId('cart-checkout-CheckoutPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ['login', '/?type=login', (page) => expect(page.getByRole('dialog').first()).toBeVisible()],
  ['account', '/customer/account/', (page) => expect(page.getByTestId('account-AccountPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ['orders', '/sales/order/history', (page) => expect(page.getByTestId('account-OrdersPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ['hto', '/HTO', (page) => expect(page.getByTestId('appointments-HtoPage').getByRole('heading', { level: 1 })).toBeVisible()],
  [
    'test-your-vision',
    '/test-your-vision',
    (page) => expect(page.getByTestId('appointments-TestYourVisionPage').getByRole('heading', { level: 1 })).toBeVisible(),
  ],
  ['not-found', '/this/page/does-not-exist', (page) => expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible()],
];

export const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
];
