import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * Accessibility (issue 20): axe finds no serious or critical WCAG 2.1 A/AA violation on the
 * main pages, at a phone's width and a desktop's.
 */
const PAGES: [name: string, url: string, ready: (page: Page) => Promise<void>][] = [
  ['home', '/', (page) => expect(page.getByTestId('catalog-HomePage')).toBeVisible()],
  ['listing', '/catalog/3100', (page) => expect(page.getByTestId('catalog-ListingPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ['search', '/search?q=round', (page) => expect(page.getByTestId('catalog-SearchPage')).toContainText('Results for "round"')],
  ['product', '/product/128001', (page) => expect(page.getByTestId('product-ProductPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ['cart', '/cart', (page) => expect(page.getByTestId('cart-checkout-CartPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ['checkout', '/checkout/onepage/', (page) => expect(page.getByTestId('cart-checkout-CheckoutPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ['login', '/?type=login', (page) => expect(page.getByRole('dialog').first()).toBeVisible()],
  ['account', '/customer/account/', (page) => expect(page.getByTestId('account-AccountPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ['orders', '/sales/order/history', (page) => expect(page.getByTestId('account-OrdersPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ['HTO', '/HTO', (page) => expect(page.getByTestId('appointments-HtoPage').getByRole('heading', { level: 1 })).toBeVisible()],
  [
    'test your vision',
    '/test-your-vision',
    (page) => expect(page.getByTestId('appointments-TestYourVisionPage').getByRole('heading', { level: 1 })).toBeVisible(),
  ],
  ['not found', '/this/page/does-not-exist', (page) => expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible()],
];

const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
];

for (const { name: width, viewport } of WIDTHS) {
  test.describe(`axe at ${width} width`, () => {
    test.use({ viewport });
    for (const [name, url, ready] of PAGES) {
      test(`${name} (${url}) has no serious or critical violation`, async ({ page }) => {
        await page.goto(url);
        await ready(page);
        // Let late content (carousels, images, the session) settle before the scan.
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id}: ${violation.nodes
                .map((node) => node.target.join(' '))
                .slice(0, 4)
                .join(' | ')}`,
          );
        expect(serious).toEqual([]);
      });
    }
  });
}
