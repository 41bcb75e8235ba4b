import { isCrawler } from '@eyewear/i18n/rules';

/** Whether this visit is a search crawler's (isCrawler of @eyewear/i18n/rules): crawlers get whole pages at once (shopping §2 Home page, collections). */
export function isCrawlerVisit(): boolean {
  return isCrawler(typeof navigator === 'undefined' ? '' : navigator.userAgent);
}
