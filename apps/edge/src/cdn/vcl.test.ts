// The generated VCL: deploy/varnish/default.vcl is its output, and its regexes decide as the
// libs' rules do (the same PCRE-compatible patterns run here in JavaScript).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PAGE_QUERY_PARAMS, pageCacheUrl } from '@eyewear/federation';
import { isCrawler, isMobileRequest } from '@eyewear/i18n/rules';
import { BUILDS_VALUE, droppedParams, generateVcl, IMMUTABLE_URL, SHARED_API_FILES, vclRegex } from './vcl';

const CHECKED_IN = resolve(__dirname, '../../../../deploy/varnish/default.vcl');
/** What deploy/varnish/default.vcl is generated with: the Kubernetes edge Service, the pod network. */
const DEFAULT_OPTIONS = { backendHost: 'eyewear-edge', backendPort: 4200, purgers: ['10.0.0.0/8'] };

/** The VCL's regex (its quoted literal) as a JavaScript RegExp. */
function fromVcl(literal: string, flags = ''): RegExp {
  const body = literal.slice(1, -1);
  return body.startsWith('(?i)') ? new RegExp(body.slice(4), `i${flags}`) : new RegExp(body, flags);
}

/** std.querysort: the query's `&`-separated parts sorted bytewise, empty parts dropped. */
function querysort(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const parts = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .sort();
  return parts.length ? `${url.slice(0, at)}?${parts.join('&')}` : url.slice(0, at);
}

/** A URL's parameters percent-encoded as URLSearchParams writes them, in their order. */
function encoded(url: string): string {
  const [path, query] = url.split('?');
  if (query === undefined) return url;
  return `${path}?${[...new URLSearchParams(query)].map((pair) => new URLSearchParams([pair]).toString()).join('&')}`;
}

/** The VCL's normalization of a URL, step by step as vcl_recv does it. */
function vclPageUrl(url: string): string {
  const withoutFragment = url.replace(/#.*$/, '');
  return querysort(withoutFragment.replace(droppedParams(), '').replace(/[?&]+$/, ''));
}

describe('the Varnish configuration', () => {
  it('is checked in as generated (UPDATE_VCL=1 npx jest -c apps/edge/jest.config.cjs apps/edge/src/cdn/vcl.test.ts writes it)', () => {
    const generated = generateVcl(DEFAULT_OPTIONS);
    if (process.env['UPDATE_VCL'] === '1') writeFileSync(CHECKED_IN, generated);
    expect(readFileSync(CHECKED_IN, 'utf8')).toBe(generated);
  });

  it('keys a URL as pageCacheUrl does: unknown and empty parameters dropped, the rest sorted as name=value pairs', () => {
    const urls = [
      '/eyeglasses',
      '/eyeglasses?',
      '/eyeglasses?utm_source=x&sort=new&brand=a',
      '/eyeglasses?brand=b&brand=a&gclid=123&fbclid=9',
      '/eyeglasses?sort=&brand=a&q',
      '/search?q=round&utm_medium=cpc&utm_campaign=summer',
      '/product/128001?colour=black&_=171',
      '/compare?ids=1,2,3&itemId=9&store=12',
      '/eyeglasses?price=100-200&frame_shape=round&frame_type=full&gender=men&material=metal&dir=asc',
      '/eyeglasses?branded=x&sortx=1&xsort=2&brand=z',
      '/sunglasses?gold_add=1&frame_colour=red&frame_size=m',
      '/ae/eyeglasses?utm_source=a&utm_source=b',
      '/eyeglasses?brand=a#section',
    ];
    for (const url of urls) {
      const parsed = new URL(url, 'http://shop.example');
      // Varnish keeps the parameters' percent-encoding as sent (`,` and `%2C` are two entries of one page).
      expect([url, encoded(vclPageUrl(url))]).toEqual([url, pageCacheUrl(parsed.pathname, parsed.search)]);
    }
    // Every parameter pages read survives alone.
    for (const name of PAGE_QUERY_PARAMS) expect(vclPageUrl(`/x?utm_source=1&${name}=v`)).toBe(`/x?${name}=v`);
  });

  it('tells phones and crawlers apart as the edge does (isMobileRequest, isCrawler)', () => {
    const vcl = generateVcl(DEFAULT_OPTIONS);
    const literal = (after: string) => new RegExp(`${after} ("[^"]*")`).exec(vcl)?.[1] ?? '';
    const mobile = fromVcl(literal('elsif \\(req\\.http\\.user-agent ~'));
    const crawler = fromVcl(literal('\\n  if \\(req\\.http\\.user-agent ~'));
    const notCrawler = fromVcl(literal('req\\.http\\.user-agent !~'));
    const agents = [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
      'Mozilla/5.0 (Linux; Android 10; CUBOT KINGKONG 7) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 (compatible; Googlebot/2.1)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (compatible; YandexBot/3.0)',
      'facebookexternalhit/1.1',
      'Mozilla/5.0 (compatible; Embedly/0.2)',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/120 Safari/537.36 Chrome-Lighthouse',
      'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0)',
      'Slurp',
      '',
    ];
    for (const agent of agents) {
      const vclMobile = (hint?: string) => (hint === '?1' ? true : hint === '?0' ? false : mobile.test(agent));
      for (const hint of [undefined, '?1', '?0']) {
        expect([agent, hint, vclMobile(hint)]).toEqual([agent, hint, isMobileRequest({ 'user-agent': agent, 'sec-ch-ua-mobile': hint })]);
      }
      expect([agent, crawler.test(agent) && !notCrawler.test(agent)]).toEqual([agent, isCrawler(agent)]);
    }
  });

  it('passes what is never shared, keys the builds cookie only when well formed, and hashes build files on their URL', () => {
    const vcl = generateVcl(DEFAULT_OPTIONS);
    for (const path of ['^(/api/|/_edge/)', '^(/api|/remotes\\.json|/livez|/healthz|/readyz)([?#]|$)']) expect(vcl).toContain(`req.url ~ "${path}"`);
    expect(vcl).toContain('req.url ~ "[?&]remote-override(=|&|$)"');
    expect(vcl).toContain('req.http.cookie ~ "(^|;\\s*)mf_override="');
    expect(vcl).toContain('cookie.get("mf_v") ~ "^[a-z0-9]{1,16}$"');
    expect(vcl).toContain('cookie.get("hasPlacedOrder") == "true"');
    expect(vcl).toContain('unset resp.http.surrogate-key;');
    expect(vcl).toContain('unset resp.http.xkey;');
    expect(['abc123', 'a'.repeat(16)].every((v) => BUILDS_VALUE.test(v))).toBe(true);
    expect(['', 'ABC', 'a'.repeat(17), 'a b', 'a;b'].some((v) => BUILDS_VALUE.test(v))).toBe(false);
    for (const url of ['/remotes/catalog/1.2.0/remoteEntry.js', '/main.1a2b3c4d.js', '/322.916de732.css?v=1']) expect(IMMUTABLE_URL.test(url)).toBe(true);
    for (const url of ['/', '/eyeglasses', '/product/128001', '/favicon.ico', '/sitemap.xml', '/eyeglasses?x=main.1a2b3c4d.js'])
      expect(IMMUTABLE_URL.test(url)).toBe(false);
    // The API's images are the one part of /api/ it keeps (by URL), and only GETs reach that rule.
    expect(vcl.indexOf(`req.url ~ "${SHARED_API_FILES.source}"`)).toBeGreaterThan(vcl.indexOf('req.method != "GET"'));
    expect(vcl.indexOf(`req.url ~ "${SHARED_API_FILES.source}"`)).toBeLessThan(vcl.indexOf('req.url ~ "^(/api/|/_edge/)"'));
    expect(SHARED_API_FILES.test('/api/v2/images/product/128001/front.svg')).toBe(true);
    expect(SHARED_API_FILES.test('/api/v2/carts')).toBe(false);
  });

  it('refuses what it cannot write as VCL', () => {
    expect(() => vclRegex(/a/g)).toThrow(/only the i flag/);
    expect(() => vclRegex(/"/)).toThrow(/quote/);
    expect(() => generateVcl({ backendHost: 'a b', backendPort: 1 })).toThrow(/not a host/);
    expect(() => generateVcl({ ...DEFAULT_OPTIONS, purgers: ['everyone'] })).toThrow(/not an address/);
    expect(generateVcl({ ...DEFAULT_OPTIONS, purgers: ['10.1.0.0/16', 'fd00::/8'] })).toContain('"10.1.0.0"/16;\n  "fd00::"/8;');
  });

  const varnishd = ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd'].find((file) => existsSync(file));
  (varnishd ? it : it.skip)('compiles with varnishd -C (Debian: varnish and varnish-modules)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vcl-test-'));
    try {
      const file = join(dir, 'default.vcl');
      // As root, varnishd reads the file as its own user.
      chmodSync(dir, 0o755);
      writeFileSync(file, generateVcl({ ...DEFAULT_OPTIONS, backendHost: '127.0.0.1' }));
      const compiled = spawnSync(varnishd!, ['-C', '-n', dir, '-f', file], { encoding: 'utf8' });
      expect([compiled.status, compiled.status === 0 ? '' : compiled.stderr]).toEqual([0, '']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
