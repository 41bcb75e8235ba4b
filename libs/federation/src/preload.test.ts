import { assetsFor, matchRoute, preloadRoute, takeEarlyManifest } from './preload';

const remotesJson = {
  schemaVersion: 1,
  remotes: Object.fromEntries(
    ['catalog', 'product', 'cart-checkout', 'account', 'appointments'].map((remote) => [
      remote,
      {
        stable: { version: '1.0.0-a', entry: `/remotes/${remote}/1.0.0-a/mf-manifest.json` },
        canary: { version: '1.1.0-b', entry: `/remotes/${remote}/1.1.0-b/mf-manifest.json`, percent: 0 },
      },
    ]),
  ),
};

const productManifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.abc12345.js', path: '' } },
  exposes: [
    { path: './ProductPage', assets: { js: { sync: ['__federation_expose_ProductPage.11111111.js', '77.22222222.js'] } } },
    { path: './FrameSizePage', assets: { js: { sync: ['__federation_expose_FrameSizePage.33333333.js'] } } },
  ],
};

function fakeFetch(files: Record<string, unknown>) {
  const asked: string[] = [];
  const impl = (async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    const body = files[url];
    return { ok: body !== undefined, status: body === undefined ? 404 : 200, json: async () => body } as Response;
  }) as typeof fetch;
  return { impl, asked };
}

const preloads = () => Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')).map((l) => l.getAttribute('href'));

beforeEach(() => {
  document.head.innerHTML = '';
  document.cookie = 'mf_cohort=50; path=/';
});

describe('matchRoute', () => {
  it('finds the owner of a path like the router: case-insensitive, static beats parameter beats splat', () => {
    expect(matchRoute('/product/128001')).toMatchObject({ remote: 'product', expose: './ProductPage' });
    expect(matchRoute('/HTO')).toMatchObject({ remote: 'appointments' });
    expect(matchRoute('/')).toMatchObject({ remote: 'catalog', expose: './HomePage' });
    expect(matchRoute('/cart')).toMatchObject({ remote: 'cart-checkout', expose: './CartPage' });
    expect(matchRoute('/checkout/onepage/success')).toMatchObject({ expose: './OrderSuccessPage' });
  });

  it('knows nothing of SEO URLs: the routing lookup decides those', () => {
    expect(matchRoute('/eyeglasses/round.html/extra/deeper/path/nobody/owns')).toBeNull();
  });
});

describe('assetsFor', () => {
  it('lists the entry then the page chunks, next to the manifest', () => {
    expect(assetsFor('/remotes/product/1.0.0-a/mf-manifest.json', productManifest, './ProductPage')).toEqual([
      '/remotes/product/1.0.0-a/remoteEntry.abc12345.js',
      '/remotes/product/1.0.0-a/__federation_expose_ProductPage.11111111.js',
      '/remotes/product/1.0.0-a/77.22222222.js',
    ]);
  });
});

describe('preloadRoute', () => {
  it("preloads only the route's remote, with the page's nonce, and hands remotes.json to the runtime", async () => {
    const { impl, asked } = fakeFetch({ '/remotes.json': remotesJson, '/remotes/product/1.0.0-a/mf-manifest.json': productManifest });
    const urls = await preloadRoute({ pathname: '/product/128001', search: '', fetchImpl: impl, nonce: 'n0nce' });
    expect(urls).toHaveLength(3);
    expect(preloads()).toEqual(urls);
    expect(document.head.querySelector('link')!.nonce).toBe('n0nce');
    expect(asked).toEqual(['/remotes.json', '/remotes/product/1.0.0-a/mf-manifest.json']);
    // The runtime's first read of remotes.json reuses this fetch, once.
    await expect(takeEarlyManifest('/remotes.json')).resolves.toMatchObject({ schemaVersion: 1 });
    expect(takeEarlyManifest('/remotes.json')).toBeNull();
  });

  it('follows the cohort: a shopper in the canary gets the canary build preloaded', async () => {
    const canary = JSON.parse(JSON.stringify(remotesJson)) as typeof remotesJson;
    canary.remotes['product']!.canary.percent = 100;
    const { impl, asked } = fakeFetch({ '/remotes.json': canary, '/remotes/product/1.1.0-b/mf-manifest.json': productManifest });
    await preloadRoute({ pathname: '/product/1', search: '', fetchImpl: impl });
    expect(asked[1]).toBe('/remotes/product/1.1.0-b/mf-manifest.json');
  });

  it('does nothing, and never throws, when a manifest cannot be read', async () => {
    const { impl } = fakeFetch({ '/remotes.json': remotesJson });
    await expect(preloadRoute({ pathname: '/product/1', search: '', fetchImpl: impl })).resolves.toEqual([]);
    const broken = fakeFetch({});
    await expect(preloadRoute({ pathname: '/product/1', search: '', fetchImpl: broken.impl })).resolves.toEqual([]);
    expect(preloads()).toEqual([]);
  });
});
