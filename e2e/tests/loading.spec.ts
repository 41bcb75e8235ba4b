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

/**
 * The remote files a page asked for (from its resource timing), split at the moment it ran (its
 * root enabled): before, its own load; after, what viewport intent loaded at idle (ADR 053).
 */
async function remoteFilesAroundRunning(page: Page): Promise<{ before: Record<string, string[]>; after: Record<string, string[]> }> {
  await expect.poll(() => page.evaluate(() => (window as unknown as { __runningAt?: number }).__runningAt !== undefined)).toBe(true);
  const entries = await page.evaluate(() => ({
    runningAt: (window as unknown as { __runningAt: number }).__runningAt,
    files: performance.getEntriesByType('resource').map((e) => ({ path: new URL(e.name).pathname, startTime: e.startTime })),
  }));
  const before: Record<string, string[]> = {};
  const after: Record<string, string[]> = {};
  for (const { path, startTime } of entries.files) {
    const match = /^\/remotes\/([^/]+)\/([^/]+)\/(.+)$/.exec(path);
    if (match) ((startTime < entries.runningAt ? before : after)[match[1]!] ??= []).push(match[3]!);
  }
  return { before, after };
}

/** Notes, in the page, when its root is enabled (hydrated, or rendered in the browser). */
const noteRunning = (page: Page) =>
  page.addInitScript(() => {
    // A listing's images alone pass the 250 entries a page keeps by default.
    performance.setResourceTimingBufferSize(5000);
    const w = window as unknown as { __runningAt?: number };
    const check = () => {
      const root = document.getElementById('root');
      if (w.__runningAt === undefined && root && !root.hasAttribute('data-hydrating')) w.__runningAt = performance.now();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-hydrating'] });
  });

for (const url of ['/', '/eyeglasses.html', '/catalog/3101', '/search?q=round']) {
  test(`opening the catalogue route ${url} downloads no file of any other remote before it runs; then only the product page's code, for cards in view`, async ({
    page,
  }) => {
    await noteRunning(page);
    await page.goto(url);
    await expect(page.locator('[data-testid^="catalog-"]')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // A listing's first cards are in view: their page's code comes at idle.
    if (url === '/catalog/3101' || url.startsWith('/search'))
      await expect.poll(async () => (await remoteFilesAroundRunning(page)).after.product?.length ?? 0).toBeGreaterThan(0);
    const { before, after } = await remoteFilesAroundRunning(page);
    expect(Object.keys(before)).toEqual(['catalog']);
    // Viewport intent: a product card in view loads the product page's code (only that
    // expose's files), at idle, after the page runs; no other remote's.
    expect(Object.keys(after).filter((remote) => remote !== 'catalog' && remote !== 'product')).toEqual([]);
    if (after.product) {
      const remotes = await (await page.request.get('/remotes.json')).json();
      const entry: string = remotes.remotes.product.stable.entry;
      const manifest = await (await page.request.get(entry)).json();
      const expose = manifest.exposes.find((e: { path: string }) => e.path === './ProductPage');
      const allowed = new Set<string>([
        'mf-manifest.json',
        manifest.metaData.remoteEntry.name,
        ...expose.assets.js.sync,
        ...expose.assets.css.sync,
        ...expose.assets.js.async,
        ...expose.assets.css.async,
      ]);
      expect(after.product.filter((file) => !allowed.has(file))).toEqual([]);
    }
  });
}

test('a shopper who asks to save data gets no code of a page not opened, cards in view or not', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' }, configurable: true }));
  await noteRunning(page);
  await page.goto('/catalog/3101');
  await expect(page.getByTestId('catalog-ListingPage')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const { before, after } = await remoteFilesAroundRunning(page);
  expect([...Object.keys(before), ...Object.keys(after)].filter((remote) => remote !== 'catalog')).toEqual([]);
});

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
