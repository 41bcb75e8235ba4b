import { pageLinks, writePageLinks } from './head';

describe("a page's canonical and alternate-language links", () => {
  it('links the canonical page and every country as an alternate language', () => {
    const links = pageLinks('sg', '/eyeglasses.html');
    expect(links.canonical).toBe('https://www.eyewear.sg/eyeglasses.html');
    expect(links.alternates).toContainEqual({ hrefLang: 'en-IN', href: 'https://www.eyewear.in/eyeglasses.html' });
    expect(links.alternates).toHaveLength(5);
  });

  it("writes them into the document's head, the server's own links replaced rather than doubled", () => {
    document.head.innerHTML =
      '<link rel="canonical" href="https://www.eyewear.in/product/1" data-shell="canonical"><link rel="alternate" hreflang="en-IN" href="https://www.eyewear.in/product/1" data-shell="alternate-en-IN">';
    writePageLinks(pageLinks('in', '/eyeglasses/round-1.html'));
    const canonical = document.head.querySelectorAll('link[rel="canonical"]');
    expect(canonical).toHaveLength(1);
    expect(canonical[0]!.getAttribute('href')).toBe('https://www.eyewear.in/eyeglasses/round-1.html');
    const alternates = [...document.head.querySelectorAll('link[rel="alternate"]')].map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]);
    expect(alternates).toHaveLength(5);
    expect(alternates).toContainEqual(['en-IN', 'https://www.eyewear.in/eyeglasses/round-1.html']);
    expect(alternates).toContainEqual(['en-AE', 'https://www.eyewear.ae/eyeglasses/round-1.html']);
  });
});
