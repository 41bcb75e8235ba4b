import { useEffect, useState } from 'react';
import { useLocation } from '@eyewear/router';
import { shellRoutes } from '@eyewear/api-client';
import { useQuery, useRenderEnv } from '@eyewear/event-bus';
import { headElement, pageLinks, useCountry, useMessages, useServerHead, writePageLinks } from '@eyewear/i18n';
import { SITE_DESCRIPTION } from '@eyewear/i18n/rules';
import { useApi } from '../api-context';
import { messages } from '../messages';
import { NO_RATING, RATING_PATHS, SITE_RATING_TIMEOUT_MS, structuredData, type Rating } from './structured-data';

/**
 * The site rating on the paths that show it (null elsewhere, and while it loads). shopping §7:
 * the call is raced against 2 s, and a time-out or a failure counts as 0. `useQuery` has no
 * deadline, so the race is a timer here: when it fires first the query is turned off, which
 * aborts the request, and the rating stays 0 for this visit of the path (a late answer is not
 * used). Read in the browser only: the server's head carries no rating, and a server load would
 * wait for the reviews API without the deadline.
 */
function useSiteRating(rated: boolean): Rating | null {
  const { server } = useRenderEnv();
  const wanted = rated && !server;
  const [late, setLate] = useState(false);
  // Leaving the rated paths ends the race: coming back asks again, with a new deadline.
  if (!rated && late) setLate(false);
  const { status, data } = useQuery(shellRoutes.siteRating, {}, { client: useApi(), enabled: wanted && !late });
  const waiting = wanted && !late && status === 'loading';
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setTimeout(() => setLate(true), SITE_RATING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  if (!wanted) return null;
  if (late || status === 'failed') return NO_RATING;
  return status === 'ready' && data ? data.result : null;
}

/**
 * The document's metadata: description, canonical and alternate-language links, and the
 * JSON-LD of the Organization (with its AggregateRating on / and /reviews) and the WebSite.
 */
export function PageMeta() {
  const m = useMessages(messages);
  const country = useCountry();
  const { pathname } = useLocation();
  const rated = RATING_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
  const rating = useSiteRating(rated);
  // On the server the same tags go into the rendered document's <head> (issue 19).
  const serverHead = useServerHead();
  if (serverHead) {
    const { canonical, alternates } = pageLinks(country, pathname);
    serverHead.description ??= SITE_DESCRIPTION;
    // A page whose own URL is another (a product opened by its id) may have given its links.
    serverHead.canonical ??= canonical;
    if (serverHead.alternates.length === 0) serverHead.alternates = alternates;
    serverHead.jsonLd.unshift(structuredData(country, m.siteName, SITE_DESCRIPTION, null));
  }

  useEffect(() => {
    if (!document.title) document.title = m.siteName;
    headElement('meta', 'description', { name: 'description', content: SITE_DESCRIPTION }, 'meta[name="description"]');
    writePageLinks(pageLinks(country, pathname));
    const script = headElement('script', 'jsonld', { type: 'application/ld+json' });
    script.textContent = JSON.stringify(structuredData(country, m.siteName, SITE_DESCRIPTION, rated ? rating : null));
  }, [country, pathname, rated, rating, m]);

  return null;
}
