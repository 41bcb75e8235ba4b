import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../support/routes';

/**
 * Shoppers on phones (issue 20, "Phones and dead ends"): no page scrolls sideways at 360 px,
 * and the header is one compact row with the menu in a drawer.
 */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('at 360 px no page of the route table scrolls sideways', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  for (const [url, testId] of ROUTES) {
    test(`${url}`, async ({ page }) => {
      await page.goto(url);
      await expect(page.getByTestId(testId).getByRole('heading', { level: 1 })).toBeVisible();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
    });
  }
});

test.describe('the phone header at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('is one compact row: logo, menu, search, account, shortlist and cart, all on screen', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(page.getByTestId('catalog-HomePage')).toBeVisible();
    const controls = [
      banner.getByRole('link', { name: 'Eyewear home' }),
      banner.getByRole('button', { name: 'Menu' }),
      banner.getByRole('button', { name: 'Open search' }),
      banner.getByRole('link', { name: 'Sign in' }),
      banner.getByRole('link', { name: /^Shortlist, \d+ items$/ }),
      banner.getByRole('link', { name: /^Cart, \d+ items$/ }),
    ];
    const tops: number[] = [];
    for (const control of controls) {
      await expect(control).toBeInViewport({ ratio: 1 });
      tops.push((await control.boundingBox())!.y);
    }
    // One row: every control's top within a few pixels of the others.
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(16);
    // The promise strip is, one line (issue 42); the quick links and the desktop menu rows are not.
    await expect(page.getByTestId('shell-top-strip')).toBeVisible();
    expect((await page.getByTestId('shell-top-strip').boundingBox())!.height).toBeLessThanOrEqual(32);
    await expect(banner.getByRole('link', { name: 'Track order' })).toBeHidden();
    const height = (await banner.boundingBox())!.height;
    expect(height).toBeLessThanOrEqual(120);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });

  test('the menu drawer lists the main menu, leads to a page and closes; Escape closes it too', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('catalog-HomePage')).toBeVisible();
    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Main menu' });
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await expect(drawer.getByRole('link', { name: 'Track order' })).toBeVisible();
    const eyeglasses = drawer.getByRole('navigation', { name: 'Main menu' }).getByText('Eyeglasses', { exact: true }).first();
    await eyeglasses.click();
    // A top entry with children opens its links; one of them leads to a listing.
    const link = drawer.locator('details[open] a').first();
    await link.click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });

  test('the search button opens the search field under the row, focused; a search leads to results', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('catalog-HomePage')).toBeVisible();
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('combobox', { name: 'Search' })).toBeHidden();
    await banner.getByRole('button', { name: 'Open search', expanded: false }).click();
    const field = banner.getByRole('combobox', { name: 'Search' });
    await expect(field).toBeFocused();
    await field.fill('round');
    await field.press('Enter');
    await expect(page.getByTestId('catalog-SearchPage')).toContainText('Results for "round"');
    await expect(banner.getByRole('combobox', { name: 'Search' })).toBeHidden();
    expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(120);
  });

  test('a guest signs in from the account icon, and signs up from the drawer', async ({ page }) => {
    await page.goto('/cart');
    await expect(page.getByTestId('cart-checkout-CartPage')).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    const login = page.getByRole('dialog').first();
    await expect(login).toBeVisible();
    const box = (await login.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Main menu' }).getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('dialog', { name: 'Main menu' })).toBeHidden();
    await expect(page.getByRole('dialog').first()).toBeVisible();
  });

  test('a page without the header has the slim bar: the way back, and a sign-in that opens the login', async ({ page }) => {
    await page.goto('/checkout/onepage/');
    await expect(page.getByTestId('cart-checkout-CheckoutPage')).toBeVisible();
    const bar = page.getByRole('navigation', { name: 'Eyewear' });
    await expect(bar.getByRole('link', { name: 'Back to cart' })).toBeInViewport();
    // One line: the way out does not wrap beside the logo.
    expect((await bar.getByRole('link', { name: 'Back to cart' }).boundingBox())!.height).toBeLessThan(32);
    await bar.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await bar.getByRole('link', { name: 'Back to cart' }).click();
    await expect(page.getByTestId('cart-checkout-CartPage')).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });
});

test.describe('the chat entry on phones', () => {
  for (const width of [360, 412]) {
    test(`at ${width} px it ends the promise strip's line in the header: named, 44 px wide, in reach while the shopper scrolls, over nothing of the page`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 823 });
      await page.goto('/product/128001');
      await expect(page.getByTestId('product-ProductPage').getByRole('heading', { level: 1 })).toBeVisible();
      const banner = page.getByRole('banner');
      const chat = banner.getByRole('button', { name: 'Chat with us' });
      await expect(chat).toBeInViewport({ ratio: 1 });
      const box = (await chat.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(24);
      expect(box.x + box.width).toBeGreaterThan(width - 4);
      expect(box.y).toBeLessThan(4);
      // At the end of the page it is still on screen, inside the sticky header: it covers nothing
      // the header does not. (Twice: sections laid out as they come near change the page's height.)
      for (let i = 0; i < 2; i += 1) {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(200);
      }
      await expect(page.getByRole('contentinfo').getByText(/© \d{4}/)).toBeInViewport();
      await expect(chat).toBeInViewport({ ratio: 1 });
      const header = (await banner.boundingBox())!;
      const now = (await chat.boundingBox())!;
      expect(now.y).toBeGreaterThanOrEqual(header.y - 0.5);
      expect(now.y + now.height).toBeLessThanOrEqual(header.y + header.height + 0.5);
      // Its widget opens under it, whole on the screen.
      await chat.click();
      await expect(page.getByRole('region', { name: 'Chat with us' })).toBeInViewport({ ratio: 1 });
    });
  }
});
