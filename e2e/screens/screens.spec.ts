import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';

const OUT = fileURLToPath(new URL('../../docs/screens/', import.meta.url));

const PAGES: [file: string, url: string, ready: (page: Page) => Promise<void>][] = [
  ['home', '/', (page) => expect(page.getByTestId('catalog-HomePage')).toBeVisible()],
  ['listing', '/catalog/3100', (page) => expect(page.getByTestId('catalog-ListingPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ['search', '/search?q=round', (page) => expect(page.getByTestId('catalog-SearchPage')).toContainText('Results for "round"')],
  ['product', '/product/128001', (page) => expect(page.getByTestId('product-ProductPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ['cart', '/cart', (page) => expect(page.getByTestId('cart-checkout-CartPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ['checkout', '/checkout/onepage/', (page) => expect(page.getByTestId('cart-checkout-CheckoutPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ['login', '/?type=login', (page) => expect(page.getByRole('dialog').first()).toBeVisible()],
  ['account', '/customer/account/', (page) => expect(page.getByTestId('account-AccountPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ['hto', '/HTO', (page) => expect(page.getByTestId('appointments-HtoPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ['not-found', '/this/page/does-not-exist', (page) => expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible()],
];

const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
];

for (const { name: width, viewport } of WIDTHS) {
  test.describe(width, () => {
    test.use({ viewport });
    for (const [file, url, ready] of PAGES) {
      test(`${file} at ${viewport.width} px`, async ({ page }) => {
        await page.goto(url);
        await ready(page);
        await page.waitForLoadState('networkidle');
        // Fonts and images in place, the caret and animations still.
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: `${OUT}${file}-${width}.png`, animations: 'disabled', caret: 'hide' });
      });
    }
  });
}
