import { expect, test, type Page } from '@playwright/test';
import { addFrames } from '../support/shopper';

/**
 * The header's controls before the page's scripts run (issue 39): the cart, the shortlist, the
 * sign-in and a customer's account are links to their pages, so a tap on a server-rendered page
 * goes there at once (on a phone the page answers its scripts seconds after it shows). With
 * JavaScript off they stay links; with it on, the same controls open their popups.
 */

const PRODUCT = '/product/128001';

test('with the scripts not run, the header cart, shortlist and sign-in go to their pages', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(PRODUCT);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: /^Cart, \d+ items$/ })).toHaveAttribute('href', '/cart');
  await banner.getByRole('link', { name: /^Cart, \d+ items$/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  // The cart page arrives rendered for this shopper (a guest's: empty), without a script.
  await expect(page.getByTestId('cart-checkout-CartPage')).toBeVisible();

  await page.goto(PRODUCT);
  await banner.getByRole('link', { name: /^Shortlist, \d+ items$/ }).click();
  await expect(page).toHaveURL(/\/shortlist$/);
  await expect(page.getByTestId('catalog-ShortlistPage').getByRole('heading', { level: 1, name: 'Shortlist' })).toBeVisible();

  await page.goto(PRODUCT);
  await banner.getByRole('link', { name: 'sign in &' }).click();
  await expect(page).toHaveURL(new RegExp(`${PRODUCT}\\?type=login$`));
  await context.close();
});

test("once the scripts run, the cart opens its popup in place, and keeps its page's address for a new tab", async ({ page }) => {
  await page.goto(PRODUCT);
  await addFrames(page, 1);
  await page.reload();
  const cart = page.getByRole('banner').getByRole('link', { name: 'Cart, 1 items' });
  await expect(page.locator('#root:not([data-hydrating])')).toHaveCount(1);
  await cart.click();
  await expect(page.getByRole('dialog', { name: 'Shopping cart (1)' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${PRODUCT}$`));
  await expect(cart).toHaveAttribute('href', '/cart');
});

/** Holds the shell's entry script until `release()`: the page shows and reads, but is not React's. */
async function holdScripts(page: Page) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/main\.[0-9a-f]{8}\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

test.describe("a tap before the page is React's (docs/adr/051)", () => {
  test.use({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });

  test("a tap on the menu before hydration is kept, shown as pending, and answered once the page is React's; a swipe is not a tap", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const menu = page.getByRole('banner').getByRole('button', { name: /menu/i }).first();
    await expect(page.locator('#root[data-hydrating]')).toHaveCount(1);
    await expect(menu).toBeDisabled();
    const box = (await menu.boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    // A swipe that starts on the button (a scroll) is not kept.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [centre] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: centre.x, y: centre.y + 80 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(menu).not.toHaveAttribute('data-tap-pending');
    // A tap is: the button shows it was taken; nothing answers it yet (the scripts are held).
    await page.touchscreen.tap(centre.x, centre.y);
    await expect(menu).toHaveAttribute('data-tap-pending', '');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    release();
    await expect(page.locator('#root:not([data-hydrating])')).toHaveCount(1);
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).not.toHaveAttribute('data-tap-pending');
  });
});
