import { expect, test } from '@playwright/test';
import { ROUTES } from '../support/routes';
import { collectPageErrors } from '../support/site';

test.describe('every route of both specs resolves to its owner', () => {
  for (const [url, testId, shows] of ROUTES) {
    test(`${url} -> ${testId}`, async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.goto(url);
      const owned = page.getByTestId(testId);
      await expect(owned).toBeVisible();
      await expect(owned.getByRole('heading', { level: 1 })).toBeVisible();
      if (shows) await expect(owned).toContainText(shows);
      expect(errors).toEqual([]);
    });
  }
});

test.describe('paths no route owns', () => {
  for (const legacy of ['/home-try-on-program-delhi', '/home-try-on-program.html', '/home-eye-check-up.html', '/eyetest']) {
    test(`${legacy} redirects to /HTO keeping the query`, async ({ page }) => {
      await page.goto(`${legacy}?utm_source=sms`);
      await expect(page.getByTestId('appointments-HtoPage')).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/HTO');
      expect(new URL(page.url()).search).toBe('?utm_source=sms');
    });
  }

  test('an SEO category URL opens its listing through the routing lookup', async ({ page, request }) => {
    const lookup = await (await request.get('/api/v3/utility/routing?url=%2Feyeglasses%2Fround.html')).json();
    const [section, id] = (lookup.result.path as string).split(':');
    expect(section).toBe('cat');
    await page.goto('/eyeglasses/round.html');
    expect(id).toBe('3101');
    await expect(page.getByTestId('catalog-ListingPage').getByRole('heading', { level: 1 })).toHaveText('Round Eyeglasses');
  });

  test('an unknown path shows the not-found page with a way home and a search box', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/this/page/does-not-exist');
    await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
    await page.getByRole('main').getByRole('combobox', { name: 'Search' }).fill('aviator');
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('catalog-SearchPage')).toContainText('Results for "aviator"');
    await page.goBack();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page.getByTestId('catalog-HomePage')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('header and footer are hidden on checkout and shown on the cart', async ({ page }) => {
    await page.goto('/checkout/onepage/');
    await expect(page.getByTestId('cart-checkout-CheckoutPage')).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await page.goto('/cart');
    await expect(page.getByTestId('cart-checkout-CartPage')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});
