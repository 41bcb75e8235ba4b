import { createServer, connect, type Server } from 'node:net';
import { expect, test } from '@playwright/test';
import { startPrivateApi, startPrivateSite } from '../support/private-site';
import { collectPageErrors } from '../support/site';

/**
 * The edge cannot be turned against shoppers, and keeps the storefront up when the API dies
 * (issue 16 "The edge", docs/adr/022).
 */

/** A listener that records every connection and byte it receives: it must receive nothing. */
async function trap(): Promise<{ port: number; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const server: Server = createServer((socket) => {
    received.push('connection');
    socket.on('data', (chunk) => received.push(chunk.toString('latin1')));
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 6\r\n\r\nstolen');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { port: address.port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Raw bytes to the edge, for request targets a browser would never send (absolute-form). */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}

test("a logged-in shopper's session cookie never reaches a non-API host through the edge", async ({ page, context, baseURL }) => {
  const evil = await trap();
  try {
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    // The session cookie the API set (HttpOnly: the page cannot read it, the browser sends it).
    await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'clientV1_in')?.value ?? '').not.toBe('');
    const session = (await context.cookies()).find((cookie) => cookie.name === 'clientV1_in')!;
    expect(session.httpOnly).toBe(true);

    const host = `127.0.0.1:${evil.port}`;
    const targets = [
      `/api//${host}/x`,
      `/api//${host}`,
      `/api/%2f%2f${host}/x`,
      `/api/%2F%2F${host}/x`,
      `/api/%2f/${host}/x`,
      `/api/%5c%5c${host}/x`,
      `/api/%5C${host}/x`,
      `/api/v2/%0d%0aHost:%20${host}/x`,
    ];
    // From the page itself, with the browser's cookies.
    const statuses = await page.evaluate(async (paths) => {
      const answers: Record<string, number> = {};
      for (const path of paths) answers[path] = (await fetch(path, { credentials: 'include' })).status;
      return answers;
    }, targets);
    for (const target of targets) expect({ target, status: statuses[target] }).toEqual({ target, status: 400 });
    // Targets a browser rewrites before sending (a backslash becomes a slash, `%2e%2e` is
    // resolved away) and absolute-form targets, sent as a script would, with the real cookie.
    const edgePort = Number(new URL(baseURL!).port);
    for (const target of [
      `/api/\\\\${host}/x`,
      `/api/\\${host}/x`,
      `/api/%2e%2e/%2f${host}/x`,
      `/api/v2/../..//${host}/x`,
      `http://${host}/api/v2/sessions/validate`,
      `http://${host}/x`,
    ]) {
      const answer = await raw(edgePort, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nCookie: clientV1_in=${session.value}\r\nConnection: close\r\n\r\n`);
      expect({ target, status: answer.slice(0, 12) }).toEqual({ target, status: 'HTTP/1.1 400' });
    }
    expect(evil.received).toEqual([]);
    // The same cookie still works where it belongs.
    expect((await page.request.get('/api/v2/sessions/validate', { headers: { 'x-country-code': 'in' } })).status()).toBeLessThan(500);
  } finally {
    await evil.close();
  }
});

test('the storefront keeps rendering while its API is killed, and recovers without a reload when it is back', async ({ page }) => {
  // A fresh database migrates and seeds first (about 10-25 s on a loaded 2-core machine).
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  const api = await startPrivateApi(4333, 4334);
  const site = await startPrivateSite(4335, undefined, { apiUrl: api.url });
  try {
    await api.start();
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);

    await page.goto(`${site.url}/product/128269`);
    const product = page.getByTestId('product-ProductPage');
    await expect(product.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    // The server-rendered page is running (hydrated) before the API goes: a link followed before
    // that is a new document from the server, which this test is not about.
    await expect(page.locator('#root:not([data-hydrating])')).toHaveCount(1);
    // Set in this document: still there at the end means no reload happened.
    await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));

    await api.kill();
    const ready = await fetch(`${site.url}/healthz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ edge: 'ok', api: 'unreachable' });

    // A new page while the API is down: the shell and header stay, the area says why.
    await page.getByTestId('shell-logo').click();
    const alert = page.getByRole('alert').filter({ hasText: "We can't reach the store right now" });
    await expect(alert).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // Try again while it is still down: still the same clear state, no spinner for ever.
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(alert).toBeVisible({ timeout: 10_000 });

    await api.start();
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    // Try again loads the area's data.
    await alert.getByRole('button', { name: 'Try again' }).click();
    const home = page.getByTestId('catalog-HomePage');
    await expect(home.getByRole('heading', { name: 'Shop by category' })).toBeVisible({ timeout: 15_000 });
    await expect(alert).toHaveCount(0);

    // A new navigation works as well.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Eyeglasses' }).first().click();
    await expect(page).toHaveURL(/\/eyeglasses\.html$/);
    await expect(page.getByTestId('catalog-ContentPage').getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('alert').filter({ hasText: "We can't reach the store right now" })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(errors).toEqual([]);
  } finally {
    await site.stop();
    await api.stop();
  }
});
