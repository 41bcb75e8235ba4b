/** @jest-environment node */
// The document of a server-rendered page (documentElement), rendered as the edge renders it:
// React's static renderer, once per render, the nonce and remotes.json filled in per response.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { documentElement, DEFAULT_DESCRIPTION, type DocumentParts } from './document';
import { earlyTapRecorder } from './early-tap-recorder';
import { scriptJson } from '@eyewear/federation';
import { startAfterPaint } from './starter';

const parts = (overrides: Partial<DocumentParts> = {}): DocumentParts => ({
  shell: { version: '1.2.0', channel: 'stable' },
  head: {},
  entry: ['/main.1234abcd.js'],
  files: { css: [], js: [], styles: [] },
  root: '<main>page</main>',
  state: { state: { shell: {} }, queries: { 'k 1': { name: 'x' } }, manifest: 'MANIFEST' },
  nonce: 'NONCE',
  ...overrides,
});
const render = (overrides: Partial<DocumentParts> = {}) => renderToStaticMarkup(documentElement(parts(overrides)));

describe('the document of a server-rendered page', () => {
  test('the rendered root in its hydrating fieldset, the state, the head and the page files', () => {
    const html = render({
      head: {
        title: 'Round frames | Eyewear',
        description: 'All round frames',
        canonical: 'https://www.eyewear.in/catalog/1',
        alternates: [{ hrefLang: 'en-SG', href: 'https://www.eyewear.in/sg/catalog/1' }],
        jsonLd: [{ '@type': 'Organization' }, { '@type': 'BreadcrumbList' }],
      },
      files: {
        css: ['/remotes/catalog/1.0.0/page.css'],
        js: ['/remotes/catalog/1.0.0/remoteEntry.js'],
        styles: [{ href: '/remotes/catalog/1.0.0/lazy.css', text: '.a{color:red}</style><script>alert(4)</script>' }],
      },
    });
    expect(html).toMatch(/^<html lang="en"><head><meta charSet="utf-8"\/>/);
    expect(html).toContain(
      '<fieldset id="root" class="shell-root" role="none" disabled="" data-hydrating=""><main>page</main></fieldset><script type="application/json" id="eyewear-ssr" nonce="NONCE">',
    );
    const state = JSON.parse(/id="eyewear-ssr"[^>]*>(.*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;
    expect(state).toEqual({ state: { shell: {} }, queries: { 'k 1': { name: 'x' } }, manifest: 'MANIFEST' });
    expect(html).toContain('<title>Round frames | Eyewear</title>');
    expect(html).toContain('<meta name="description" content="All round frames"/>');
    expect(html).not.toContain(DEFAULT_DESCRIPTION);
    expect(html).toContain('<meta name="eyewear-shell" content="1.2.0" data-channel="stable"/>');
    expect(html).toContain('<link rel="canonical" href="https://www.eyewear.in/catalog/1" data-shell="canonical"/>');
    expect(html).toContain('<link rel="alternate" hreflang="en-SG" href="https://www.eyewear.in/sg/catalog/1" data-shell="alternate-en-SG"/>');
    expect(html).toContain('<link rel="stylesheet" href="/remotes/catalog/1.0.0/page.css"/>');
    // Inlined CSS carries the nonce, and cannot close its element.
    expect(html).toContain('<style nonce="NONCE" data-href="/remotes/catalog/1.0.0/lazy.css">.a{color:red}<\\/style><script>alert(4)</script></style>');
    expect(html).toContain('<link rel="preload" as="script" href="/remotes/catalog/1.0.0/remoteEntry.js" nonce="NONCE"/>');
    // The first JSON-LD is the shell's (its PageMeta updates it), the page's follow.
    expect(html).toContain('<script type="application/ld+json" nonce="NONCE" data-shell="jsonld">{"@type":"Organization"}</script>');
    expect(html).toContain('data-page-jsonld="">{"@type":"BreadcrumbList"}');
    // The page carries remotes.json in its state: the document does not ask for it.
    expect(html).not.toContain('href="/remotes.json"');
    expect(html.indexOf('rel="canonical"')).toBeLessThan(html.indexOf('</head>'));
    // The early-tap recorder runs before the root is read (docs/adr/051).
    expect(html).toContain(`<script nonce="NONCE">${earlyTapRecorder()}</script><fieldset id="root"`);
    expect(html).toContain('<noscript>Turn on JavaScript to search, filter and buy');
  });

  test('nothing a page says can close the state script or the head tags', () => {
    const html = render({
      head: { title: '</title><script>alert(1)</script>', jsonLd: [{}, { name: '</script><script>alert(2)</script>' }] },
      state: { state: { x: '</script><!-- \u2028' } },
      files: { css: ['/x.css"><script>alert(3)</script>'], js: [], styles: [] },
    });
    expect(html).not.toMatch(/<script>alert/);
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(scriptJson({ a: '</script><!--&\u2028\u2029' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\u2029"}');
    expect(JSON.parse(scriptJson({ a: '</script><!--&\u2028' }))).toEqual({ a: '</script><!--&\u2028' });
  });

  test("the shell's entry downloads from the start and runs from a script under the nonce, after the page's first paint", () => {
    const html = render();
    expect(html).not.toMatch(/<script[^>]* src=/);
    expect(html).toContain('<link rel="preload" as="script" href="/main.1234abcd.js" nonce="NONCE"/>');
    const starter = /<script nonce="NONCE">(\(function\(\)\{[\s\S]*?)<\/script>/.exec(html);
    expect(starter?.[1]).toBe(startAfterPaint('/main.1234abcd.js'));
  });

  test('a page a shared cache keeps has no nonce and no script preload (its Link header has them); the defaults stand in for a page without a head', () => {
    const html = render({ nonce: null, files: { css: [], js: ['/remotes/catalog/1.0.0/remoteEntry.js'], styles: [{ href: '/a.css', text: '.a{}' }] } });
    expect(html).not.toContain('nonce="');
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('<style data-href="/a.css">.a{}</style>');
    expect(html).toContain(`<meta name="description" content="${DEFAULT_DESCRIPTION}"/>`);
    expect(html).toContain('<title>Eyewear: eyeglasses, sunglasses and contact lenses</title>');
  });

  test("the browser's own document (index.html) says the same description, the spec's promise with the site's one return window (ADR 054)", () => {
    expect(DEFAULT_DESCRIPTION).toContain('30-day returns with free shipping');
    expect(readFileSync(join(__dirname, '../index.html'), 'utf8')).toContain(`<meta name="description" content="${DEFAULT_DESCRIPTION}" />`);
  });

  test("a page with a main image holds its first paint until the browser has read the image's element; a page without one does not", () => {
    const withImage = render({
      root: '<main><h1>Home</h1><img src="/hero.svg" alt="" id="main-image" loading="eager" fetchPriority="high" elementtiming="main-image"/></main>',
    });
    expect(withImage).toContain('<link rel="expect" href="#main-image" blocking="render"/>');
    expect(withImage.indexOf('rel="expect"')).toBeLessThan(withImage.indexOf('</head>'));
    expect(render()).not.toContain('rel="expect"');
  });
});
