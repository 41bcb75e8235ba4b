import { expect, test } from '@playwright/test';
import { collectPageErrors } from '../support/site';

/**
 * Every route of spec/shopping.md §2 and spec/account.md §2 resolves to its owner's page
 * (DESIGN.md "Who owns which route"), rendered by that remote inside the shell.
 */
const ROUTES: [url: string, testId: string, shows?: string][] = [
  ['/', 'catalog-HomePage'],
  ['/promo/summer-sale', 'catalog-HomePage', 'Summer Sale'],
  ['/promo/summer-sale/offers', 'catalog-HomePage'],
  ['/eyeglasses.html', 'catalog-ContentPage', 'Eyeglasses'],
  ['/sunglasses.html', 'catalog-ContentPage', 'Sunglasses'],
  ['/premium-eyeglasses', 'catalog-ContentPage', 'Premium Eyeglasses'],
  ['/premium-sunglasses/aviator', 'catalog-ContentPage', 'Premium Sunglasses'],
  ['/catalog/3100', 'catalog-ListingPage', 'Eyeglasses'],
  ['/category/3201', 'catalog-ListingPage', 'Aviator Sunglasses'],
  ['/catalog/category/view/3100/3101/2/3', 'catalog-ListingPage', 'Round Eyeglasses'],
  ['/search?q=round', 'catalog-SearchPage', 'Results for "round"'],
  ['/customer-feedback', 'catalog-CmsPage', 'Customer feedback'],
  ['/set', 'catalog-CmsPage', 'Frame and lens sets'],
  ['/reviews', 'catalog-CmsPage', 'Reviews'],
  ['/shop-instagram', 'catalog-CmsPage', 'Shop the look'],
  ['/support', 'catalog-CmsPage', 'Support'],
  ['/mobile-app', 'catalog-CmsPage', 'Get the app'],
  ['/lead-gen/user-detail', 'catalog-CmsPage', 'Get a free consultation'],
  ['/quiz_front_page', 'catalog-QuizPage', 'Find your perfect frame'],
  ['/product/128269', 'product-ProductPage', 'Gold Membership'],
  ['/catalog/product/view/id/128269', 'product-ProductPage'],
  ['/compare-looks', 'product-CompareLooksPage'],
  ['/frame-size', 'product-FrameSizePage'],
  ['/frame_size', 'product-FrameSizePage'],
  ['/editpower/options/view', 'product-EditPowerPage'],
  ['/cart', 'cart-checkout-CartPage'],
  ['/checkout/onepage/', 'cart-checkout-CheckoutPage', 'Mode: standard'],
  ['/checkout/onepage/presales', 'cart-checkout-CheckoutPage', 'Mode: presales'],
  ['/checkout/onepage/presaleslogin', 'cart-checkout-PresalesLoginPage'],
  ['/checkout/onepage/retrypayment', 'cart-checkout-PaymentPage', 'Mode: retry'],
  ['/payment', 'cart-checkout-PaymentPage', 'Mode: standard'],
  ['/checkout/payment/qr/991', 'cart-checkout-PaymentStatusPage', 'Payment 991'],
  ['/checkout/payment/collect/992', 'cart-checkout-PaymentStatusPage', 'Payment 992'],
  ['/checkout/payment/confirm', 'cart-checkout-PaymentStatusPage'],
  ['/checkout/onepage/success', 'cart-checkout-OrderSuccessPage'],
  ['/checkout/onepage/uploadprescsms', 'cart-checkout-OrderSuccessPage'],
  ['/checkout/onepage/success/order-summary', 'cart-checkout-OrderSummaryPage'],
  ['/customer/account/', 'account-AccountPage'],
  ['/customer/prescriptions/', 'account-AccountPage', 'Prescriptions'],
  ['/customer/account/storecredit/', 'account-AccountPage', 'Store credit'],
  ['/customer/ditto-profile/', 'account-AccountPage', 'Face profiles'],
  ['/customer/account/edit/', 'account-AccountPage', 'Edit account'],
  ['/customer/account/resetpassword', 'account-PasswordPage', 'Reset your password'],
  ['/customer/account/forgotpassword', 'account-PasswordPage', 'Forgot your password'],
  ['/customer/my/order/return/1200/77', 'account-ReturnStepPage', 'Order 1200'],
  ['/sales/order/history/order-detail/1200', 'account-OrderDetailPage', 'Order 1200'],
  ['/sales/order/return-details/55', 'account-ReturnDetailsPage', 'Return 55'],
  ['/sales/order/return/products/1200', 'account-ReturnProductsPage', 'Order 1200'],
  ['/sales/order/history', 'account-OrdersPage'],
  ['/lens-package-upgrade/1200/77', 'account-LensPackageUpgradePage', 'Order 1200'],
  ['/lens-package-upgrade/1200', 'account-LensPackageUpgradePage', 'Order 1200'],
  ['/HTO', 'appointments-HtoPage'],
  ['/hto', 'appointments-HtoPage'],
  ['/HTO/sos?error=true', 'appointments-HtoSosPage'],
  ['/test-your-vision', 'appointments-TestYourVisionPage'],
];

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
