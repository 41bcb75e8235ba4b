import { expect, test, type Locator, type Page } from '@playwright/test';
import { advanceOrder } from '../support/admin';
import { registerCustomer, sideways } from '../support/customer';
import { buyFrame } from '../support/shopper';
import { collectPageErrors } from '../support/site';

/**
 * Issue "Shopper-facing finish", after sales: the return form of a delivered order states the
 * last return day as India writes dates, asks for the photo a damage reason needs (and says so
 * when it is missing), takes a PNG, tells how to ship the item oneself and where when pickup is
 * not possible at the pincode, adds a pickup address without leaving the form; the return then
 * shows on its details page. The prescription form refuses a sphere off the 0.25 step, saying
 * why, and keeps a real power. At phone and desktop widths.
 */

const ISO_DATE = /\d{4}-\d{2}-\d{2}/;
/** The return window the site promises on every page (its header strip, footer and content pages). */
const RETURN_WINDOW_DAYS = 30;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A 1x1 PNG, as a phone's camera roll would hand one over (small, real image bytes). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Indian pincodes starting with 9 (army post offices) are ones the simulated courier never serves. */
const NO_PICKUP_PINCODE = '900001';

/** The last return day, written as the site writes dates in India ("20 Jul 2026"), of a delivery between two instants. */
function lastReturnDay(deliveredFrom: number, deliveredTo: number): RegExp {
  const day = (time: number) => {
    const d = new Date(time + RETURN_WINDOW_DAYS * 24 * 60 * 60 * 1000);
    return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  };
  return new RegExp(`(${[...new Set([day(deliveredFrom), day(deliveredTo)])].join('|')})`);
}

/** A signed-in customer's frame, bought and delivered by the simulated courier: the order id and the last return day. */
async function deliveredOrder(page: Page, firstName: string) {
  const buyer = await registerCustomer(page, firstName);
  const orderId = await buyFrame(page, buyer);
  const from = Date.now();
  expect((await advanceOrder(page.request, orderId, 'DELIVERED')).status()).toBe(200);
  return { buyer, orderId, lastDay: lastReturnDay(from, Date.now()) };
}

/** From the order's page to its return form, for its one item. */
async function openReturnForm(page: Page, orderId: number) {
  await page.goto(`/sales/order/history/order-detail/${orderId}`);
  await page.getByTestId('account-OrderDetailPage').getByRole('link', { name: 'Return or exchange items' }).click();
  const returns = page.getByTestId('account-ReturnProductsPage');
  const item = returns.getByTestId('account-return-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Can be returned');
  await item.getByRole('button', { name: /^Return / }).click();
  return { returns, item, form: returns.getByRole('form', { name: /^Return / }) };
}

/**
 * The refund's method is asked in the return form, before the return is made (issue 42): the card
 * by default, saying when its money moves; then the return is started with it.
 */
async function startRefundToCard(form: Locator) {
  const methods = form.getByRole('group', { name: 'How should we refund you?' });
  await expect(methods.getByRole('radio', { name: /^Back to the original payment method/ })).toBeChecked();
  await expect(methods).not.toContainText('Instantly');
  await form.getByRole('button', { name: 'Start return' }).click();
}

/** The return just requested with its refund to the card: its group id from the confirmation; its details page. */
async function requestRefundAndOpenDetails(page: Page) {
  const returns = page.getByTestId('account-ReturnProductsPage');
  const created = returns.getByRole('status').filter({ hasText: /^Your return RG-\d+ has been requested\.$/ });
  await expect(created).toBeVisible();
  const groupId = /RG-\d+/.exec((await created.textContent())!)![0];
  await expect(returns.getByTestId('account-return-outcome')).toHaveText(
    /^Refund of ₹[\d,.]+ by the original payment method\. Started when your return is picked up or reaches us; in your account 5-7 working days later\.$/,
  );
  await returns.getByRole('link', { name: 'See return details' }).click();
  const details = page.getByTestId('account-ReturnDetailsPage').getByRole('region', { name: `Return ${groupId}` });
  await expect(details).toBeVisible();
  await expect(details.getByText('Return status: requested')).toBeVisible();
  await expect(details.getByRole('list', { name: 'Items in this return' }).getByRole('img')).toBeVisible();
  return { groupId, details };
}

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
];

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`after-sales finish at ${name} width`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 120_000 });

    test('a return states its last day, asks for the photo its reason needs, and says how and where to ship it when pickup cannot come', async ({ page }) => {
      const errors = collectPageErrors(page);
      const { orderId, lastDay } = await deliveredOrder(page, 'Nila');
      const { returns, item, form } = await openReturnForm(page, orderId);
      await expect(item.getByText(new RegExp(`^Return by ${lastDay.source}$`))).toBeVisible();
      await expect(item).not.toContainText(ISO_DATE);

      // A reason that needs a photo asks for one, and says so when the return is started without it.
      await expect(form.getByLabel('Photo of the item')).toHaveCount(0);
      await form.getByLabel('Reason').selectOption({ label: 'Damaged or defective product' });
      const photo = form.getByLabel('Photo of the item');
      await expect(photo).toHaveAccessibleDescription(/^This reason needs a photo that shows the problem: JPEG, PNG, WEBP or HEIC, up to [\d.]+ MB\.$/);
      await form.getByRole('button', { name: 'Start return' }).click();
      await expect(form.getByRole('alert')).toHaveText('Please add a photo of the item: this reason needs one.');
      await expect(photo).toHaveAttribute('aria-invalid', 'true');
      await expect(photo).toHaveAccessibleDescription(/Please add a photo of the item: this reason needs one\./);
      await expect(returns.getByText(/Your return RG-\d+ has been requested/)).toHaveCount(0);
      await photo.setInputFiles({ name: 'scratch.png', mimeType: 'image/png', buffer: PNG });
      await expect(form.getByRole('status').filter({ hasText: 'Photo added: scratch.png' })).toBeVisible();
      await expect(form.getByRole('alert')).toHaveCount(0);

      // Pickup chosen, then a pincode the courier does not serve: shipping it oneself, with the steps, the last day and the address.
      const how = form.getByRole('group', { name: 'How will you send it back?' });
      await how.getByRole('radio', { name: 'Free pickup from your address' }).check();
      await how.getByLabel('Pincode').fill(NO_PICKUP_PINCODE);
      await how.getByRole('button', { name: 'Check return options' }).click();
      await expect(how.getByText(`Free pickup is not available at ${NO_PICKUP_PINCODE}.`)).toBeVisible();
      await expect(how.getByRole('radio', { name: 'Free pickup from your address (not available here)' })).toBeDisabled();
      await expect(how.getByRole('radio', { name: 'Ship it to us yourself' })).toBeChecked();
      const note = how.getByRole('region', { name: 'Ship it to us yourself' });
      await expect(note).toContainText(`Write your order number ${orderId} on the parcel.`);
      await expect(note).toContainText(new RegExp(`Send it by a tracked courier to the address below by ${lastDay.source}\\.`));
      await expect(note.getByLabel('Return address')).toHaveText(
        'Eyewear Returns Centre Plot 14, KIADB Industrial Area Bommasandra Bengaluru Karnataka 560099',
        {
          useInnerText: true,
        },
      );
      expect.soft(await sideways(page), 'the return form fits the screen (no sideways scrolling)').toBeLessThanOrEqual(0);

      // The return is made with its photo, and its page says how it goes back and where to.
      await startRefundToCard(form);
      await expect(returns.getByRole('region', { name: 'Ship it to us yourself' })).toContainText(`Write your order number ${orderId} on the parcel.`);
      const { details } = await requestRefundAndOpenDetails(page);
      await expect(details.getByText('Going back by: you ship it to us')).toBeVisible();
      await expect(details.getByRole('region', { name: 'Ship it to us yourself' }).getByLabel('Return address')).toContainText(
        'Plot 14, KIADB Industrial Area',
      );
      await expect(details).toContainText(/by the original payment method \(paid when your return reaches us\)/);
      await expect(details).not.toContainText(ISO_DATE);
      expect.soft(await sideways(page), 'the return details fit the screen (no sideways scrolling)').toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    });

    test('a pickup address is added in place, without leaving the return form, and the return is picked up from it', async ({ page }) => {
      const errors = collectPageErrors(page);
      const { buyer, orderId } = await deliveredOrder(page, 'Ravi');
      const { returns, form } = await openReturnForm(page, orderId);
      const formUrl = page.url();
      await form.getByLabel('Reason').selectOption({ label: 'I did not like the look' });

      // A pincode where pickup comes but the customer has no saved address.
      const how = form.getByRole('group', { name: 'How will you send it back?' });
      await how.getByLabel('Pincode').fill('560038');
      await how.getByRole('button', { name: 'Check return options' }).click();
      const pickup = how.getByRole('radio', { name: 'Free pickup from your address', exact: true });
      await expect(pickup).toBeEnabled();
      await pickup.check();
      await expect(how.getByText('You have no saved address with pincode 560038.')).toBeVisible();
      await how.getByRole('button', { name: 'Add a pickup address', expanded: false }).click();

      const added = how.getByRole('group', { name: 'New pickup address' });
      await expect(added.getByLabel('Pincode')).toHaveValue('560038');
      await expect(added.getByLabel('First name')).toHaveValue(buyer.firstName);
      // Its own checks, said at the field; nothing saved, the return not started.
      await added.getByRole('button', { name: 'Save address' }).click();
      await expect(added.getByLabel('Address line 1')).toHaveAccessibleDescription('This field is required');
      const street = `${Math.floor(Math.random() * 900) + 100} Church Street`;
      await added.getByLabel('Address line 1').fill(street);
      await added.getByLabel('City').fill('Bengaluru');
      await added.getByLabel('State').selectOption('Karnataka');
      await added.getByRole('button', { name: 'Save address' }).click();

      await expect(how.getByRole('status').filter({ hasText: `Saved to your address book: we will pick it up from ${street}, Bengaluru.` })).toBeVisible();
      await expect(added).toHaveCount(0);
      await expect(how.getByRole('combobox', { name: 'Pick it up from' }).getByRole('option', { selected: true })).toHaveText(`${street}, Bengaluru 560038`);
      // Still the same form, with what was chosen before.
      expect(page.url()).toBe(formUrl);
      await expect(form.getByRole('combobox', { name: 'Reason' }).getByRole('option', { selected: true })).toHaveText('I did not like the look');
      await expect(pickup).toBeChecked();
      expect.soft(await sideways(page), 'the return form with the new pickup address fits the screen (no sideways scrolling)').toBeLessThanOrEqual(0);

      await startRefundToCard(form);
      await expect(returns.getByRole('region', { name: 'Ship it to us yourself' })).toHaveCount(0);
      const { details } = await requestRefundAndOpenDetails(page);
      await expect(details.getByText('Going back by: pickup from your address')).toBeVisible();
      await expect(details.getByRole('region', { name: 'Ship it to us yourself' })).toHaveCount(0);

      // The address is in the address book, once.
      await page.goto('/customer/account/address/');
      await expect(page.getByTestId('account-address').filter({ hasText: street })).toHaveCount(1);
      expect(errors).toEqual([]);
    });

    test('a prescription refuses a sphere off the 0.25 step at its field, saying why, and saves -2.25', async ({ page }) => {
      const errors = collectPageErrors(page);
      await registerCustomer(page, 'Tara');
      await page.goto('/customer/prescriptions/');
      const rx = page.getByRole('form', { name: 'Add a prescription' });
      const right = rx.getByRole('group', { name: 'Right eye' });
      const sphere = right.getByLabel('Spherical (SPH)');
      await sphere.fill('0.3');
      await rx.getByRole('button', { name: 'Save prescription' }).click();
      await expect(right.getByText('Powers come in steps of 0.25')).toBeVisible();
      await expect(sphere).toHaveAccessibleDescription('Powers come in steps of 0.25');
      await expect(sphere).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('Prescription saved')).toHaveCount(0);
      await expect(page.getByTestId('account-prescription')).toHaveCount(0);

      await sphere.fill('-2.25');
      await rx.getByRole('button', { name: 'Save prescription' }).click();
      await expect(page.getByText('Prescription saved')).toBeVisible();
      await expect(right.getByText('Powers come in steps of 0.25')).toHaveCount(0);
      const saved = page.getByTestId('account-prescription');
      await expect(saved).toHaveCount(1);
      await expect(saved).toContainText('-2.25');
      // Kept, not just shown: a reload reads it back.
      await page.reload();
      await expect(page.getByTestId('account-prescription')).toContainText('-2.25');
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    });
  });
}
