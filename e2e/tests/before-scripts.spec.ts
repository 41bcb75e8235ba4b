import { expect, test } from '@playwright/test';
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
