import { expect, type Page } from '@playwright/test';
import { type Buyer } from './shopper';
import { untilRunning } from './site';

/** A suffix no other run or test uses. */
export const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

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
