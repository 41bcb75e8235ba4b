import { composeDocument, createRenderer, createVersionCache, isMobileRequest, PERSONAL_PAGES, pageAssets, scriptJson, startAfterPaint } from './render.mjs';

const INDEX = [
  '<!doctype html><html lang="en"><head><meta charset="utf-8"/>',
  '<meta name="description" content="Buy eyeglasses"/>',
  '<title>Eyewear</title>',
  '<link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous"/>',
  '<script nonce="N" defer src="/main.1234abcd.js"></script></head>',
  '<body><div id="root"></div><noscript>JS</noscript></body></html>',
].join('');

const rendered = (head: Record<string, unknown>, html = '<main>page</main>') => ({
  html,
  head: { alternates: [], jsonLd: [], ...head },
  state: { state: { shell: {} }, queries: { 'k 1': { name: 'x' } }, chosen: { catalog: '1.0.0' }, mobile: true },
});

describe('the document of a server-rendered page', () => {
  test('the rendered root, the state with the session remotes.json, the head and the page files', () => {
    const html = composeDocument(
      INDEX,
      rendered({
        title: 'Round frames | Eyewear',
        description: 'All round frames',
        canonical: 'https://www.eyewear.in/catalog/1',
        alternates: [{ hrefLang: 'en-SG', href: 'https://www.eyewear.in/sg/catalog/1' }],
        jsonLd: [{ '@type': 'Organization' }, { '@type': 'BreadcrumbList' }],
      }),
      {
        css: ['/remotes/catalog/1.0.0/page.css'],
        js: ['/remotes/catalog/1.0.0/remoteEntry.js'],
        styles: [{ href: '/remotes/catalog/1.0.0/lazy.css', text: '.a{color:red}</style><script>alert(4)</script>' }],
      },
      'NONCE',
      { schemaVersion: 1, remotes: {}, cohorts: { catalog: 7 } },
    );
    expect(html).toContain(
      '<fieldset id="root" class="shell-root" role="none" disabled><main>page</main></fieldset><script type="application/json" id="eyewear-ssr" nonce="NONCE">',
    );
    const state = JSON.parse(/id="eyewear-ssr"[^>]*>(.*?)<\/script>/.exec(html)![1]!);
    expect(state.manifest.cohorts).toEqual({ catalog: 7 });
    expect(state.queries).toEqual({ 'k 1': { name: 'x' } });
    expect(html).toContain('<title>Round frames | Eyewear</title>');
    expect(html).toContain('<meta name="description" content="All round frames">');
    expect(html).not.toContain('Buy eyeglasses');
    expect(html).toContain('<link rel="canonical" href="https://www.eyewear.in/catalog/1" data-shell="canonical">');
    expect(html).toContain('hreflang="en-SG"');
    expect(html).toContain('<link rel="stylesheet" href="/remotes/catalog/1.0.0/page.css">');
    // Inlined CSS carries the nonce, and cannot close its element.
    expect(html).toContain('<style nonce="NONCE" data-href="/remotes/catalog/1.0.0/lazy.css">.a{color:red}<\\/style><script>alert(4)</script></style>');
    expect(html).toContain('<link rel="preload" as="script" href="/remotes/catalog/1.0.0/remoteEntry.js" nonce="NONCE">');
    // The first JSON-LD is the shell's (its PageMeta updates it), the page's follow.
    expect(html).toContain('<script type="application/ld+json" nonce="NONCE" data-shell="jsonld">{"@type":"Organization"}</script>');
    expect(html).toContain('data-page-jsonld="">{"@type":"BreadcrumbList"}');
    // The page carries remotes.json: the document no longer asks for it.
    expect(html).not.toContain('href="/remotes.json"');
    // The head's tags come before </head>, the root's HTML inside the root.
    expect(html.indexOf('rel="canonical"')).toBeLessThan(html.indexOf('</head>'));
  });

  test('nothing a page says can close the state script or the head tags', () => {
    const html = composeDocument(
      INDEX,
      {
        ...rendered({ title: '</title><script>alert(1)</script>', jsonLd: [{}, { name: '</script><script>alert(2)</script>' }] }),
        state: { state: { x: '</script><!-- \u2028' }, queries: {}, chosen: {}, mobile: false },
      },
      { css: ['/x.css"><script>alert(3)</script>'], js: [] },
      'N',
      {},
    );
    expect(html).not.toMatch(/<script>alert/);
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(scriptJson({ a: '</script><!--&\u2028\u2029' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\u2029"}');
    expect(JSON.parse(scriptJson({ a: '</script><!--&\u2028' }))).toEqual({ a: '</script><!--&\u2028' });
  });

  test("the shell's entry downloads from the start and runs from a script under the nonce, after the page's first paint", () => {
    const html = composeDocument(INDEX, rendered({}), { css: [], js: [] }, 'NONCE', {});
    expect(html).not.toContain('<script nonce="N" defer src="/main.1234abcd.js"></script>');
    expect(html).toContain('<link rel="preload" as="script" href="/main.1234abcd.js" nonce="NONCE">');
    const starter = /<script nonce="NONCE">(\(function\(\)\{[\s\S]*?)<\/script>/.exec(html);
    expect(starter?.[1]).toBe(startAfterPaint('/main.1234abcd.js'));
    expect(starter?.[1]).toContain('s.src="/main.1234abcd.js"');
  });

  test("a page with a main image holds its first paint until the browser has read the image's element; a page without one does not", () => {
    const withImage = composeDocument(
      INDEX,
      rendered({}, '<main><h1>Home</h1><img src="/hero.svg" alt="" id="main-image" loading="eager" fetchPriority="high" elementtiming="main-image"/></main>'),
      { css: [], js: [] },
      'NONCE',
      {},
    );
    expect(withImage).toContain('<link rel="expect" href="#main-image" blocking="render">');
    expect(withImage.indexOf('rel="expect"')).toBeLessThan(withImage.indexOf('</head>'));
    expect(composeDocument(INDEX, rendered({}), { css: [], js: [] }, 'NONCE', {})).not.toContain('rel="expect"');
  });

  test("a render's own scripts run under each response's nonce (one render answers every request that waited for it)", () => {
    // What React writes when the deadline left an area to the browser: its instruction script.
    const render = {
      ...rendered({}, '<main><!--$?--><template id="B:0"></template>…<!--/$--></main><script nonce="R">$RX("B:0","eyewear-client-area")</script>'),
      nonce: 'R',
    };
    const first = composeDocument(INDEX, render, { css: [], js: [] }, 'FIRST', {});
    const second = composeDocument(INDEX, render, { css: [], js: [] }, 'SECOND', {});
    expect(first).toContain('<script nonce="FIRST">$RX(');
    expect(second).toContain('<script nonce="SECOND">$RX(');
    expect(`${first}${second}`).not.toContain('nonce="R"');
  });

  test("a page's files come from its remote's browser manifest, in order: entry, then the page's chunks", () => {
    const manifest = {
      metaData: { remoteEntry: { name: 'remoteEntry.abc.js', path: '' } },
      exposes: [
        { path: './HomePage', assets: { js: { sync: ['1.js', 'home.js'] }, css: { sync: ['home.css'], async: ['lazy.css', 'home.css'] } } },
        { path: './ListingPage', assets: { js: { sync: ['listing.js'] }, css: { sync: [] } } },
      ],
    };
    expect(pageAssets('/remotes/catalog/1.0.0/mf-manifest.json', manifest, './HomePage')).toEqual({
      js: ['/remotes/catalog/1.0.0/remoteEntry.abc.js', '/remotes/catalog/1.0.0/1.js', '/remotes/catalog/1.0.0/home.js'],
      css: ['/remotes/catalog/1.0.0/home.css', '/remotes/catalog/1.0.0/lazy.css'],
    });
    expect(pageAssets('/remotes/catalog/1.0.0/mf-manifest.json', manifest, './Nope')).toEqual({ js: ['/remotes/catalog/1.0.0/remoteEntry.abc.js'], css: [] });
  });

  test('a phone is told by Client Hints first, then by its user agent', () => {
    expect(isMobileRequest({ 'sec-ch-ua-mobile': '?1' })).toBe(true);
    expect(isMobileRequest({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Mozilla/5.0 (iPhone)' })).toBe(false);
    expect(isMobileRequest({ 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari' })).toBe(true);
    expect(isMobileRequest({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140' })).toBe(false);
  });
});

describe('the render version as the edge keeps it', () => {
  it('asks once for the requests of its time, again after it or after a write, and keeps no non-answer', async () => {
    let clock = 0;
    const answers: (string | null)[] = ['v1', 'v2', null, 'v3'];
    const ask = jest.fn(async () => answers.shift() ?? null);
    const versions = createVersionCache({ ask, ttlMs: 1000, now: () => clock });
    expect(await Promise.all([versions.get(), versions.get(), versions.get()])).toEqual(['v1', 'v1', 'v1']);
    expect(ask).toHaveBeenCalledTimes(1);
    clock = 999;
    expect(await versions.get()).toBe('v1');
    // A write passed on to the API: the next page asks again, whatever the time.
    versions.forget();
    expect(await versions.get()).toBe('v2');
    clock = 2000;
    // The API did not say: not kept, the next request asks again.
    expect(await versions.get()).toBeNull();
    expect(await versions.get()).toBe('v3');
    expect(ask).toHaveBeenCalledTimes(4);
  });
});

describe("a shopper's own pages (docs/adr/033)", () => {
  it('are the cart, checkout and the order list by default, by route; SSR_PERSONAL can name others or none', () => {
    const renderer = createRenderer({ apiUrl: 'http://127.0.0.1:1', readBuildInfo: async () => null, cacheEnabled: false, personalPages: PERSONAL_PAGES });
    expect(renderer.isPersonal({ remote: 'cart-checkout', expose: './CartPage' })).toBe(true);
    expect(renderer.isPersonal({ remote: 'cart-checkout', expose: './CheckoutPage' })).toBe(true);
    expect(renderer.isPersonal({ remote: 'account', expose: './OrdersPage' })).toBe(true);
    // Pages whose hydration was not checked stay in the browser; the catalogue is anonymous.
    expect(renderer.isPersonal({ remote: 'cart-checkout', expose: './PaymentPage' })).toBe(false);
    expect(renderer.isPersonal({ remote: 'account', expose: './AccountPage' })).toBe(false);
    expect(renderer.isPersonal({ remote: 'catalog', expose: './ListingPage' })).toBe(false);
    expect(renderer.isPersonal(null)).toBe(false);
    const none = createRenderer({ apiUrl: 'http://127.0.0.1:1', readBuildInfo: async () => null, cacheEnabled: false, personalPages: [] });
    expect(none.isPersonal({ remote: 'cart-checkout', expose: './CartPage' })).toBe(false);
  });
});
