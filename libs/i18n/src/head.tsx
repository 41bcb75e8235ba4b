import { createContext, useContext, type ReactNode } from 'react';
import { COUNTRIES } from './countries';
import { type CountryCode } from './country';

/**
 * What a server render says about the document's <head> (issue 19): the title, description,
 * canonical and alternate links and JSON-LD a page gives while it renders on the server. In
 * the browser nothing provides it (`useServerHead()` is null) and pages keep setting the
 * document's head after they render, as before. It lives here, in the shared instance every
 * app and the UI library read, beside the page's country.
 */
export interface ServerHead {
  title?: string;
  description?: string;
  canonical?: string;
  alternates: { hrefLang: string; href: string }[];
  /** JSON-LD objects, in the order the page gave them. */
  jsonLd: unknown[];
  /** The page's own answer status (a missing product is 404), if it knows better than the route. */
  status?: number;
  /**
   * The remote and module that render the page, when the route table does not say (a URL the
   * routing lookup resolved: a product, an SEO listing, a content page). The edge links that
   * page's CSS and scripts from it, as it does for a route of the table.
   */
  page?: { remote: string; expose: string };
}

const ServerHeadContext = createContext<ServerHead | null>(null);

export function ServerHeadProvider({ head, children }: { head: ServerHead; children: ReactNode }) {
  return <ServerHeadContext.Provider value={head}>{children}</ServerHeadContext.Provider>;
}

/** The server render's head, or null in the browser. */
export function useServerHead(): ServerHead | null {
  return useContext(ServerHeadContext);
}

/**
 * Adds a JSON-LD object to the server render's head once: React may render a component more
 * than once on the server (while something below it suspends), and each render gives an equal
 * object, which must not be listed twice.
 */
export function addJsonLd(head: ServerHead, value: object): void {
  const json = JSON.stringify(value);
  if (!head.jsonLd.some((known) => JSON.stringify(known) === json)) head.jsonLd.push(value);
}

/** A site path as an absolute URL of the country's site (JSON-LD wants absolute URLs). */
export function siteUrl(country: CountryCode, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const { domainUrl, pathPrefix = '' } = COUNTRIES[country];
  return `${domainUrl}${pathPrefix}${path.startsWith('/') ? path : `/${path}`}`;
}
