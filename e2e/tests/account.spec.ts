import { expect, test } from '@playwright/test';
import { advanceOrder, advanceReturn, readOutbox } from '../support/admin';
import { codeFromOutbox, logout, mobile, openLoginFromAccount, signUpInPopup, unique } from '../support/customer';
import { buyFrame } from '../support/shopper';
import { collectPageErrors, untilRunning } from '../support/site';

/**
 * The account journeys (issue 8): register, log in by one-time code read from the simulated
 * outbox (the API's admin listener, support/admin.ts), buy a frame, see the order, return it and pick a refund
 * method; save a prescription and an address; log out and be asked to log in again.
 */

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4096, 7)]);

/** One in-stock frame into the cart through the cart API, from the page (its session). */
test.describe('account', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a shopper registers, logs in by one-time code, buys a frame, sees the order, returns it with a refund method and sees the return details', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const telephone = mobile();
    const email = `asha.${unique()}@example.com`;

    // Register from the login popup a guarded page opens.
    const dialog = await openLoginFromAccount(page);
    // The number typed at registration is confirmed there, by a code sent to it (issue 40;
    // docs/adr/020: only a proved number logs in).
    await signUpInPopup(page, dialog, { firstName: 'Asha', lastName: 'Rao', email, telephone, password: 'secret-pass' });
    await expect(dialog).toBeHidden();
    await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();
    const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c]));
    expect(cookies.isLogined?.value).toBe('1');
    expect(cookies.log_in_status?.value).toBe('loggedin');
    await logout(page, 'Asha');

    // Log in again with the one-time code the outbox holds.
    const login = await openLoginFromAccount(page);
    await login.getByRole('button', { name: 'Use mobile number' }).click();
    await login.getByRole('textbox', { name: 'Mobile number' }).fill(telephone);
    await login.getByRole('button', { name: 'Send code' }).click();
    await expect(login.getByText(`We sent a code to +91 ${telephone}.`)).toBeVisible();
    await login.getByRole('textbox', { name: 'One-time code' }).fill(await codeFromOutbox(page, telephone));
    await login.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(login).toBeHidden();
    await expect(page.getByRole('link', { name: 'Account menu for Asha' })).toBeVisible();

    // Buy a frame through checkout, then find it among the orders.
    const orderId = await buyFrame(page);
    await page.goto('/customer/account/');
    const card = page.getByTestId('account-order').filter({ hasText: `Order #${orderId}` });
    await expect(card).toBeVisible();
    await card.getByRole('link', { name: `View order #${orderId}` }).click();
    const detail = page.getByTestId('account-OrderDetailPage');
    await expect(detail.getByTestId('account-order-item')).toHaveCount(1);
    await expect(detail.getByText('Status history')).toBeVisible();

    // The simulated courier delivers it; the shopper picks the refund method and starts the return with it (issue 42).
    const delivered = await advanceOrder(page.request, orderId, 'DELIVERED');
    expect(delivered.status()).toBe(200);
    await page.reload();
    await detail.getByRole('link', { name: 'Return or exchange items' }).click();
    const returns = page.getByTestId('account-ReturnProductsPage');
    await expect(returns.getByText('Can be returned')).toBeVisible();
    await returns.getByRole('button', { name: /^Return / }).click();
    await returns.getByLabel('A refund').check();
    await returns.getByLabel(/^Store credit/).check();
    await returns.getByRole('button', { name: 'Start return' }).click();
    await expect(returns.getByText(/Your return RG-\d+ has been requested\./)).toBeVisible();
    await returns.getByRole('link', { name: 'See return details' }).click();

    // The refund waits for the goods (docs/adr/021): pending until the return is received.
    const details = page.getByTestId('account-ReturnDetailsPage');
    await expect(details.getByText('Return status: requested')).toBeVisible();
    await expect(details.getByText(/by store credit \(paid when your return reaches us\)/)).toBeVisible();
    const returnId = (await (await page.request.get(`/api/v2/orders/${orderId}`, { headers: { 'x-country-code': 'in' } })).json()).result.returnId;
    expect((await advanceReturn(page.request, returnId, 'RECEIVED')).status()).toBe(200);
    await page.reload();
    await expect(details.getByText('Return status: received by us')).toBeVisible();
    await expect(details.getByText(/by store credit \(refunded\)/)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a customer saves a prescription with its image and an address, logs out, and the account pages ask for login again', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    // The page runs and holds its session: the sign-up below signs that session in.
    await untilRunning(page);
    const email = `meera.${unique()}@example.com`;
    const registered = await page.request.post('/api/v2/customers', { data: { firstName: 'Meera', lastName: 'Iyer', email, password: 'secret-pass' } });
    expect(registered.status()).toBe(200);

    await page.goto('/customer/prescriptions/');
    const rx = page.getByRole('form', { name: 'Add a prescription' });
    await rx.getByLabel('Whose prescription is it?').fill('Meera');
    await rx.getByRole('group', { name: 'Right eye' }).getByLabel('Spherical (SPH)').fill('-1.25');
    await rx.getByRole('group', { name: 'Left eye' }).getByLabel('Spherical (SPH)').fill('-1');
    await rx.getByLabel('Upload a photo of your prescription').setInputFiles({ name: 'rx.png', mimeType: 'image/png', buffer: PNG });
    await expect(rx.getByText(/Uploaded: prescription-/)).toBeVisible();
    await rx.getByRole('button', { name: 'Save prescription' }).click();
    const saved = page.getByTestId('account-prescription');
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText('-1.25');
    await expect(saved).toContainText('-1.00');
    const href = await saved.getByRole('link', { name: 'Download prescription image' }).getAttribute('href');
    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('image/png');

    await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Addresses' }).click();
    await page.getByRole('button', { name: 'Add an address' }).click();
    const form = page.getByRole('form', { name: 'Add an address' });
    await form.getByLabel('First name').fill('Meera');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Mobile number').fill('9812345678');
    await form.getByLabel('Address line 1').fill('4 Park Street');
    await form.getByLabel('Pincode').fill('700016');
    await form.getByLabel('Pincode').blur();
    await expect(form.getByText('We deliver to 700016.')).toBeVisible();
    await expect(form.getByLabel('City')).toHaveValue('Kolkata');
    await form.getByLabel('State').selectOption('West Bengal');
    await form.getByRole('button', { name: 'Save' }).click();
    const address = page.getByTestId('account-address');
    await expect(address).toHaveCount(1);
    await expect(address).toContainText('Default address');
    await expect(address).toContainText('4 Park Street, Kolkata, West Bengal 700016');

    await logout(page, 'Meera');
    await page.goto('/customer/prescriptions/');
    await expect(page.getByText('Please sign in to see your account.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Sign in or create an account' })).toBeVisible();
    expect(await page.getByTestId('account-prescription').count()).toBe(0);
    expect(errors).toEqual([]);
  });
  test('double-clicking "Confirm cancellation" cancels once and refunds the paid amount once', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    // The page runs and holds its session: the sign-up below signs that session in.
    await untilRunning(page);
    const registered = await page.request.post('/api/v2/customers', {
      data: { firstName: 'Kiran', lastName: 'Das', email: `kiran.${unique()}@example.com`, password: 'secret-pass' },
    });
    expect(registered.status()).toBe(200);
    const orderId = await buyFrame(page);
    const headers = { 'x-country-code': 'in' };
    const paid = (await (await page.request.get(`/api/v2/orders/${orderId}`, { headers })).json()).result.amount.total as number;
    expect(paid).toBeGreaterThan(0);

    await page.goto(`/sales/order/history/order-detail/${orderId}`);
    const detail = page.getByTestId('account-OrderDetailPage');
    await detail.getByRole('button', { name: 'Cancel order' }).click();
    const confirm = detail.getByRole('button', { name: 'Confirm cancellation' });
    await confirm.dblclick();
    const notice = detail.getByRole('status').filter({ hasText: 'Your order has been cancelled.' });
    await expect(notice).toHaveCount(1);
    await expect(detail.getByRole('button', { name: 'Cancel order' })).toBeHidden();

    const refunds = (await (await page.request.get(`/api/v2/orders/${orderId}/refund/details`, { headers })).json()).result.refunds as {
      amount: number;
      method: string;
    }[];
    expect(refunds).toEqual([expect.objectContaining({ amount: paid, method: 'source' })]);
    const order = (await (await page.request.get(`/api/v2/orders/${orderId}`, { headers })).json()).result;
    expect(order.status).toBe('CANCELLED');
    // Another cancel (a second tab, a replayed request) changes nothing.
    const again = await page.request.post(`/api/v2/orders/${orderId}/cancel`, { headers, data: { reasonId: 1 } });
    expect(again.status()).toBe(409);
    expect((await (await page.request.get(`/api/v2/orders/${orderId}/refund/details`, { headers })).json()).result.refunds).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('a customer upgrades the lenses of an ordered frame and pays the difference with a card', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    // The page runs and holds its session: the sign-up below signs that session in.
    await untilRunning(page);
    const registered = await page.request.post('/api/v2/customers', {
      data: { firstName: 'Ravi', lastName: 'Kumar', email: `ravi.${unique()}@example.com`, password: 'secret-pass' },
    });
    expect(registered.status()).toBe(200);
    const orderId = await buyFrame(page);

    await page.goto(`/lens-package-upgrade/${orderId}`);
    const upgrade = page.getByTestId('account-LensPackageUpgradePage');
    await expect(upgrade.getByRole('heading', { level: 1, name: 'Upgrade your lenses' })).toBeVisible();
    await upgrade.getByRole('link', { name: /^Upgrade the lenses of / }).click();
    await expect(page).toHaveURL(new RegExp(`/lens-package-upgrade/${orderId}/\\d+$`));
    const choose = upgrade.getByRole('form', { name: 'Choose your new lenses' });
    // The packages that fit this frame, dearest last; the first is chosen.
    const first = choose.getByRole('radio').first();
    await expect(first).toBeChecked();
    const name = (await choose.locator('label.acc-radio strong').first().textContent())!;
    await choose.getByRole('button', { name: 'Upgrade lenses' }).click();

    const pay = upgrade.getByRole('form', { name: 'Pay the difference' });
    await expect(pay.getByText(/^Pay ₹[\d,]+ to finish changing your lenses\.$/)).toBeVisible();
    await pay.getByLabel('Card number').fill('4000 0000 0000 0002');
    await pay.getByLabel('Name on card').fill('Ravi Kumar');
    await pay.getByLabel('Expiry month (MM)').fill('12');
    await pay.getByLabel('Expiry year (YYYY)').fill(String(new Date().getFullYear() + 3));
    await pay.getByLabel('CVV').fill('123');
    await pay.getByRole('button', { name: /^Pay ₹/ }).click();
    await expect(pay.getByRole('alert')).toContainText('declined');
    await pay.getByLabel('Card number').fill('4111 1111 1111 1111');
    await pay.getByRole('button', { name: /^Pay ₹/ }).click();
    await expect(upgrade.getByText(`Your lenses are now ${name}.`)).toBeVisible();
    await expect(page.getByText('Package updated successfully')).toBeVisible();

    const order = (await (await page.request.get(`/api/v2/orders/${orderId}`, { headers: { 'x-country-code': 'in' } })).json()).result;
    expect(order.items[0].packageId).toEqual(expect.any(Number));
    // The order of the difference is not listed among the customer's orders.
    const list = (await (await page.request.get('/api/v2/orders?page=0&page-size=20', { headers: { 'x-country-code': 'in' } })).json()).result;
    expect(list.orders.map((o: { id: number }) => o.id)).toEqual([orderId]);
    expect(errors).toEqual([]);
  });
});

test('the simulators are not on the public site: no /api/v2/dev routes, the admin listener only on 127.0.0.1 and its own port', async ({ request }) => {
  for (const [method, path] of [
    ['GET', '/api/v2/dev/outbox?to=%2B91%209876543210&channel=sms'],
    ['POST', '/api/v2/dev/orders/1/advance?to=DELIVERED'],
    ['GET', '/api/outbox?to=%2B91%209876543210'],
    ['POST', '/api/orders/1/advance?to=DELIVERED'],
  ] as const) {
    const answer = await request.fetch(path, { method });
    expect({ method, path, status: answer.status() }).toEqual({ method, path, status: 404 });
  }
  // Where the tests read codes: the admin listener, straight on loopback.
  expect(await readOutbox(request, '+91 9000000000', 'sms')).toEqual([]);
});
