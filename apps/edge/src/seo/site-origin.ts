/** What a request says about the site it reached. */
export interface SiteRequest {
  /** The public origin shoppers use, when configured (e.g. https://shop.example behind TLS). */
  publicUrl?: URL | null;
  /** The request's Host header. */
  host?: string | null;
  /** Whether the request came over TLS to the edge itself. */
  encrypted: boolean;
}

const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin a crawler reached: the public origin when configured, else the request's scheme
 * and Host, or null when the Host is not a plain host name (nothing else is written into a
 * sitemap or robots.txt).
 */
export function siteOriginOf({ publicUrl, host, encrypted }: SiteRequest): string | null {
  if (publicUrl) return publicUrl.origin;
  const name = host ?? '';
  if (!HOST_NAME.test(name)) return null;
  return `${encrypted ? 'https' : 'http'}://${name.toLowerCase()}`;
}
