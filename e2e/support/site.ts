import { expect, type Page } from '@playwright/test';

export const REMOTES = ['catalog', 'product', 'cart-checkout', 'account', 'appointments'] as const;
export type Remote = (typeof REMOTES)[number];

/** A page of each remote that shows the header and footer, and its test id. */
export const PAGE_OF: Record<Remote, { url: string; testId: string }> = {
  catalog: { url: '/eyeglasses.html', testId: 'catalog-ContentPage' },
  product: { url: '/product/128269', testId: 'product-ProductPage' },
  'cart-checkout': { url: '/cart', testId: 'cart-checkout-CartPage' },
  account: { url: '/customer/account/', testId: 'account-AccountPage' },
  appointments: { url: '/test-your-vision', testId: 'appointments-TestYourVisionPage' },
};

/**
 * Waits until the page runs and holds its session: a server-rendered page's root is enabled
 * once hydrated (its scripts start after its first paint, possibly after the load event
 * `goto` waits for), and the shell's first call makes the session. A journey that then calls
 * the API from the page's origin (signs up, fills the cart) acts in that session, and the
 * page's own first call cannot replace it.
 */
export async function untilRunning(page: Page, country = 'in'): Promise<void> {
  await expect(page.locator('#root:not([data-hydrating])')).toHaveCount(1);
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === `clientV1_${country}_active`)).toBe(true);
}

/** Records uncaught page errors; the journeys expect none. */
export function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

/**
 * What the page requested for the face model (its files under /static/face/) and anything off
 * our origin (data: URLs aside): the face journeys expect the model only once asked for, and
 * nothing elsewhere.
 */
export function collectFaceRequests(page: Page): { modelFiles: string[]; elsewhere: string[] } {
  const modelFiles: string[] = [];
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.hostname !== '127.0.0.1') elsewhere.push(request.url());
    if (url.pathname.startsWith('/static/face/')) modelFiles.push(url.pathname);
  });
  return { modelFiles, elsewhere };
}

/** The files the page requested under /remotes/<remote>/. */
export function collectRemoteRequests(page: Page): Record<string, string[]> {
  const seen: Record<string, string[]> = {};
  page.on('request', (request) => {
    const match = /\/remotes\/([^/]+)\/([^/]+)\/(.+)$/.exec(new URL(request.url()).pathname);
    if (match) (seen[match[1]!] ??= []).push(`${match[2]}/${match[3]}`);
  });
  return seen;
}

/**
 * Records, in the page, when an element with the test id first appears (milliseconds since
 * navigation start). Call before navigating; the returned function reads the time.
 */
export async function timeOfFirstAppearance(page: Page, testId: string): Promise<() => Promise<number | null>> {
  await page.addInitScript((id) => {
    const record = () => {
      if (document.querySelector(`[data-testid="${id}"]`)) {
        (window as unknown as { __appearedAt?: number }).__appearedAt ??= performance.now();
        return true;
      }
      return false;
    };
    const observer = new MutationObserver(() => {
      if (record()) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  }, testId);
  return () => page.evaluate(() => (window as unknown as { __appearedAt?: number }).__appearedAt ?? null);
}
