import { expect, request as playwrightRequest, test, type Browser, type Page } from '@playwright/test';
import { readOutbox } from '../support/admin';
import { codeFromOutbox, logout, mobile, openLoginFromAccount, signUpInPopup, textsSent, unique } from '../support/customer';
import { buyFrame } from '../support/shopper';
import { collectPageErrors } from '../support/site';

/**
 * Issue 40, the account journeys an attacker and a customer who does everything right try:
 * a customer who signs up with an e-mail and a mobile finds the same account (with its orders)
 * when signing in by a code to that mobile; a number that sits unconfirmed on an account makes
 * no second account behind the customer's back; and a pre-hijacked account (the victim's
 * e-mail registered by an attacker, who confirmed their own phone on it) is the owner's alone
 * once the owner resets the password.
 */
test.describe.configure({ timeout: 150_000 });

/** Code sign-in from the login popup of the account page, up to the code being typed. */
async function codeSignIn(page: Page, telephone: string) {
  const dialog = await openLoginFromAccount(page);
  await dialog.getByRole('button', { name: 'Use mobile number' }).click();
  await dialog.getByRole('textbox', { name: 'Mobile number' }).fill(telephone);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText(`We sent a code to +91 ${telephone}.`)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'One-time code' }).fill(await codeFromOutbox(page, telephone));
  await dialog.getByRole('button', { name: 'Verify and sign in' }).click();
  return dialog;
}

/** Who the page's session is signed in as, from the API (null: a guest). */
async function whoAmI(page: Page): Promise<{ id: number | null; email: string | null }> {
  const me = await page.request.get('/api/me', { headers: { 'x-country-code': 'in' } });
  return (await me.json()).result;
}

/** A browser of its own (another person, another device): its own cookies and session. */
async function otherBrowser(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test('signed up with an e-mail and a mobile (confirmed in the form), signed out, a code sign-in to the mobile opens the same account with its orders', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const telephone = mobile();
  const email = `nisha.${unique()}@example.com`;
  const dialog = await openLoginFromAccount(page);
  await signUpInPopup(page, dialog, { firstName: 'Nisha', lastName: 'Menon', email, telephone, password: 'nisha-pass-1' });
  await expect(dialog).toBeHidden();
  const account = await whoAmI(page);
  expect(account.email).toBe(email);

  const orderId = await buyFrame(page, { firstName: 'Nisha', lastName: 'Menon', email });
  await page.goto('/customer/account/');
  await expect(page.getByTestId('account-order').filter({ hasText: `Order #${orderId}` })).toBeVisible();
  await logout(page, 'Nisha');

  const login = await codeSignIn(page, telephone);
  await expect(login).toBeHidden();
  await expect(page.getByRole('link', { name: 'Account menu for Nisha' })).toBeVisible();
  expect((await whoAmI(page)).id).toBe(account.id);
  await expect(page.getByTestId('account-order').filter({ hasText: `Order #${orderId}` })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a code sign-in with a number left unconfirmed at sign-up says which account has it; signed in there, the customer confirms it', async ({
  page,
  baseURL,
}) => {
  const telephone = mobile();
  const email = `kiran.${unique()}@example.com`;
  // An account made by a form that did not confirm the number (the N-1 sign-up, or the API).
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-country-code': 'in' } });
  expect((await api.post('/api/v2/sessions')).ok()).toBe(true);
  const made = await api.post('/api/v2/customers', {
    data: { firstName: 'Kiran', lastName: 'Das', email, password: 'kiran-pass-1', telephone, phoneCode: '+91' },
  });
  expect(made.ok()).toBe(true);
  const accountId = (await made.json()).result.user.id as number;
  await api.dispose();

  const dialog = await codeSignIn(page, telephone);
  const masked = `k${'*'.repeat(email.indexOf('@') - 1)}${email.slice(email.indexOf('@'))}`;
  await expect(dialog.getByRole('alert')).toContainText(`+91 ${telephone} was given when ${masked} was created, but it was never confirmed`);
  expect((await whoAmI(page)).id).toBeNull();

  // The way on: sign in there by e-mail, then confirm the number from the account.
  await dialog.getByRole('button', { name: `Sign in with ${masked}` }).click();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill('kiran-pass-1');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect((await whoAmI(page)).id).toBe(accountId);
  await page.goto('/customer/account/edit/');
  await expect(page.getByText('This number is not confirmed yet, so signing in with a code to it does not reach this account.')).toBeVisible();
  // The code sign-in sent the number a code already: the one to confirm with is the next.
  const sent = await textsSent(page, telephone);
  await page.getByRole('button', { name: 'Confirm this number' }).click();
  const confirm = page.getByRole('form', { name: 'Confirm your mobile number' });
  await confirm.getByLabel('Code').fill(await codeFromOutbox(page, telephone, { after: sent }));
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Confirmed: ${telephone} is now on your account.`)).toBeVisible();
  await logout(page, 'Kiran');

  const again = await codeSignIn(page, telephone);
  await expect(again).toBeHidden();
  expect((await whoAmI(page)).id).toBe(accountId);
});

test('pre-hijack: the attacker registers the victim e-mail and confirms their own phone on it; the owner resets the password and the attacker is out', async ({
  page,
  browser,
  baseURL,
}) => {
  const victimEmail = `owner.${unique()}@example.com`;
  const attackerPhone = mobile();

  // The attacker, in a browser of their own: the victim's e-mail with the attacker's password.
  const attacker = await otherBrowser(browser, baseURL);
  const signUp = await openLoginFromAccount(attacker.page);
  await signUpInPopup(attacker.page, signUp, { firstName: 'Mallory', email: victimEmail, password: 'attacker-pass' });
  await expect(signUp).toBeHidden();
  const hijacked = await whoAmI(attacker.page);
  // ...and the attacker's own phone, confirmed on it with a code.
  await attacker.page.goto('/customer/account/edit/');
  const details = attacker.page.getByRole('form', { name: 'Save' });
  await details.getByLabel('Mobile number').fill(attackerPhone);
  await details.getByRole('button', { name: 'Save' }).click();
  const confirm = attacker.page.getByRole('form', { name: 'Confirm your mobile number' });
  await confirm.getByLabel('Code').fill(await codeFromOutbox(attacker.page, attackerPhone));
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(attacker.page.getByText(`Confirmed: ${attackerPhone} is now on your account.`)).toBeVisible();

  // The owner of the e-mail asks for a reset link and sets a password.
  const forgot = await openLoginFromAccount(page);
  await forgot.getByRole('button', { name: 'Forgot password?' }).click();
  await forgot.getByLabel('E-mail').fill(victimEmail);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  let token = '';
  await expect
    .poll(async () => {
      token = (await readOutbox(page.request, victimEmail, 'email')).find((m) => m.subject === 'Reset your password')?.code ?? '';
      return token;
    })
    .not.toBe('');
  await page.goto(`/customer/account/resetpassword?token=${token}`);
  const reset = page.getByRole('form', { name: 'Reset your password' });
  await reset.getByLabel('New password', { exact: true }).fill('owner-pass-1');
  await reset.getByLabel('Confirm new password').fill('owner-pass-1');
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'This was the first time this e-mail was confirmed' })).toBeVisible();

  // The attacker's session is over; the attacker's phone and password no longer open the account.
  await attacker.page.goto('/customer/account/');
  await expect(attacker.page.getByTestId('account-AccountPage').getByText('Please sign in to see your account.')).toBeVisible();
  expect((await whoAmI(attacker.page)).id).toBeNull();
  const byCode = await codeSignIn(attacker.page, attackerPhone);
  await expect(byCode).toBeHidden();
  const landed = await whoAmI(attacker.page);
  expect(landed.id).not.toBe(hijacked.id);
  expect(landed.email).toBeNull();
  const byPassword = await attacker.page.request.post('/api/v2/customers/authenticate', {
    headers: { 'x-country-code': 'in' },
    data: { email: victimEmail, password: 'attacker-pass' },
  });
  expect(byPassword.status()).toBe(401);
  await attacker.context.close();

  // The owner signs in with the new password and has the account, without the attacker's phone.
  const signIn = await openLoginFromAccount(page);
  await signIn.getByLabel('E-mail').fill(victimEmail);
  await signIn.getByLabel('Password').fill('owner-pass-1');
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signIn).toBeHidden();
  const owner = await page.request.get('/api/me', { headers: { 'x-country-code': 'in' } });
  expect((await owner.json()).result).toMatchObject({ id: hijacked.id, email: victimEmail, telephone: null });
});
