import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { screen } from '@testing-library/react';
import { renderFragment } from '@eyewear/event-bus/testing';
import { loadSanitizer, SafeHtml } from './components/SafeHtml';
import { safeUrl } from './sanitize';
import { ATTACKS, CASES } from './sanitize.cases';
import { SERVER_HTML } from './sanitize.expected';

declare global {
  interface Window {
    __ran?: number;
  }
}

beforeAll(() => loadSanitizer());

describe('SafeHtml: server HTML never runs anything', () => {
  afterEach(() => {
    delete window.__ran;
  });

  it.each(ATTACKS)('%s', (html) => {
    const { container } = renderFragment(<SafeHtml html={html} />);
    expect(window.__ran).toBeUndefined();
    expect(container.querySelector('script, iframe, svg, form, object, embed, base, style, math')).toBeNull();
    for (const element of Array.from(container.querySelectorAll('*'))) {
      for (const attr of Array.from(element.attributes)) {
        expect(attr.name.startsWith('on')).toBe(false);
        expect(attr.name).not.toBe('style');
        expect(attr.value.replace(/\s/g, '').toLowerCase()).not.toMatch(/^(javascript|data|vbscript):/);
      }
    }
    // Clicking every link and element still runs nothing.
    for (const element of Array.from(container.querySelectorAll<HTMLElement>('*'))) element.click();
    expect(window.__ran).toBeUndefined();
  });

  it('keeps the content: headings, lists, safe links and images', () => {
    renderFragment(
      <SafeHtml
        html={
          '<h2 id="x">Returns</h2><ul><li>14 days</li></ul><a href="/support">Support</a><a href="https://example.com/a">Out</a><a href="tel:18001020202">Call</a><img src="/api/v2/images/banner/gold-strip.svg" alt="Gold">'
        }
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Returns' })).toHaveAttribute('id', 'cms-x');
    expect(screen.getByRole('listitem')).toHaveTextContent('14 days');
    expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
    expect(screen.getByRole('link', { name: 'Out' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:18001020202');
    expect(screen.getByRole('img', { name: 'Gold' })).toHaveAttribute('src', '/api/v2/images/banner/gold-strip.svg');
  });

  it('accepts only http(s), mailto, tel and same-site paths', () => {
    expect(safeUrl('/a/b')).toBe('/a/b');
    expect(safeUrl('//evil.example/x')).toBeNull();
    expect(safeUrl('/\\evil.example')).toBeNull();
    expect(safeUrl('java\nscript:alert(1)')).toBeNull();
    expect(safeUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeUrl('mailto:a@b.c', 'image')).toBeNull();
    expect(safeUrl('https://cdn.example/x.png', 'image')).toBe('https://cdn.example/x.png');
  });
});

/** A DOM subtree as plain data: elements with their attributes (in any order) and texts; no comments. */
function tree(node: Node): unknown {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  const element = node as Element;
  return {
    tag: element.tagName.toLowerCase(),
    attrs: Object.fromEntries(Array.from(element.attributes, (attr) => [attr.name, attr.value]).sort()),
    children: Array.from(element.childNodes)
      .filter((child) => child.nodeType !== Node.COMMENT_NODE)
      .map(tree),
  };
}

describe('SafeHtml in the browser renders what the server sent', () => {
  // The same bytes in jsdom as in Node (sanitize.server.test.tsx checks Node against the same list).
  it.each(CASES)('%s: the same HTML as on the server', (name, html) => {
    expect(renderToString(<SafeHtml html={html} className="catalog-cms__body" />)).toBe(SERVER_HTML[name]);
  });

  it.each(CASES)('%s: hydrates the server HTML without a mismatch', async (name, html) => {
    const server = document.createElement('div');
    server.innerHTML = SERVER_HTML[name] ?? '';
    document.body.append(server);
    const recoverable: unknown[] = [];
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const hydrated = await act(async () =>
      hydrateRoot(server, <SafeHtml html={html} className="catalog-cms__body" />, { onRecoverableError: (error) => recoverable.push(error) }),
    );
    // React's own warnings only: jsdom reports here that it cannot follow the links clicked above.
    const errors = logged.mock.calls.map((args) => args.map(String).join(' ')).filter((message) => !message.includes('Not implemented: navigation'));
    logged.mockRestore();
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    // What hydration kept is what a client render (a navigation inside the site) makes.
    const client = document.createElement('div');
    const rendered = createRoot(client);
    await act(async () => rendered.render(<SafeHtml html={html} className="catalog-cms__body" />));
    expect(tree(server)).toEqual(tree(client));
    act(() => {
      hydrated.unmount();
      rendered.unmount();
    });
    server.remove();
  });
});
