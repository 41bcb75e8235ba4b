import { expect, test } from '@playwright/test';
import { startPrivateSite } from '../support/private-site';
import { collectPageErrors, PAGE_OF, REMOTES } from '../support/site';

/**
 * Smoke journeys over a deploy root that tools/release/compat.mjs put together in COMPAT_ROOT:
 * the current shell against every remote at its previous version (N-1, `nx run e2e:compat`),
 * or this checkout's builds against what a deploy root really runs (`--against <root>`).
 * COMPAT_LABEL says which.
 */
const root = process.env.COMPAT_ROOT;
const label = process.env.COMPAT_LABEL ?? 'the current shell with every remote at N-1';
test.skip(!root, 'run by tools/release/compat.mjs, which builds the N-1 remotes');

let site: Awaited<ReturnType<typeof startPrivateSite>>;
// Each Playwright worker runs this beforeAll, so each gets an edge of its own: on one shared
// port the second could not listen, and the first worker's afterAll took the edge away from
// the other's tests (connection refused mid-journey).
test.beforeAll(async ({}, testInfo) => {
  site = await startPrivateSite(4313 + 4 * testInfo.parallelIndex, root);
});
test.afterAll(() => site?.stop());

for (const remote of REMOTES) {
  test(`${remote}: ${label}`, async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto(`${site.url}${PAGE_OF[remote].url}`);
    await expect(page.getByTestId(PAGE_OF[remote].testId)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (remote === 'account') {
      // A guest on an account page is asked to sign in (the login popup opens by itself,
      // whenever the session is known): close it as a shopper would before using the header.
      const popup = page.getByRole('dialog');
      await expect(popup).toBeVisible();
      await popup.getByRole('button', { name: 'Close' }).click();
      await expect(popup).toBeHidden();
    }
    // Then a client-side move to another remote through the header (the cart icon opens a
    // popup now; 'Track order' is a plain link to the account area).
    await page
      .getByRole('banner')
      .getByRole('link', { name: remote === 'catalog' ? 'Track order' : 'Eyewear home' })
      .click();
    await expect(page.getByTestId(remote === 'catalog' ? PAGE_OF.account.testId : 'catalog-HomePage')).toBeVisible();
    expect(errors).toEqual([]);
  });
}
