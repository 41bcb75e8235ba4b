// What crawlers and the HTTP status of a page need from the edge, before any React renders on
// the server (docs/adr/027): the status of a document (200, 404 for an unknown URL or a
// product that does not exist, 301 for a legacy URL), robots.txt and the sitemaps.
//
// The route table and the legacy redirects are the shell's own (libs/federation/src/routes.ts),
// loaded from the federation lib's build like the release CLI's manifest check; URLs are
// matched by React Router itself, as the shell's <Routes> match them. Whatever the edge cannot
// know (the API unreachable, the route table not built) answers 200: an outage never turns
// into 404s.

// Node cannot run the lib's TypeScript source: the table comes from its build (`nx run
// federation:build`, a dependency of every app's build and of the tools' tests; the edge image
// copies dist/libs/federation). A variable, so that tsc types it from the source.
const ROUTES_MODULE = '../../dist/libs/federation/routes.js';

/**
 * @typedef {{ ROUTE_TABLE: readonly import('../../libs/federation/src/routes').RemoteRoute[], legacyRedirect: (pathname: string, search?: string, hash?: string) => string | null }} RouteModule
 */

/**
 * The shell's route table and legacy redirects, or null (said once) when the federation lib is
 * not built: the edge then answers 200 for every page and redirects nothing, as before.
 * @param {string} [specifier]
 * @returns {Promise<RouteModule | null>}
 */
export async function loadRouteModule(specifier = ROUTES_MODULE) {
  try {
    const module = await import(specifier);
    if (!Array.isArray(module.ROUTE_TABLE) || typeof module.legacyRedirect !== 'function') throw new Error('it has no ROUTE_TABLE and legacyRedirect');
    return module;
  } catch (error) {
    console.error(
      `[edge] the route table is not available (${error.message}); every page answers 200 and legacy URLs are redirected by the shell only. Build it with: NX_DAEMON=false npx nx run federation:build`,
    );
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Countries: the same rules as libs/i18n/src/country.ts (seo.test.ts keeps them equal).

export const COUNTRY_CODES = ['in', 'ae', 'sg', 'sa', 'us'];
export const DEFAULT_COUNTRY = 'in';
const DOMAIN_SUFFIX = { '.ae': 'ae', '.sg': 'sg', '.sa': 'sa', '.com.sa': 'sa', '.us': 'us' };
const SUFFIXES = Object.keys(DOMAIN_SUFFIX).sort((a, b) => b.length - a.length);
/** Countries whose pages also sit under `/{code}` (every one but the default). */
const PREFIXED = COUNTRY_CODES.filter((code) => code !== DEFAULT_COUNTRY);

/** The country path prefix as written (`/sg`, `/US`) or '': the shell's router runs under it. */
export function countryPathPrefix(pathname) {
  const first = pathname.split('/')[1] ?? '';
  return PREFIXED.includes(first.toLowerCase()) ? `/${first}` : '';
}

/** The country of a page: a path prefix wins, then the domain's country suffix, else India. */
export function countryFromLocation(hostname, pathname) {
  const prefix = pathname.split('/')[1]?.toLowerCase();
  if (prefix && PREFIXED.includes(prefix)) return prefix;
  const host = String(hostname || '').toLowerCase();
  const suffix = SUFFIXES.find((s) => host.endsWith(s));
  return suffix ? DOMAIN_SUFFIX[suffix] : DEFAULT_COUNTRY;
}

// ---------------------------------------------------------------------------------------------
// Shared helpers.

/** A Map used as a least-recently-used cache of at most `max` entries, each for `ttlMs`. */
function createLru(max, ttlMs, now) {
  /** @type {Map<string, { value: any, expires: number }>} */
  const entries = new Map();
  return {
    get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      entries.delete(key);
      if (hit.expires <= now()) return undefined;
      entries.set(key, hit);
      return hit.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expires: now() + ttlMs });
      while (entries.size > max) entries.delete(entries.keys().next().value);
    },
    get size() {
      return entries.size;
    },
  };
}

/** `{apiUrl}` + path, keeping the API's base path (an API behind a prefix). */
function apiUrlOf(apiBase, path) {
  return new URL(`${apiBase.pathname.replace(/\/$/, '')}${path}`, apiBase.origin);
}

/**
 * The product id of a product route's params, as the product page reads it
 * (apps/product/src/features/product/product-id.ts): `/product/{id}` or
 * `/catalog/product/view/id/{id}` (or any last numeric segment).
 */
export function productIdOf(params) {
  const raw = params.id ?? params['*'] ?? '';
  const id = Number(/(?:^|\/)id\/(\d+)/.exec(raw)?.[1] ?? /(\d+)(?:\.html)?\/?$/.exec(raw)?.[1] ?? NaN);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The sections of the routing lookup a page can open (apps/shell resolve-page's PAGE_OF). */
const SECTIONS = new Set(['cat', 'col', 'search', 'prod', 'cms']);

/** 'type:id' -> its parts, or 'na' (a failed or unknown lookup), like the shell's parseLookup. */
export function parseLookup(path) {
  const at = typeof path === 'string' ? path.indexOf(':') : -1;
  const section = at > 0 ? path.slice(0, at) : '';
  const id = at > 0 ? path.slice(at + 1) : '';
  return SECTIONS.has(section) && id ? { section, id } : { section: 'na', id: '' };
}

// ---------------------------------------------------------------------------------------------
// The status of a page.

/**
 * Decides what a page request answers before the shell's document is sent:
 * - `{ status: 301, location }` for a legacy URL (the shell's `legacyRedirect`, under the
 *   country prefix it came with, query kept);
 * - `{ status: 404 }` when no route of the table matches and the routing lookup says `na`
 *   (or refuses the URL), or the URL is a product page whose product the API does not have;
 * - `{ status: 200 }` otherwise, and whenever the API does not answer (refused, timed out,
 *   5xx, or an answer of the wrong shape): the shell then says the store is unreachable.
 *
 * Answers of the API are kept per URL (routing) and per product for `ttlMs`, at most
 * `maxEntries` of each, least recently used out first; lookups of one key at the same time
 * share one request. After a refused or timed-out call the API is not asked again for
 * `downMs` (every page 200 meanwhile), so an outage does not make each page wait.
 * @param {object} options
 * @param {Promise<RouteModule | null> | RouteModule | null} options.routes
 * @param {URL} options.apiBase
 * @param {number} [options.ttlMs]
 * @param {number} [options.maxEntries]
 * @param {number} [options.timeoutMs]
 * @param {number} [options.downMs]
 * @param {() => number} [options.now]
 */
export function createPageStatus({ routes, apiBase, ttlMs = 60_000, maxEntries = 10_000, timeoutMs = 1_500, downMs = 5_000, now = Date.now }) {
  const lookups = createLru(maxEntries, ttlMs, now);
  const products = createLru(maxEntries, ttlMs, now);
  const inflight = new Map();
  let downUntil = -Infinity;
  // React Router's route objects, each with its row's position as its id (`index` would make it an index route).
  // React Router is imported here, not at the top: it loads React, and the edge must have chosen
  // React's build first (react-env.mjs runs after every static import's CommonJS code).
  /** @type {Promise<{ module: RouteModule, matchRoutes: typeof import('react-router').matchRoutes, table: { path: string, caseSensitive: boolean, id: string }[] } | null>} */
  const table = Promise.all([routes, import('react-router')]).then(([module, { matchRoutes }]) =>
    module ? { module, matchRoutes, table: module.ROUTE_TABLE.map((route, index) => ({ path: route.path, caseSensitive: false, id: String(index) })) } : null,
  );

  /**
   * GET an API path: its status and JSON body, or null when the API did not answer (refused,
   * timed out: the API counts as down for `downMs`).
   */
  async function ask(path, country) {
    if (now() < downUntil) return null;
    try {
      const answer = await fetch(apiUrlOf(apiBase, path), {
        headers: { accept: 'application/json', 'x-country-code': country },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = answer.ok ? await answer.json().catch(() => null) : (await answer.body?.cancel(), null);
      return { status: answer.status, body };
    } catch {
      downUntil = now() + downMs;
      return null;
    }
  }

  /** One request per key at a time; a known answer is kept, an unknown one (null) is not. */
  function once(cache, key, load) {
    const known = cache.get(key);
    if (known !== undefined) return Promise.resolve(known);
    let pending = inflight.get(key);
    if (!pending) {
      pending = load()
        .then((value) => {
          if (value !== null) cache.set(key, value);
          return value;
        })
        .finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    return pending;
  }

  /** 'found' | 'missing' | null (unknown). */
  function productStatus(id, country) {
    return once(products, `product ${country} ${id}`, async () => {
      const answer = await ask(`/v2/products/product/${id}`, country);
      if (!answer) return null;
      if (answer.status === 404 || answer.status === 400) return 'missing';
      return answer.status === 200 ? 'found' : null;
    });
  }

  /** The lookup's `{ section, id }`, or null (unknown). */
  function lookup(pathname, country) {
    // The API's own normalisation (apps/api routes/utility.ts): one entry for `/A/b.html/`.
    const key = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
    return once(lookups, `lookup ${country} ${key}`, async () => {
      const answer = await ask(`/v3/utility/routing?url=${encodeURIComponent(pathname)}`, country);
      if (!answer) return null;
      // The shell shows not-found for an API error below 500 (a refused URL) and for 'na'.
      if (answer.status >= 400 && answer.status < 500) return { section: 'na', id: '' };
      if (answer.status !== 200 || typeof answer.body?.result?.path !== 'string') return null;
      return parseLookup(answer.body.result.path);
    });
  }

  const statusOfProduct = async (id, country) => (id === null || (await productStatus(id, country)) === 'missing' ? 404 : 200);

  return {
    /** Where a legacy URL goes (301), or null. */
    async redirectOf(pathname, search) {
      const loaded = await table;
      if (!loaded) return null;
      const prefix = countryPathPrefix(pathname);
      const target = loaded.module.legacyRedirect(pathname.slice(prefix.length) || '/', search);
      return target ? `${prefix}${target}` : null;
    },

    /** 200 or 404 for the page at `pathname`, asked from `hostname`. */
    async statusOf(pathname, hostname) {
      const loaded = await table;
      if (!loaded) return 200;
      const prefix = countryPathPrefix(pathname);
      const inner = pathname.slice(prefix.length) || '/';
      const country = countryFromLocation(hostname, pathname);
      const matches = loaded.matchRoutes(loaded.table, inner);
      if (matches) {
        const { route, params } = matches[matches.length - 1];
        const owner = loaded.module.ROUTE_TABLE[Number(route.id)];
        return owner.expose === './ProductPage' ? statusOfProduct(productIdOf(params), country) : 200;
      }
      const found = await lookup(inner, country);
      if (!found) return 200;
      if (found.section === 'na') return 404;
      if (found.section === 'prod') return statusOfProduct(productIdOf({ id: found.id }), country);
      return 200;
    },

    /** How many answers are kept (tests). */
    cached: () => ({ lookups: lookups.size, products: products.size }),
  };
}

// ---------------------------------------------------------------------------------------------
// robots.txt

/**
 * What crawlers are kept out of: a shopper's own pages (cart, checkout, payment, account,
 * orders, lens upgrades, power edits, saved looks), internal search results, the API and the
 * edge's own endpoints. `$` ends a rule, so `/cart$` does not keep out a listing such as
 * `/cartier-sunglasses.html`. Every rule but the API's and the edge's also applies under each
 * country prefix (`/sg/cart$`). seo.test.ts checks that every private route of the table is
 * kept out and no sitemap URL is.
 */
export const DISALLOW = [
  '/cart$',
  '/cart?',
  '/checkout/',
  '/payment$',
  '/payment?',
  '/customer$',
  '/customer?',
  '/customer/',
  '/sales/order',
  '/lens-package-upgrade/',
  '/editpower/',
  '/compare-looks',
  '/search?',
];
const SITE_WIDE_DISALLOW = ['/api/', '/_edge/'];

function robotsRules() {
  return [...SITE_WIDE_DISALLOW, ...DISALLOW, ...PREFIXED.flatMap((code) => DISALLOW.map((rule) => `/${code}${rule}`))];
}

/** A robots.txt rule as a RegExp: `*` any characters, a final `$` the end (RFC 9309). */
function ruleRegExp(rule) {
  const anchored = rule.endsWith('$');
  const body = (anchored ? rule.slice(0, -1) : rule)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}
const DISALLOWED = robotsRules().map(ruleRegExp);

/** Whether robots.txt lets crawlers fetch this path (with its query). */
export function robotsAllows(pathAndQuery) {
  return !DISALLOWED.some((rule) => rule.test(pathAndQuery));
}

/**
 * robots.txt for `origin`: the storefront allowed, the rules above, and the sitemaps. On the
 * default country's host (the shared domain) every country's sitemap is listed
 * (`/sitemap.xml`, `/ae/sitemap.xml`...); on a country's own domain, its `/sitemap.xml`.
 */
export function robotsTxt(origin, hostname) {
  const shared = countryFromLocation(hostname, '/') === DEFAULT_COUNTRY;
  const sitemaps = ['', ...(shared ? PREFIXED.map((code) => `/${code}`) : [])].map((prefix) => `Sitemap: ${origin}${prefix}/sitemap.xml`);
  return [
    "# The storefront is open to crawlers; a shopper's own pages, search results and the API are not.",
    'User-agent: *',
    'Allow: /',
    ...robotsRules().map((rule) => `Disallow: ${rule}`),
    '',
    ...sitemaps,
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Sitemaps

/** The sitemaps protocol's limit of URLs per file; past it /sitemap.xml is an index. */
export const SITEMAP_MAX_URLS = 50_000;
/** `/sitemap.xml`, `/sitemap-3.xml`, `/sg/sitemap.xml`, `/sg/sitemap-3.xml`. */
export const SITEMAP_PATH = new RegExp(`^(?:/(${PREFIXED.join('|')}))?/sitemap(?:-([1-9]\\d{0,5}))?\\.xml$`);

/** Static pages of the table that are no landing page (a query page, an alias, a form, a bare listing URL). */
const NOT_LISTED = new Set(['/search', '/frame_size', '/lead-gen/user-detail', '/catalog/category/view']);
/** The remotes whose pages are a shopper's own (cart, checkout, account, orders): never listed. */
const PRIVATE_REMOTES = new Set(['cart-checkout', 'account']);

const escapeXml = (text) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]);
/** A W3C datetime without milliseconds, or undefined. */
function w3cDate(value) {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The site's pages as a sitemap lists them, from the route table and the API's list:
 * - the table's static pages of the public remotes (catalog, product, appointments), a
 *   `/*` route at its base (`/eyeglasses.html`), with the `lastmod` of their content (home,
 *   premium and content pages, CMS pages) when the API knows it;
 * - promo pages (`/promo/{name}`, the table's `:pagename` route) for every content page no
 *   static route shows;
 * - every URL of the routing lookup (listings, collections, search landings, products, CMS
 *   pages), with its `lastmod` where the API has one.
 * Without what robots.txt keeps out, each path once (case-insensitively).
 * @param {RouteModule} module
 * @param {{ urls: { url: string, lastmod?: string }[], content: { kind: string, name: string, lastmod?: string }[] }} listed
 * @returns {{ path: string, lastmod?: string }[]}
 */
export function sitemapEntries(module, listed) {
  const contentLastmod = new Map(listed.content.map((c) => [`${c.kind}:${c.name}`, c.lastmod]));
  const shown = new Set();
  /** @type {{ path: string, lastmod?: string }[]} */
  const entries = [];
  for (const route of module.ROUTE_TABLE) {
    if (PRIVATE_REMOTES.has(route.remote)) continue;
    const path = route.path.replace(/\/\*$/, '') || '/';
    if (/[:*]/.test(path) || NOT_LISTED.has(path)) continue;
    const content =
      path === '/'
        ? 'home:home'
        : route.expose === './ContentPage'
          ? `page:${route.props?.page}`
          : route.expose === './CmsPage'
            ? `cms:${route.props?.page}`
            : null;
    if (content) shown.add(content);
    entries.push({ path, lastmod: content ? contentLastmod.get(content) : undefined });
  }
  const promo = module.ROUTE_TABLE.find((route) => route.path.includes(':pagename'));
  if (promo) {
    for (const page of listed.content) {
      if (page.kind !== 'page' || shown.has(`page:${page.name}`)) continue;
      entries.push({ path: promo.path.replace(/\/\*$/, '').replace(':pagename', encodeURIComponent(page.name)), lastmod: page.lastmod });
    }
  }
  for (const { url, lastmod } of listed.urls) entries.push({ path: url, lastmod });
  const seen = new Set();
  return entries.filter(({ path }) => {
    const key = path.toLowerCase();
    if (seen.has(key) || !path.startsWith('/') || !robotsAllows(path)) return false;
    seen.add(key);
    return true;
  });
}

/** A `<urlset>` of these entries under `base` (the origin and the country prefix). */
export function urlsetXml(base, entries) {
  const lines = entries.map(({ path, lastmod }) => {
    const loc = escapeXml(new URL(`${base}${path}`).href);
    const date = lastmod && w3cDate(lastmod);
    return `<url><loc>${loc}</loc>${date ? `<lastmod>${date}</lastmod>` : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}

/** A `<sitemapindex>` of the files `{base}/sitemap-1.xml` ... with each one's latest lastmod. */
export function sitemapIndexXml(base, chunks) {
  const lines = chunks.map((chunk, i) => {
    const latest = chunk.reduce((max, { lastmod }) => {
      const date = lastmod && w3cDate(lastmod);
      return date && (!max || date > max) ? date : max;
    }, undefined);
    return `<sitemap><loc>${escapeXml(`${base}/sitemap-${i + 1}.xml`)}</loc>${latest ? `<lastmod>${latest}</lastmod>` : ''}</sitemap>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</sitemapindex>\n`;
}

/**
 * The origin a crawler reached: the public origin when configured, else the request's scheme
 * and Host, or null when the Host is not a plain host name (nothing else is written into a
 * sitemap or robots.txt).
 */
export function siteOriginOf({ publicUrl, host, encrypted }) {
  if (publicUrl) return publicUrl.origin;
  const name = String(host || '');
  if (!/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(name)) return null;
  return `${encrypted ? 'https' : 'http'}://${name.toLowerCase()}`;
}

const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

/**
 * robots.txt and the sitemaps. The API's list (`GET /v2/content/sitemap`, read page by page)
 * is kept for `ttlMs` and read again on the first request after; while the API does not
 * answer, the last list is served (and asked for again at most every 30 s); before there is
 * one, a sitemap answers 503 with Retry-After. Rendered files are kept per origin and prefix
 * (at most 32) until the list changes, so the same bytes (and their compressed copies) serve
 * every crawler.
 * @param {object} options
 * @param {Promise<RouteModule | null> | RouteModule | null} options.routes
 * @param {URL} options.apiBase
 * @param {number} [options.ttlMs]
 * @param {number} [options.maxUrls] URLs per sitemap file (50,000)
 * @param {number} [options.pageSize] URLs per request to the API
 * @param {number} [options.timeoutMs]
 * @param {() => number} [options.now]
 */
export function createSeo({ routes, apiBase, ttlMs = 10 * 60_000, maxUrls = SITEMAP_MAX_URLS, pageSize = 10_000, timeoutMs = 10_000, now = Date.now }) {
  const loadedRoutes = Promise.resolve(routes);
  /** @type {{ entries: { path: string, lastmod?: string }[], at: number } | null} */
  let list = null;
  let retryAt = -Infinity;
  /** @type {Promise<void> | null} */
  let reading = null;
  /** @type {Map<string, Buffer>} */
  const rendered = new Map();

  async function readList() {
    const module = await loadedRoutes;
    if (!module) throw new Error('the route table is not available');
    const urls = [];
    let content = [];
    let after = null;
    // At most 1,000 pages: a list that never ends is a broken API, not a bigger site.
    for (let page = 0; page < 1000; page += 1) {
      const path = `/v2/content/sitemap?limit=${pageSize}${after === null ? '' : `&after=${encodeURIComponent(after)}`}`;
      const answer = await fetch(apiUrlOf(apiBase, path), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      if (!answer.ok) {
        await answer.body?.cancel();
        throw new Error(`the API answered ${answer.status} for its sitemap list`);
      }
      const { result } = await answer.json();
      if (!Array.isArray(result?.urls)) throw new Error('the API sent no sitemap list');
      urls.push(...result.urls);
      if (Array.isArray(result.content)) content = result.content;
      if (typeof result.next !== 'string' || result.next === after) break;
      after = result.next;
    }
    list = { entries: sitemapEntries(module, { urls, content }), at: now() };
    rendered.clear();
  }

  /** The current list: read when there is none or it is older than ttlMs (the old one meanwhile). */
  async function entries() {
    const stale = !list || now() - list.at >= ttlMs;
    if (stale && now() >= retryAt && !reading) {
      reading = readList()
        .catch((error) => {
          retryAt = now() + 30_000;
          console.error(`[edge] the sitemap list was not read: ${error.message}`);
        })
        .finally(() => {
          reading = null;
        });
    }
    if (!list && reading) await reading;
    return list?.entries ?? null;
  }

  function remember(key, make) {
    let body = rendered.get(key);
    if (!body) {
      body = Buffer.from(make());
      if (rendered.size >= 32) rendered.clear();
      rendered.set(key, body);
    }
    return body;
  }

  return {
    /**
     * The answer for /robots.txt or a sitemap path, or null for any other path.
     * @param {string} pathname
     * @param {{ origin: string | null, hostname: string }} site
     * @returns {Promise<{ status: number, headers: Record<string, string>, body: Buffer, ext: string } | null>}
     */
    async answer(pathname, { origin, hostname }) {
      const sitemap = SITEMAP_PATH.exec(pathname);
      if (pathname !== '/robots.txt' && !sitemap) return null;
      if (!origin) return { status: 400, headers: { 'content-type': TEXT, 'cache-control': 'no-store' }, body: Buffer.from('Bad Host header'), ext: '.txt' };
      if (!sitemap) {
        return {
          status: 200,
          headers: { 'content-type': TEXT, 'cache-control': 'public, max-age=3600' },
          body: remember(`robots ${origin} ${hostname}`, () => robotsTxt(origin, hostname)),
          ext: '.txt',
        };
      }
      const all = await entries();
      if (!all) {
        return {
          status: 503,
          headers: { 'content-type': TEXT, 'cache-control': 'no-store', 'retry-after': '60' },
          body: Buffer.from('The sitemap is not available right now; try again in a minute.'),
          ext: '.txt',
        };
      }
      const base = `${origin}${sitemap[1] ? `/${sitemap[1]}` : ''}`;
      const chunks = [];
      for (let i = 0; i < all.length; i += maxUrls) chunks.push(all.slice(i, i + maxUrls));
      const part = sitemap[2] ? Number(sitemap[2]) : 0;
      const headers = { 'content-type': XML, 'cache-control': 'public, max-age=600' };
      if (part === 0) {
        const body =
          chunks.length <= 1 ? remember(`urlset ${base}`, () => urlsetXml(base, all)) : remember(`index ${base}`, () => sitemapIndexXml(base, chunks));
        return { status: 200, headers, body, ext: '.xml' };
      }
      if (chunks.length <= 1 || part > chunks.length) {
        return { status: 404, headers: { 'content-type': TEXT, 'cache-control': 'no-store' }, body: Buffer.from('Not found'), ext: '.txt' };
      }
      return { status: 200, headers, body: remember(`part ${base} ${part}`, () => urlsetXml(base, chunks[part - 1])), ext: '.xml' };
    },
  };
}
