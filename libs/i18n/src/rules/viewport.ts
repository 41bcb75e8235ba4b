/**
 * The mobile layout: the width below which the header, search, navigation, home page data and
 * payment-methods version (shopping.md §7 "depending on the mobile client") take their mobile
 * form. The specs do not give the width; the shell's stylesheets use the same query.
 */
export const MOBILE_MEDIA_QUERY = '(max-width: 767px)';

type MediaGlobal = { matchMedia?: (query: string) => { matches: boolean } };

/** Whether the page is laid out for a phone now (false where there is no window, as on a server). */
export function isMobileViewport(): boolean {
  const global = globalThis as MediaGlobal;
  return typeof global.matchMedia === 'function' && global.matchMedia(MOBILE_MEDIA_QUERY).matches;
}

/** A phone's user agent, where the browser sends no Client Hint (the server's render of the mobile layout). */
export const MOBILE_USER_AGENT = /Mobi|Android|iPhone|iPod/i;

/**
 * Whether a request comes from a phone (the server renders the mobile layout for it): by its
 * Client Hint `Sec-CH-UA-Mobile` when the browser sends one, else by its user agent. The edge and
 * its shared cache's configuration (generated from this rule) both decide by it.
 */
export function isMobileRequest(headers: Readonly<Record<string, string | readonly string[] | undefined>>): boolean {
  const hint = headers['sec-ch-ua-mobile'];
  if (hint === '?1') return true;
  if (hint === '?0') return false;
  return MOBILE_USER_AGENT.test(String(headers['user-agent'] ?? ''));
}
