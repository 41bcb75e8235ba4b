import { expect, test, type Page } from '@playwright/test';
import { buyFrame } from '../support/shopper';
import { collectPageErrors, untilRunning } from '../support/site';

// Issue 20 (account): no raw codes or ISO dates on orders, product pictures and a way back to
// My orders; the reset page without a token is the change-password form; prescriptions can be
// edited and their powers are real lens powers (the form says why not); the address book has
// the spec's delivery fields. At phone and desktop widths.

const ISO_DATE = /\d{4}-\d{2}-\d{2}/;
const RAW_CODES = /\b(PENDING_PAYMENT|PLACED|CONFIRMED|PROCESSING|PACKED|SHIPPED|SUCCESS|RETURN_REQUESTED)\b|\bCC\b/;
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A new customer, signed in on the page's session. */
async function register(page: Page, firstName: string) {
  await page.goto('/');
  // The page runs and holds its session: the sign-up below signs that session in.
  await untilRunning(page);
  const email = `${firstName.toLowerCase()}.${unique()}@example.com`;
  const registered = await page.request.post('/api/v2/customers', { data: { firstName, lastName: 'Iyer', email, password: 'secret-pass' } });
  expect(registered.status()).toBe(200);
  return email;
}

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
];

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`account finish at ${name} width`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 120_000 });

    test('orders speak words and dates, show the product and lead back to My orders', async ({ page }) => {
      const errors = collectPageErrors(page);
      const email = await register(page, 'Meera');
      const orderId = await buyFrame(page, { firstName: 'Meera', lastName: 'Iyer', email });

      await page.goto('/customer/account/');
      const card = page.getByTestId('account-order').filter({ hasText: `Order #${orderId}` });
      await expect(card).toBeVisible();
      await expect(card).toContainText(/Placed on \d{1,2} [A-Z][a-z]{2} \d{4}/);
      await expect(card).toContainText(/Status: [a-z ]+/);
      await expect(card).not.toContainText(RAW_CODES);
      await expect(card).not.toContainText(ISO_DATE);
      await expect(card.getByRole('img').first()).toBeVisible();

      await card.getByRole('link', { name: `View order #${orderId}` }).click();
      const detail = page.getByTestId('account-OrderDetailPage');
      const item = detail.getByTestId('account-order-item');
      await expect(item).toHaveCount(1);
      await expect(item.getByRole('img')).toBeVisible();
      await expect(detail.getByRole('region', { name: 'Payments' })).toContainText(/Credit card: ₹[\d,]+, paid/);
      await expect(detail).not.toContainText(RAW_CODES);
      await expect(detail).not.toContainText(ISO_DATE);
      expect(await sideways(page)).toBeLessThanOrEqual(0);

      await detail.getByRole('link', { name: 'Back to My orders' }).click();
      await expect(page).toHaveURL(/\/customer\/account\/$/);
      await expect(page.getByTestId('account-order').filter({ hasText: `Order #${orderId}` })).toBeVisible();
      expect(errors).toEqual([]);
    });

    test('the reset page without a token offers a guest the reset link, not a form', async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.goto('/customer/account/resetpassword');
      await expect(page.getByRole('link', { name: 'Get a reset link by e-mail' })).toBeVisible();
      await expect(page.getByRole('form', { name: 'Change password' })).toHaveCount(0);

      // Signed in, the page is the change-password form (account's PasswordBody tests).
      await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    });

    test('a prescription refuses a power that is not a lens power, saying why, and can be edited', async ({ page }) => {
      const errors = collectPageErrors(page);
      await register(page, 'Asha');
      await page.goto('/customer/prescriptions/');
      const rx = page.getByRole('form', { name: 'Add a prescription' });
      const right = rx.getByRole('group', { name: 'Right eye' });
      await right.getByLabel('Spherical (SPH)').fill('-1.3');
      await right.getByLabel('Cylindrical (CYL)').fill('-0.75');
      await rx.getByRole('button', { name: 'Save prescription' }).click();
      await expect(right.getByText('Powers come in steps of 0.25')).toBeVisible();
      await expect(right.getByText('Enter the axis (0 to 180) that goes with the cylinder')).toBeVisible();
      await expect(page.getByTestId('account-prescription')).toHaveCount(0);
      await right.getByLabel('Spherical (SPH)').fill('-25');
      await rx.getByRole('button', { name: 'Save prescription' }).click();
      await expect(right.getByText('This lens is made from -20.00 to +12.00')).toBeVisible();
      await right.getByLabel('Spherical (SPH)').fill('-1.25');
      await right.getByLabel('Axis', { exact: true }).fill('90');
      await rx.getByRole('button', { name: 'Save prescription' }).click();
      const saved = page.getByTestId('account-prescription');
      await expect(saved).toHaveCount(1);
      await expect(saved).toContainText('Single vision');
      await expect(saved).toContainText('-1.25');

      await saved.getByRole('button', { name: 'Edit the prescription of Your power' }).click();
      const edit = saved.getByRole('form', { name: 'Edit prescription' });
      const editRight = edit.getByRole('group', { name: 'Right eye' });
      await expect(editRight.getByLabel('Spherical (SPH)')).toHaveValue('-1.25');
      await editRight.getByLabel('Spherical (SPH)').fill('-1.75');
      await edit.getByRole('button', { name: 'Save prescription' }).click();
      await expect(page.getByText('Prescription updated')).toBeVisible();
      await expect(saved).toHaveCount(1);
      await expect(saved).toContainText('-1.75');
      await expect(saved).not.toContainText(ISO_DATE);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    });

    test("the address book keeps the spec's floor, lift, alternate phone and locality", async ({ page }) => {
      const errors = collectPageErrors(page);
      const email = await register(page, 'Kiran');
      await page.goto('/customer/account/address/');
      await page.getByRole('button', { name: 'Add an address' }).click();
      const form = page.getByRole('form', { name: 'Add an address' });
      await form.getByLabel('First name').fill('Kiran');
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Mobile number', { exact: true }).fill('9812345678');
      await form.getByLabel('Alternate phone (optional)').fill('9876543210');
      await form.getByLabel('Address line 1').fill('4 Park Street');
      await form.getByLabel('Locality (optional)').fill('Park Circus');
      await form.getByLabel('Floor (0 for ground floor)').fill('3');
      await form.getByLabel('The building has a lift').check();
      await form.getByLabel('Pincode').fill('700016');
      await form.getByLabel('Pincode').blur();
      await expect(form.getByText('We deliver to 700016.')).toBeVisible();
      await expect(form.getByLabel('City')).toHaveValue('Kolkata');
      await form.getByLabel('State').selectOption('West Bengal');
      await form.getByRole('button', { name: 'Save' }).click();
      const address = page.getByTestId('account-address');
      await expect(address).toHaveCount(1);
      await expect(address).toContainText('4 Park Street, Park Circus, Kolkata, West Bengal 700016');
      await expect(address).toContainText('Floor 3, lift available');
      await expect(address).toContainText('9812345678, 9876543210');

      await address.getByRole('button', { name: 'Edit 4 Park Street' }).click();
      const edit = page.getByRole('form', { name: 'Edit address' });
      await expect(edit.getByLabel('Floor (0 for ground floor)')).toHaveValue('3');
      await expect(edit.getByLabel('The building has a lift')).toBeChecked();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    });
  });
}
