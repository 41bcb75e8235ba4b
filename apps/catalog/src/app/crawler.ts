import { useRenderEnv } from '@eyewear/event-bus';
import { isCrawler } from '@eyewear/i18n/rules';

/**
 * Whether this visit is a search crawler's (isCrawler of @eyewear/i18n/rules): crawlers get whole
 * pages at once (shopping §2 Home page, collections). The user agent is the render's (issue 19):
 * the request's on the server, the browser's after, so the HTML and the hydrating render agree.
 */
export function useCrawlerVisit(): boolean {
  return isCrawler(useRenderEnv().userAgent);
}
