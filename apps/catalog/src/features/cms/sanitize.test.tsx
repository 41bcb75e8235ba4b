import { screen } from '@testing-library/react';
import { renderFragment } from '@eyewear/event-bus/testing';
import { SafeHtml } from './components/SafeHtml';
import { safeUrl } from './sanitize';

declare global {
  interface Window {
    __ran?: number;
  }
}

const ATTACKS = [
  '<script>window.__ran = 1</script>',
  '<img src="x" onerror="window.__ran = 2">',
  '<a href="javascript:window.__ran=3">click</a>',
  '<a href=" jav&#x09;ascript:window.__ran=4">tab</a>',
  '<a href="JaVaScRiPt:window.__ran=5">case</a>',
  '<svg><script>window.__ran = 6</script></svg>',
  '<iframe src="javascript:window.__ran=7"></iframe>',
  '<div onclick="window.__ran=8" onmouseover="window.__ran=9">hover</div>',
  '<img src="data:image/svg+xml,<svg onload=window.__ran=10>">',
  '<form action="javascript:window.__ran=11"><button>go</button></form>',
  '<p style="background:url(javascript:window.__ran=12)">styled</p>',
  '<noscript><p title="</noscript><img src=x onerror=window.__ran=13>">',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__ran=14>',
  '<a href="data:text/html,<script>window.__ran=15</script>">data</a>',
  '<object data="javascript:window.__ran=16"></object><embed src="javascript:window.__ran=17">',
  '<base href="javascript:window.__ran=18//"><a href="/x">relative</a>',
];

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
