import { expect, test, type Page } from '@playwright/test';
import { collectRemoteRequests, REMOTES, untilRunning } from '../support/site';

type Manifest = { shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[] };

/** The chunk files each app's manifest lists for a shared package. */
async function sharedChunks(page: Page, pkg: string): Promise<Record<string, string[]>> {
  const remotes = await (await page.request.get('/remotes.json')).json();
  const byApp: Record<string, string[]> = {};
  for (const remote of REMOTES) {
    const manifest: Manifest = await (await page.request.get(remotes.remotes[remote].stable.entry)).json();
    const entry = manifest.shared.find((s) => s.name === pkg);
    byApp[remote] = entry ? [...entry.assets.js.sync, ...entry.assets.js.async] : [];
  }
  return byApp;
}

test('React is downloaded exactly once on a page whose remote uses hooks', async ({ page }) => {
  const remoteFiles = collectRemoteRequests(page);
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await page.goto('/product/128269');
  await expect(page.getByTestId('product-ProductPage')).toBeVisible();
  // The product page uses hooks (messages, document title): a second React would crash it.
  // (The title is "Product | Eyewear" while it loads, then the product's name.)
  await expect(page).toHaveTitle(/^.+ \| Eyewear$/);

  const reactChunks = await sharedChunks(page, 'react');
  const reactDomChunks = await sharedChunks(page, 'react-dom');
  for (const remote of REMOTES) {
    const fromRemote = (remoteFiles[remote] ?? []).map((f) => f.split('/').slice(1).join('/'));
    expect(fromRemote.filter((f) => reactChunks[remote]!.includes(f) || reactDomChunks[remote]!.includes(f))).toEqual([]);
  }
  // One React in the share scope, loaded by the shell, used by the product remote too.
  const loaded = await page.evaluate(() => {
    const share = (
      globalThis as unknown as {
        __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean; from: string }>>>> };
      }
    ).__FEDERATION__.__SHARE__;
    const react: string[] = [];
    for (const scopes of Object.values(share)) {
      for (const versions of Object.values(scopes.default?.react ? { x: scopes.default.react } : {})) {
        for (const [version, info] of Object.entries(versions)) if (info.loaded) react.push(`${info.from}@${version}`);
      }
    }
    return [...new Set(react)];
  });
  expect(loaded).toEqual(['shell@19.3.1']);
  expect(scripts.filter((s) => s.startsWith('/remotes/product/')).length).toBeGreaterThan(0);
});

for (const url of ['/', '/eyeglasses.html', '/catalog/3363', '/search?q=round']) {
  test(`opening the catalogue route ${url} downloads no file of any other remote`, async ({ page }) => {
    const remoteFiles = collectRemoteRequests(page);
    await page.goto(url);
    await expect(page.locator('[data-testid^="catalog-"]')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(Object.keys(remoteFiles)).toEqual(['catalog']);
    expect(remoteFiles.account).toBeUndefined();
    expect(remoteFiles.appointments).toBeUndefined();
  });
}

test('moving between remotes keeps the old page until the new one is ready, with a progress bar', async ({ page }) => {
  await page.goto('/eyeglasses.html');
  await expect(page.getByTestId('catalog-ContentPage')).toBeVisible();
  // A route change is the running page's: a link followed before the page runs loads the next
  // page from the server (as it should), with no progress bar to see.
  await untilRunning(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/remotes/account/**/mf-manifest.json', async (route) => {
    await held;
    await route.continue();
  });
  // (The header's cart opens the cart popup; its track-order link leads to the account area.)
  await page.getByRole('banner').getByRole('link', { name: 'Track order' }).click();
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId('catalog-ContentPage')).toBeVisible();
  release();
  await expect(page.getByTestId('account-AccountPage')).toBeVisible();
  await expect(page.getByTestId('catalog-ContentPage')).toHaveCount(0);
  await expect(page.getByRole('progressbar', { includeHidden: true })).toHaveAttribute('aria-busy', 'false');
});

test("the first page's remote is preloaded by the entry script and each of its files is downloaded once", async ({ page }) => {
  const remoteFiles: string[] = [];
  const cspErrors: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/remotes/')) remoteFiles.push(path);
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  await page.goto('/cart');
  await expect(page.getByTestId('cart-checkout-CartPage')).toBeVisible();
  const preloaded = await page
    .locator('link[rel="preload"][as="script"]')
    .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  expect(preloaded.some((href) => /\/remotes\/cart-checkout\/[^/]+\/remoteEntry\.[0-9a-f]+\.js$/.test(href))).toBe(true);
  expect(preloaded.some((href) => /__federation_expose_CartPage/.test(href))).toBe(true);
  // Besides the shell's own entry (a server-rendered page runs it after its first paint).
  expect(preloaded.filter((href) => !/^\/main\.[0-9a-f]+\.js$/.test(href)).every((href) => href.startsWith('/remotes/cart-checkout/'))).toBe(true);
  // Preloads are reused, not fetched again, and the CSP lets them through.
  const scripts = remoteFiles.filter((path) => path.endsWith('.js'));
  expect(new Set(scripts).size).toBe(scripts.length);
  expect(cspErrors).toEqual([]);
});
