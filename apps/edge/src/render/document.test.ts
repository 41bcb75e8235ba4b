// The document of a server-rendered page (composeDocument): the shell's index.html with the
// page's head, its files, the rendered root and the state the browser hydrates from.
import type { RenderResult } from './types';
import { composeDocument } from './document';
import { scriptJson } from './html';
import { earlyTapRecorder } from './early-taps';
import { startAfterPaint } from './starter';

const INDEX = [
  '<!doctype html><html lang="en"><head><meta charset="utf-8"/>',
  '<meta name="description" content="Buy eyeglasses"/>',
  '<title>Eyewear</title>',
  '<link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous"/>',
  '<script nonce="N" defer src="/main.1234abcd.js"></script></head>',
  '<body><div id="root"></div><noscript>JS</noscript></body></html>',
].join('');

type Rendered = Pick<RenderResult, 'html' | 'head' | 'state'> & { nonce?: string };

/** A render's answer with this head and root HTML (the state as a catalogue page's). */
const rendered = (head: RenderResult['head'], html = '<main>page</main>'): Rendered => ({
  html,
  head: { alternates: [], jsonLd: [], ...head },
  state: { state: { shell: {} }, queries: { 'k 1': { name: 'x' } }, chosen: { catalog: '1.0.0' }, mobile: true },
});

/** The parts of the state script these tests read. */
interface SsrState {
  manifest: { cohorts: Record<string, number> };
  queries: Record<string, unknown>;
}

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
      '<fieldset id="root" class="shell-root" role="none" disabled data-hydrating=""><main>page</main></fieldset><script type="application/json" id="eyewear-ssr" nonce="NONCE">',
    );
    // The early-tap recorder runs before the root is read (docs/adr/051), under the response's nonce.
    expect(html).toContain(`<script nonce="NONCE">${earlyTapRecorder()}</script><fieldset id="root"`);
    const state = JSON.parse(/id="eyewear-ssr"[^>]*>(.*?)<\/script>/.exec(html)![1]!) as SsrState;
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
    const render: Rendered = {
      ...rendered({}, '<main><!--$?--><template id="B:0"></template>…<!--/$--></main><script nonce="R">$RX("B:0","eyewear-client-area")</script>'),
      nonce: 'R',
    };
    const first = composeDocument(INDEX, render, { css: [], js: [] }, 'FIRST', {});
    const second = composeDocument(INDEX, render, { css: [], js: [] }, 'SECOND', {});
    expect(first).toContain('<script nonce="FIRST">$RX(');
    expect(second).toContain('<script nonce="SECOND">$RX(');
    expect(`${first}${second}`).not.toContain('nonce="R"');
  });
});
