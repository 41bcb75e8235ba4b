import { expect, test } from '@playwright/test';
import { adminOrigin } from '../support/admin';
import { injectFault } from '../support/faults';
import { PAGE_OF } from '../support/site';

test('a first visit gets a guest session from the API, kept across pages', async ({ page, context }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  await page.goto('/');
  await expect(page.getByTestId('catalog-HomePage')).toBeVisible();
  await expect.poll(() => calls).toEqual(expect.arrayContaining(['POST /api/v2/sessions', 'GET /api/me']));
  const cookies = await context.cookies();
  const token = cookies.find((c) => c.name === 'clientV1_in');
  expect(token?.httpOnly).toBe(true);
  expect(token?.sameSite).toBe('Lax');
  expect(await page.evaluate(() => document.cookie)).toContain('clientV1_in_active=1');
  expect(await page.evaluate(() => document.cookie)).not.toContain('clientV1_in=');

  // The next page load validates the session (after 500 ms) instead of making a new one.
  calls.length = 0;
  await page.goto('/cart');
  await expect.poll(() => calls).toEqual(expect.arrayContaining(['GET /api/v2/sessions/validate', 'GET /api/me']));
  expect(calls).not.toContain('POST /api/v2/sessions');
  expect((await context.cookies()).find((c) => c.name === 'clientV1_in')?.value).toBe(token?.value);
});

test("a remote's failure reaches the API's diagnostics with the remote and its version, read on the admin listener only", async ({ page, request }) => {
  const remotes = await (await request.get('/remotes.json')).json();
  const version = remotes.remotes.appointments.stable.version as string;
  await injectFault(page, 'appointments', '503');
  await page.goto(PAGE_OF.appointments.url);
  await expect(page.getByTestId('shell-fallback-appointments')).toBeVisible();
  await expect
    .poll(
      async () => {
        const summary = await (await request.get(`${adminOrigin}/telemetry/summary?minutes=10`)).json();
        return summary.result.byVersion.find(
          (row: { remote: string; version: string; kind: string }) => row.remote === 'appointments' && row.version === version && row.kind === 'load',
        );
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  // Not through the edge: a stranger cannot read failure counts per version.
  expect((await request.get('/api/v2/telemetry/summary?minutes=10')).status()).toBe(404);
});
