// What the HTTP status of a page needs from the edge, before any React renders on the server
// (docs/adr/027): the status of a document (200, 404 for an unknown URL or a product that does
// not exist, 301 for a legacy URL).
//
// The route table and the legacy redirects are the shell's own (routes.ts); URLs are matched
// by React Router itself, as the shell's <Routes> match them. Whatever the edge cannot know
// (the API unreachable, no route table) answers 200: an outage never turns into 404s.
import { countryFromLocation, countryPathPrefix } from '@eyewear/i18n';
import type { RouteObject, matchRoutes as MatchRoutes } from '@eyewear/router';
import { apiUrlOf, isRecord, resultOf } from './api';
import { parseLookup, productIdOf, type Lookup } from './lookup';
import { createLru, type Lru } from './lru';
import type { RouteModule, RoutesOption } from './routes';

export interface PageStatusOptions {
  routes: RoutesOption;
  apiBase: URL;
  /** How long an answer of the API is kept (a minute). */
  ttlMs?: number;
  /** Answers kept of each kind (routing lookups, products). */
  maxEntries?: number;
  /** Per request to the API. */
  timeoutMs?: number;
  /** How long the API is not asked after a refused or timed-out call. */
  downMs?: number;
  now?: () => number;
}

export interface PageStatus {
  /** Where a legacy URL goes (301), or null. */
  redirectOf(pathname: string, search?: string): Promise<string | null>;
  /** 200 or 404 for the page at `pathname`, asked from `hostname`. */
  statusOf(pathname: string, hostname: string): Promise<200 | 404>;
  /** How many answers are kept (tests). */
  cached(): { lookups: number; products: number };
}

type ProductStatus = 'found' | 'missing';

interface LoadedTable {
  module: RouteModule;
  matchRoutes: typeof MatchRoutes;
  table: RouteObject[];
}

/**
 * Decides what a page request answers before the shell's document is sent:
 * - `{ status: 301, location }` for a legacy URL (the shell's `legacyRedirect`, under the
 *   country prefix it came with, query kept): `redirectOf`;
 * - `{ status: 404 }` when no route of the table matches and the routing lookup says `na`
 *   (or refuses the URL), or the URL is a product page whose product the API does not have;
 * - `{ status: 200 }` otherwise, and whenever the API does not answer (refused, timed out,
 *   5xx, or an answer of the wrong shape): the shell then says the store is unreachable.
 *
 * Answers of the API are kept per URL (routing) and per product for `ttlMs`, at most
 * `maxEntries` of each, least recently used out first; lookups of one key at the same time
 * share one request. After a refused or timed-out call the API is not asked again for
 * `downMs` (every page 200 meanwhile), so an outage does not make each page wait.
 */
export function createPageStatus({
  routes,
  apiBase,
  ttlMs = 60_000,
  maxEntries = 10_000,
  timeoutMs = 1_500,
  downMs = 5_000,
  now = Date.now,
}: PageStatusOptions): PageStatus {
  const lookups = createLru<Lookup>(maxEntries, ttlMs, now);
  const products = createLru<ProductStatus>(maxEntries, ttlMs, now);
  let downUntil = -Infinity;
  // React Router's route objects, each with its row's position as its id (`index` would make it an index route).
  // React Router (@eyewear/router, ADR 011) is imported here, not at the top: it loads React,
  // which picks its build (production unless NODE_ENV=development) when first loaded, and the
  // edge must have chosen it first. `eager`: bundled with the edge (no chunk of its own), only
  // run here; react-router itself stays an external package of node_modules.
  const table: Promise<LoadedTable | null> = Promise.all([routes, import(/* webpackMode: "eager" */ '@eyewear/router')]).then(([module, { matchRoutes }]) =>
    module ? { module, matchRoutes, table: module.ROUTE_TABLE.map((route, index) => ({ path: route.path, caseSensitive: false, id: String(index) })) } : null,
  );

  /**
   * GET an API path: its status and JSON body, or null when the API did not answer (refused,
   * timed out: the API counts as down for `downMs`).
   */
  async function ask(path: string, country: string): Promise<{ status: number; body: unknown } | null> {
    if (now() < downUntil) return null;
    try {
      const answer = await fetch(apiUrlOf(apiBase, path), {
        headers: { accept: 'application/json', 'x-country-code': country },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body: unknown = answer.ok ? await answer.json().catch(() => null) : (await answer.body?.cancel(), null);
      return { status: answer.status, body };
    } catch {
      downUntil = now() + downMs;
      return null;
    }
  }

  /** One request per key at a time; a known answer is kept, an unknown one (null) is not. */
  function onceIn<V>(cache: Lru<V>): (key: string, load: () => Promise<V | null>) => Promise<V | null> {
    const inflight = new Map<string, Promise<V | null>>();
    return (key, load) => {
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
    };
  }
  const onceProduct = onceIn(products);
  const onceLookup = onceIn(lookups);

  /** 'found' | 'missing' | null (unknown). */
  function productStatus(id: number, country: string): Promise<ProductStatus | null> {
    return onceProduct(`product ${country} ${id}`, async () => {
      const answer = await ask(`/v2/products/product/${id}`, country);
      if (!answer) return null;
      if (answer.status === 404 || answer.status === 400) return 'missing';
      return answer.status === 200 ? 'found' : null;
    });
  }

  /** The lookup's `{ section, id }`, or null (unknown). */
  function lookup(pathname: string, country: string): Promise<Lookup | null> {
    // The API's own normalisation (apps/api routes/utility.ts): one entry for `/A/b.html/`.
    const key = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
    return onceLookup(`lookup ${country} ${key}`, async () => {
      const answer = await ask(`/v3/utility/routing?url=${encodeURIComponent(pathname)}`, country);
      if (!answer) return null;
      // The shell shows not-found for an API error below 500 (a refused URL) and for 'na'.
      if (answer.status >= 400 && answer.status < 500) return { section: 'na', id: '' };
      const result = resultOf(answer.body);
      if (answer.status !== 200 || !isRecord(result) || typeof result.path !== 'string') return null;
      return parseLookup(result.path);
    });
  }

  const statusOfProduct = async (id: number | null, country: string): Promise<200 | 404> =>
    id === null || (await productStatus(id, country)) === 'missing' ? 404 : 200;

  return {
    async redirectOf(pathname, search) {
      const loaded = await table;
      if (!loaded) return null;
      const prefix = countryPathPrefix(pathname);
      const target = loaded.module.legacyRedirect(pathname.slice(prefix.length) || '/', search);
      return target ? `${prefix}${target}` : null;
    },

    async statusOf(pathname, hostname) {
      const loaded = await table;
      if (!loaded) return 200;
      const prefix = countryPathPrefix(pathname);
      const inner = pathname.slice(prefix.length) || '/';
      const country = countryFromLocation(hostname, pathname);
      const match = loaded.matchRoutes(loaded.table, inner)?.at(-1);
      if (match) {
        const owner = loaded.module.ROUTE_TABLE[Number(match.route.id)];
        return owner?.expose === './ProductPage' ? statusOfProduct(productIdOf(match.params), country) : 200;
      }
      const found = await lookup(inner, country);
      if (!found) return 200;
      if (found.section === 'na') return 404;
      if (found.section === 'prod') return statusOfProduct(productIdOf({ id: found.id }), country);
      return 200;
    },

    cached: () => ({ lookups: lookups.size, products: products.size }),
  };
}
