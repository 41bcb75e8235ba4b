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
