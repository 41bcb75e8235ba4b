/** Search crawlers get whole pages at once (spec §2 Home page, collections). */
const CRAWLER = /bot\b|crawler|spider|slurp|googlebot|bingbot|yandex|baiduspider|duckduckbot|facebookexternalhit|embedly|applebot/i;

export function isCrawler(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return CRAWLER.test(userAgent);
}
