import { useEffect, useState } from 'react';
import { shellRoutes } from '@eyewear/api-client';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { useApi } from '../../app/api';
import { messages } from '../../app/messages';

/** The empty search page: what to try instead, from the trending searches. */
export function SearchSuggestions({ query }: { query: string }) {
  const m = useMessages(messages);
  const api = useApi();
  const [items, setItems] = useState<{ name: string; url: string }[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    api.call(shellRoutes.trending, { signal: controller.signal }).then(
      (answer) => setItems(answer.result.desktop.slice(0, 8)),
      () => setItems([]),
    );
    return () => controller.abort();
  }, [api]);
  return (
    <section className="catalog-state" aria-labelledby="catalog-search-empty">
      <h2 id="catalog-search-empty">{formatMessage(m.searchEmptyTitle, { value: query })}</h2>
      {items.length > 0 ? <p>{m.searchEmptyDetail}</p> : null}
      <ul className="catalog-chips">
        {items.map((item) => (
          <li key={item.url}>
            <Link className="catalog-chip" to={item.url}>
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
