import { expect, type Locator, type Page } from '@playwright/test';
import { readOutbox } from './admin';
import { type Buyer } from './shopper';
import { untilRunning } from './site';

/** A suffix no other run or test uses. */
export const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
/** An Indian mobile (starts 6-9, ten digits) no other run uses. */
export const mobile = () => `9${unique().slice(-9)}`;

/** The account page of a signed-out shopper: it asks for a sign-in and opens the login popup. */
export async function openLoginFromAccount(page: Page) {
  await page.goto('/customer/account/');
  const dialog = page.getByRole('dialog', { name: 'Sign in or create an account' });
  await expect(page.getByTestId('account-AccountPage').getByText('Please sign in to see your account.')).toBeVisible();
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Logout from the header's account menu: back on the home page, signed out. */
export async function logout(page: Page, firstName: string) {
  await page.getByRole('link', { name: `Account menu for ${firstName}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'sign in &' })).toBeVisible();
}

/** The newest one-time code the simulated SMS gateway "sent" to a mobile (`+91` numbers). */
export async function codeFromOutbox(page: Page, telephone: string, { after = 0 }: { after?: number } = {}): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      // The newest, once more than `after` were sent: a code sent earlier to the number (a code
      // sign-in before) is not the one asked for now, which the job queue may still be sending.
      const sent = await readOutbox(page.request, `+91 ${telephone}`, 'sms');
      code = sent.length > after ? (sent[0]?.code ?? '') : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** How many text messages were sent to a number so far (for `codeFromOutbox`'s `after`). */
export async function textsSent(page: Page, telephone: string): Promise<number> {
  return (await readOutbox(page.request, `+91 ${telephone}`, 'sms')).length;
}

/**
 * A new customer registered through the API from the page's origin, so the page's session is
 * signed in as them (what the account pages and checkout then show). Returns them as a buyer.
 */
export async function registerCustomer(page: Page, firstName: string, lastName = 'Iyer'): Promise<Buyer> {
  await page.goto('/');
  await untilRunning(page);
  const email = `${firstName.toLowerCase()}.${unique()}@example.com`;
  const registered = await page.request.post('/api/v2/customers', { data: { firstName, lastName, email, password: 'secret-pass' } });
  expect(registered.status()).toBe(200);
  return { firstName, lastName, email };
}

/** Whether the page scrolls sideways (a phone layout must not): the overflow in pixels. */
export const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Records every text an element (by test id) shows, from the next navigation on, so a journey
 * can check what was never shown, however briefly. Call before navigating; the returned
 * function reads the texts in the order they were shown.
 */
export async function recordTexts(page: Page, testId: string): Promise<() => Promise<string[]>> {
  await page.addInitScript((id) => {
    const seen: string[] = [];
    (window as unknown as { __texts?: string[] }).__texts = seen;
    const record = () => {
      const text = document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
      if (text !== null && seen[seen.length - 1] !== text) seen.push(text);
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
  }, testId);
  return () => page.evaluate(() => [...((window as unknown as { __texts?: string[] }).__texts ?? [])]);
}

/**
 * Fills the sign-up tab of the login popup and creates the account. With a mobile number the
 * form first sends it a code and the account is created with the code, read from the outbox
 * (issue 40: the number is confirmed at sign-up). Leaves the dialog to close on its own.
 */
export async function signUpInPopup(
  page: Page,
  dialog: Locator,
  who: { firstName: string; lastName?: string; email: string; password: string; telephone?: string },
) {
  await dialog.getByRole('tab', { name: 'Create an account' }).click();
  await dialog.getByLabel('First name').fill(who.firstName);
  if (who.lastName) await dialog.getByLabel('Last name').fill(who.lastName);
  await dialog.getByLabel('E-mail').fill(who.email);
  if (who.telephone) await dialog.getByLabel('Mobile number (optional)').fill(who.telephone);
  await dialog.getByLabel('Password').fill(who.password);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  if (!who.telephone) return;
  await expect(dialog.getByText(`We sent a code to +91 ${who.telephone}. Enter it to confirm your number and create your account.`)).toBeVisible();
  await dialog.getByLabel('Code from the SMS').fill(await codeFromOutbox(page, who.telephone));
  await dialog.getByRole('button', { name: 'Create account' }).click();
}
