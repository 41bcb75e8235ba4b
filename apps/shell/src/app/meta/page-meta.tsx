import { useEffect, useState } from 'react';
import { useLocation } from '@eyewear/router';
import { shellRoutes } from '@eyewear/api-client';
import { formatMessage, headElement, pageLinks, useCountry, useMessages, useServerHead, writePageLinks } from '@eyewear/i18n';
import { RETURN_WINDOW_DAYS } from '@eyewear/i18n/rules';
import { useApi } from '../api-context';
import { messages } from '../messages';
import { raceRating, RATING_PATHS, structuredData, type Rating } from './structured-data';

/**
 * The document's metadata: description, canonical and alternate-language links, and the
 * JSON-LD of the Organization (with its AggregateRating on / and /reviews) and the WebSite.
 */
export function PageMeta() {
  const m = useMessages(messages);
  const api = useApi();
  const country = useCountry();
  const { pathname } = useLocation();
  const rated = RATING_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
  const [rating, setRating] = useState<Rating | null>(null);
  // On the server the same tags go into the rendered document's <head> (issue 19).
  const serverHead = useServerHead();
  if (serverHead) {
    const description = formatMessage(m.metaDescription, { days: RETURN_WINDOW_DAYS });
    const { canonical, alternates } = pageLinks(country, pathname);
    serverHead.description ??= description;
    // A page whose own URL is another (a product opened by its id) may have given its links.
    serverHead.canonical ??= canonical;
    if (serverHead.alternates.length === 0) serverHead.alternates = alternates;
    serverHead.jsonLd.unshift(structuredData(country, m.siteName, description, null));
  }

  useEffect(() => {
    if (!rated) {
      setRating(null);
      return undefined;
    }
    let live = true;
    void raceRating((signal) => api.call(shellRoutes.siteRating, { signal }).then((answer) => answer.result)).then((value) => live && setRating(value));
    return () => {
      live = false;
    };
  }, [api, rated]);

  useEffect(() => {
    if (!document.title) document.title = m.siteName;
    headElement(
      'meta',
      'description',
      { name: 'description', content: formatMessage(m.metaDescription, { days: RETURN_WINDOW_DAYS }) },
      'meta[name="description"]',
    );
    writePageLinks(pageLinks(country, pathname));
    const script = headElement('script', 'jsonld', { type: 'application/ld+json' });
    script.textContent = JSON.stringify(
      structuredData(country, m.siteName, formatMessage(m.metaDescription, { days: RETURN_WINDOW_DAYS }), rated ? rating : null),
    );
  }, [country, pathname, rated, rating, m]);

  return null;
}
