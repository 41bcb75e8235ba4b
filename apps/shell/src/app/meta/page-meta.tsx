import { useEffect, useState } from 'react';
import { useLocation } from '@eyewear/router';
import { shellRoutes } from '@eyewear/api-client';
import { formatMessage, useCountry, useMessages, useServerHead } from '@eyewear/i18n';
import { RETURN_WINDOW_DAYS } from '@eyewear/i18n/rules';
import { useApi } from '../api-context';
import { messages } from '../messages';
import { pageLinks, raceRating, RATING_PATHS, structuredData, type Rating } from './structured-data';

function headElement<K extends 'meta' | 'link' | 'script'>(
  tag: K,
  key: string,
  attributes: Record<string, string>,
  existing?: string,
): HTMLElementTagNameMap[K] {
  // The document's own tag (index.html's description) is updated rather than doubled.
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
    serverHead.canonical ??= canonical;
    serverHead.alternates = alternates;
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
    const { canonical, alternates } = pageLinks(country, pathname);
    headElement('link', 'canonical', { rel: 'canonical', href: canonical });
    document.head.querySelectorAll('link[data-shell^="alternate-"]').forEach((link) => link.remove());
    for (const alternate of alternates)
      headElement('link', `alternate-${alternate.hrefLang}`, { rel: 'alternate', hreflang: alternate.hrefLang, href: alternate.href });
    const script = headElement('script', 'jsonld', { type: 'application/ld+json' });
    script.textContent = JSON.stringify(
      structuredData(country, m.siteName, formatMessage(m.metaDescription, { days: RETURN_WINDOW_DAYS }), rated ? rating : null),
    );
  }, [country, pathname, rated, rating, m]);

  return null;
}
