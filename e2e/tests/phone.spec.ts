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
    // The top strip, the quick links and the desktop menu rows are not on a phone.
    await expect(page.getByTestId('shell-top-strip')).toBeHidden();
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
    test(`at ${width} px it is a small round button at the bottom right, named, covering neither the product's main button nor the page's end`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 823 });
      await page.goto('/product/128001');
      const chat = page.getByRole('button', { name: 'Chat with us' });
      await expect(chat).toBeInViewport({ ratio: 1 });
      const box = (await chat.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(56);
      expect(box.x + box.width).toBeGreaterThan(width - 40);
      const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      const select = page.getByTestId('product-ProductPage').getByRole('button', { name: 'Select Lenses' }).first();
      await select.scrollIntoViewIfNeeded();
      for (let step = 0; step < 6; step += 1) {
        // Wherever the button is on screen while the shopper scrolls, the chat entry is not on it.
        const button = await select.boundingBox();
        const chatNow = (await chat.boundingBox())!;
        if (button && button.y + button.height <= 823) expect(overlaps(button, chatNow)).toBe(false);
        await page.mouse.wheel(0, 90);
      }
      // At the end of the page, the footer's last line is above the chat entry.
      // (Twice: sections laid out as they come near change the page's height.)
      for (let i = 0; i < 2; i += 1) {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(200);
      }
      const legal = page.getByRole('contentinfo').getByText(/© \d{4}/);
      await expect(legal).toBeInViewport();
      expect(overlaps((await legal.boundingBox())!, (await chat.boundingBox())!)).toBe(false);
    });
  }
});
