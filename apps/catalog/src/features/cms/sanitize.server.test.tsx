/**
 * @jest-environment node
 */
// The sanitizer where the page is server-rendered: Node with no DOM at all (no window, document,
// DOMParser). It must give the bytes the browser suite (sanitize.test.tsx, jsdom) gets for the
// same inputs, or hydration would not match.
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { loadSanitizer, SafeHtml } from './components/SafeHtml';
import { safeUrl } from './sanitize';
import { CASES, PAGES } from './sanitize.cases';
import { SERVER_HTML } from './sanitize.expected';

beforeAll(() => loadSanitizer());

it('runs where there is no DOM', () => {
  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
  expect(typeof DOMParser).toBe('undefined');
});

it.each(CASES)('%s: the server renders what the browser renders', (name, html) => {
  expect(renderToString(<SafeHtml html={html} className="catalog-cms__body" />)).toBe(SERVER_HTML[name]);
});

it('sends nothing that runs: no script-like element, handler, style or dangerous URL', () => {
  // React escapes text (`<` is `&lt;`), so every `<x ...>` left is a tag the browser will build.
  const tags = CASES.flatMap(([name]) => SERVER_HTML[name]?.match(/<[a-z][^>]*>/gi) ?? []);
  expect(tags.length).toBeGreaterThan(50);
  for (const tag of tags) {
    expect(tag).not.toMatch(/^<(script|iframe|svg|math|form|object|embed|base|style|link|meta|template|noscript|textarea|title)\b/i);
    expect(tag).not.toMatch(/\s(on\w+|style)=/i);
    expect(tag).not.toMatch(/\s(href|src|cite)="\s*(javascript|data|vbscript):/i);
  }
});

it('reads URLs without the host URL class: http(s), mailto, tel and same-site paths', () => {
  expect(safeUrl('/a/b')).toBe('/a/b');
  expect(safeUrl('//evil.example/x')).toBeNull();
  expect(safeUrl('JaVaScRiPt:alert(1)')).toBeNull();
  expect(safeUrl('HTTPS://Example.com/a b')).toBe('https://Example.com/ab');
  expect(safeUrl('tel:1800 102 0202')).toBe('tel:18001020202');
  expect(safeUrl('x.png', 'image')).toBeNull();
  expect(safeUrl('#top', 'image')).toBeNull();
});

/** The page streamed as the edge streams it (`renderToPipeableStream`), once everything is ready. */
function stream(render: typeof renderToPipeableStream, node: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const { pipe } = render(node, { onAllReady: () => pipe(sink), onShellError: reject, onError: reject });
  });
}

it("the stream waits for the sanitizer's chunk when it is not loaded yet", async () => {
  // A fresh module registry: SafeHtml starts loading its chunk as the server first imports it.
  await jest.isolateModulesAsync(async () => {
    const server = await import('react-dom/server');
    const fresh = await import('./components/SafeHtml');
    const html = await stream(server.renderToPipeableStream, <fresh.SafeHtml html={PAGES['support'] ?? ''} className="catalog-cms__body" />);
    expect(html).toBe(SERVER_HTML['support']);
  });
});

it('a stream renders the same bytes as renderToString', async () => {
  const html = await stream(renderToPipeableStream, <SafeHtml html={PAGES['hand-written'] ?? ''} className="catalog-cms__body" />);
  expect(html).toBe(SERVER_HTML['hand-written']);
});
