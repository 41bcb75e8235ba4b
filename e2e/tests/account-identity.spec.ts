import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { E2E_IDP_PORT } from '../playwright.config';
import { readOutbox } from '../support/admin';

/**
 * Social sign-in through the simulated OpenID Connect provider (tools/idp, docs/adr/020): the
 * shopper leaves the store for the provider's consent page on its own origin, picks or types an
 * identity, and comes back signed in. An identity whose e-mail already has an account must
 * prove the account's password before the two are linked.
 */

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const idpOrigin = `http://127.0.0.1:${E2E_IDP_PORT}`;

async function openLogin(page: Page) {
  await page.goto('/customer/account/');
  const dialog = page.getByRole('dialog', { name: 'Sign in or create an account' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** On the provider's consent page: type an identity (e-mail verified by the provider). */
async function consentAs(page: Page, email: string, name: string) {
  await expect(page).toHaveURL(new RegExp(`^${idpOrigin}/authorize\\?`));
  await expect(page.getByRole('heading', { name: 'Simulated identity provider' })).toBeVisible();
  const typed = page.getByRole('form', { name: 'Type an identity' });
  await typed.getByLabel('E-mail', { exact: true }).fill(email);
  await typed.getByLabel('Name').fill(name);
  await expect(typed.getByLabel('E-mail verified by the provider')).toBeChecked();
  await typed.getByRole('button', { name: 'Continue with this identity' }).click();
}

test('signs in with the simulated provider through its consent page', async ({ page }) => {
  const dialog = await openLogin(page);
  await dialog.getByRole('link', { name: 'Continue with Google' }).click();
  await consentAs(page, `tara.${unique()}@example.com`, 'Tara Social');
  await expect(page).toHaveURL(/\/customer\/account\/$/);
  await expect(page.getByRole('link', { name: 'Account menu for Tara' })).toBeVisible();
});

test('an identity whose e-mail has an account proves the password before linking', async ({ page, baseURL }) => {
  // The account exists, with its e-mail proved by a reset link (so its password may prove it).
  const email = `priya.${unique()}@example.com`;
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-country-code': 'in' } });
  expect((await api.post('/api/v2/sessions')).ok()).toBe(true);
  expect((await api.post('/api/v2/customers', { data: { firstName: 'Priya', lastName: 'Shah', email, password: 'first-pass-1' } })).ok()).toBe(true);
  expect((await api.post('/api/v2/customers/password/forgot', { data: { emailAddress: email } })).ok()).toBe(true);
  let token = '';
  await expect
    .poll(async () => {
      token = (await readOutbox(api, email, 'email')).find((m) => m.subject === 'Reset your password')?.code ?? '';
      return token;
    })
    .not.toBe('');
  expect(
    (await api.post(`/api/v2/customers/password/reset/${token}`, { data: { newPassword: 'priya-pass-2', confirmNewPassword: 'priya-pass-2' } })).ok(),
  ).toBe(true);
  await api.dispose();

  const dialog = await openLogin(page);
  await dialog.getByRole('link', { name: 'Continue with Google' }).click();
  await consentAs(page, email, 'Priya Shah');
  // Not signed in yet: the store asks for proof.
  await expect(page).toHaveURL(/\/customer\/account\/sociallink\?returnTo=%2Fcustomer%2Faccount%2F$/);
  await expect(page.getByRole('heading', { name: 'Link your Google sign-in' })).toBeVisible();
  await expect(page.getByText(`An account with ${email} already exists.`)).toBeVisible();
  const byPassword = page.getByRole('form', { name: 'Use the password of your account' });
  await byPassword.getByLabel('Password').fill('not-my-password');
  await byPassword.getByRole('button', { name: 'Link and sign in' }).click();
  await expect(page.getByText('The password is not correct.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Account menu for Priya' })).toHaveCount(0);
  await byPassword.getByLabel('Password').fill('priya-pass-2');
  await byPassword.getByRole('button', { name: 'Link and sign in' }).click();
  await expect(page).toHaveURL(/\/customer\/account\/$/);
  await expect(page.getByRole('link', { name: 'Account menu for Priya' })).toBeVisible();
});
