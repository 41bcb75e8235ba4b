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

/** The canonical URL of a page on its country's site, and the alternate-language links of every country. */
export function pageLinks(country: CountryCode, pathname: string): { canonical: string; alternates: { hrefLang: string; href: string }[] } {
  const path = pathname || '/';
  return {
    canonical: `${COUNTRIES[country].domainUrl}${path}`,
    alternates: (Object.keys(COUNTRIES) as CountryCode[]).map((code) => ({ hrefLang: COUNTRIES[code].hrefLang, href: `${COUNTRIES[code].domainUrl}${path}` })),
  };
}

/**
 * The document's head element of that tag marked `data-shell="key"` (or the document's own, found
 * by `existing`: index.html's description is updated rather than doubled), created when missing,
 * with these attributes set. In the browser only.
 */
export function headElement<K extends 'meta' | 'link' | 'script'>(
  tag: K,
  key: string,
  attributes: Record<string, string>,
  existing?: string,
): HTMLElementTagNameMap[K] {
  let element =
    document.head.querySelector<HTMLElementTagNameMap[K]>(`${tag}[data-shell="${key}"]`) ??
    (existing ? document.head.querySelector<HTMLElementTagNameMap[K]>(existing) : null);
  if (!element) {
    element = document.createElement(tag);
    element.setAttribute('data-shell', key);
    document.head.appendChild(element);
  }
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/**
 * Writes a page's canonical and alternate-language links into the document's head, in the
 * browser (on the server they go into the ServerHead). The shell writes those of every page's
 * path; a page whose own URL is another (a product opened by its id) writes its own after it.
 */
export function writePageLinks({ canonical, alternates }: ReturnType<typeof pageLinks>): void {
  headElement('link', 'canonical', { rel: 'canonical', href: canonical });
  document.head.querySelectorAll('link[data-shell^="alternate-"]').forEach((link) => link.remove());
  for (const alternate of alternates)
    headElement('link', `alternate-${alternate.hrefLang}`, { rel: 'alternate', hreflang: alternate.hrefLang, href: alternate.href });
}
