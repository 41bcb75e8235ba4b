import { formatMessage, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { messages } from '../../../app/messages';
import { useTrendingSearches } from '../api';

/** The empty search page: what to try instead, from the trending searches. */
export function SearchSuggestions({ query }: { query: string }) {
  const m = useMessages(messages);
  const items = useTrendingSearches();
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
