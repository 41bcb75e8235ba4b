/**
 * Search crawlers, told apart by their user agent.
 * shopping.md §2 Shell: the country banner "is hidden for search crawlers"; Home page: "Search
 * crawlers get the whole list"; collection pages render all items "for crawlers" (account.md §2
 * the same for the banner). Search engines' and link previewers' fetchers count (Googlebot,
 * Bingbot and BingPreview, Yandex, Baidu, DuckDuckGo, Applebot, Yahoo's Slurp, Facebook's and
 * Embedly's previews); audit tools that render as a browser (Lighthouse) do not.
 */
export const CRAWLER_USER_AGENT = /bot\b|crawl|spider|slurp|bingpreview|yandex|facebookexternalhit|embedly/i;
/** Phones whose model name ends in "bot" (CUBOT): shoppers, not crawlers. */
export const NOT_CRAWLER_USER_AGENT = /cubot/i;

export function isCrawler(userAgent: string): boolean {
  return CRAWLER_USER_AGENT.test(userAgent) && !NOT_CRAWLER_USER_AGENT.test(userAgent);
}
